// Validation as the registry runs it: messages, defaults, coercion and the
// caller's object left alone, over generated arguments.
import fc from 'fast-check';
import { ToolRegistry } from '@victor-tools/core';
import { PATH_SCHEMA, testTool } from './helpers';
import { fuzzParams } from '../../../../test/support/fuzz';


function setup(options: { coerce?: boolean; approve?: () => boolean } = {}) {
  const registry = new ToolRegistry(options);
  const tool = testTool({ name: 'read_file', parameters: PATH_SCHEMA, metadata: { accessMode: 'execute' } });
  registry.register(tool);
  return { registry, tool };
}

describe('ToolRegistry', () => {
  describe('execute and validation', () => {
    it('should fail with the validator errors and metadata.invalidParams, without running the tool', async () => {
      const { registry, tool } = setup();
      const result = await registry.execute('read_file', { limit: 'ten' });
      expect(result.success).toBe(false);
      expect(result.error).toBe(
        "Invalid parameters for tool 'read_file': Required parameter 'path' is missing; Parameter 'limit' has wrong type: expected integer, got string",
      );
      expect(result.metadata?.invalidParams).toEqual({ path: 'required', limit: 'type: expected integer' });
      expect(tool.calls).toHaveLength(0);
    });

    it('should fail for arguments that are not an object', async () => {
      const { registry } = setup();
      expect((await registry.execute('read_file', null)).error).toBe(
        "Invalid parameters for tool 'read_file': Parameters must be an object, got null",
      );
    });

    it('should hand the tool a copy with the schema defaults applied', async () => {
      const { registry, tool } = setup();
      const args = { path: 'a.txt' };
      await registry.execute('read_file', args);
      expect(tool.calls[0].args).toEqual({ path: 'a.txt', limit: 10 });
      expect(args).toEqual({ path: 'a.txt' });
    });

    it('should coerce numeric strings only when the registry has coerce: true', async () => {
      const strict = setup();
      expect((await strict.registry.execute('read_file', { path: 'a', limit: '5' })).success).toBe(false);
      const lenient = setup({ coerce: true });
      expect((await lenient.registry.execute('read_file', { path: 'a', limit: '5' })).success).toBe(true);
      expect(lenient.tool.calls[0].args.limit).toBe(5);
    });

    it('should validate again the args a before-hook returns', async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook(() => ({ limit: 1 }));
      const result = await registry.execute('read_file', { path: 'a' });
      expect(result.error).toBe("Invalid parameters for tool 'read_file': Required parameter 'path' is missing");
      expect(tool.calls).toHaveLength(0);
    });

    it('should validate before asking for approval', async () => {
      const approve = jest.fn(() => true);
      const { registry } = setup({ approve });
      await registry.execute('read_file', {});
      expect(approve).not.toHaveBeenCalled();
    });

    it('should give a failed readable result for arguments of wrong types', async () => {
      const { registry, tool } = setup();
      const wrong = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object());
      await fc.assert(
        fc.asyncProperty(wrong, wrong, async (path, limit) => {
          const args = { path, limit };
          const result = await registry.execute('read_file', args);
          expect(result.success).toBe(false);
          expect(result.error).toMatch(/^Invalid parameters for tool 'read_file': \S/);
        }),
        fuzzParams(),
      );
      expect(tool.calls).toHaveLength(0);
    });

    it('should refuse unknown keys when the schema closes the object', async () => {
      const registry = new ToolRegistry();
      registry.register(
        testTool({ name: 'closed', parameters: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false } }),
      );
      const keys = fc.string({ minLength: 1 }).filter((key) => key !== 'a');
      await fc.assert(
        fc.asyncProperty(keys, async (key) => {
          const result = await registry.execute('closed', JSON.parse(JSON.stringify({ [key]: 1 })));
          expect(result.success).toBe(false);
          expect(result.error).toContain('Unknown parameter');
        }),
        fuzzParams(),
      );
    });
  });
});
