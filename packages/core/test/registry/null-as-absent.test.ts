// SPEC section 11: OpenAI strict mode sends null for the optional parameters a
// model would have left out; the registry takes such a null as absent.
import { ToolRegistry, type JsonSchema } from '@victor-tools/core';
import { PATH_SCHEMA, testTool } from './helpers';

const NESTED: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    options: {
      type: 'object',
      properties: { depth: { type: 'integer', default: 2 }, follow: { type: 'boolean' } },
      required: ['follow'],
    },
    edits: {
      type: 'array',
      items: { type: 'object', properties: { text: { type: 'string' }, line: { type: 'integer' } }, required: ['text'] },
    },
    encoding: { type: ['string', 'null'], default: 'utf8' },
    since: { type: 'string', nullable: true },
    anything: {},
  },
  required: ['path'],
  additionalProperties: false,
};

function setup(parameters: JsonSchema = PATH_SCHEMA, options: { nullAsAbsent?: boolean } = {}) {
  const registry = new ToolRegistry(options);
  const tool = testTool({ name: 'read_file', parameters });
  registry.register(tool);
  return { registry, tool };
}

describe('ToolRegistry', () => {
  describe('execute with a null for an optional parameter', () => {
    it('should take the null as absent, apply the default and succeed', async () => {
      const { registry, tool } = setup();
      const result = await registry.execute('read_file', { path: 'p', limit: null });
      expect(result.error).toBeUndefined();
      expect(result.success).toBe(true);
      expect(tool.calls[0].args).toEqual({ path: 'p', limit: 10 });
    });

    it('should leave the key out when the parameter has no default', async () => {
      const { registry, tool } = setup(NESTED);
      await registry.execute('read_file', { path: 'p', options: { follow: true, depth: null }, edits: [{ text: 'a', line: null }] });
      expect(tool.calls[0].args).toEqual({ path: 'p', options: { follow: true, depth: 2 }, edits: [{ text: 'a' }], encoding: 'utf8' });
      expect(Object.keys(tool.calls[0].args.edits as object[])).toEqual(['0']);
      expect(Object.keys((tool.calls[0].args.edits as Array<Record<string, unknown>>)[0])).toEqual(['text']);
    });

    it('should keep failing a null for a required parameter with the wrong-type message', async () => {
      const { registry, tool } = setup();
      const result = await registry.execute('read_file', { path: null, limit: null });
      expect(result.error).toBe("Invalid parameters for tool 'read_file': Parameter 'path' has wrong type: expected string, got null");
      expect(result.metadata?.invalidParams).toEqual({ path: 'type: expected string' });
      expect(tool.calls).toHaveLength(0);
    });

    it('should keep failing a null for a required nested parameter, with its dotted path', async () => {
      const { registry } = setup(NESTED);
      const result = await registry.execute('read_file', { path: 'p', options: { follow: null }, edits: [{ text: null }] });
      expect(result.error).toBe(
        "Invalid parameters for tool 'read_file': Parameter 'options.follow' has wrong type: expected boolean, got null; " +
          "Parameter 'edits.0.text' has wrong type: expected string, got null",
      );
    });

    it('should hand the tool the null of a parameter that declares null, untyped ones included', async () => {
      const { registry, tool } = setup(NESTED);
      const result = await registry.execute('read_file', { path: 'p', encoding: null, since: null, anything: null });
      expect(result.success).toBe(true);
      expect(tool.calls[0].args).toEqual({ path: 'p', encoding: null, since: null, anything: null });
    });

    it('should not change the caller object', async () => {
      const { registry } = setup(NESTED);
      const args = { path: 'p', options: { follow: true, depth: null }, edits: [{ text: 'a', line: null }] };
      await registry.execute('read_file', args);
      expect(args).toEqual({ path: 'p', options: { follow: true, depth: null }, edits: [{ text: 'a', line: null }] });
    });

    it('should take as absent the null in the args a before-hook returns', async () => {
      const { registry, tool } = setup();
      registry.registerBeforeHook(() => ({ path: 'q', limit: null }));
      expect((await registry.execute('read_file', { path: 'p' })).success).toBe(true);
      expect(tool.calls[0].args).toEqual({ path: 'q', limit: 10 });
    });

    it('should follow a local $ref to the parameter schema', async () => {
      const { registry, tool } = setup({
        type: 'object',
        properties: { range: { $ref: '#/definitions/range' } },
        definitions: { range: { type: 'object', properties: { from: { type: 'integer', default: 1 } } } },
      });
      expect((await registry.execute('read_file', { range: { from: null } })).success).toBe(true);
      expect((await registry.execute('read_file', { range: null })).success).toBe(true);
      expect(tool.calls.map((c) => c.args)).toEqual([{ range: { from: 1 } }, {}]);
    });

    it('should fail the null as a wrong type with nullAsAbsent: false', async () => {
      const { registry, tool } = setup(PATH_SCHEMA, { nullAsAbsent: false });
      const result = await registry.execute('read_file', { path: 'p', limit: null });
      expect(result.error).toBe("Invalid parameters for tool 'read_file': Parameter 'limit' has wrong type: expected integer, got null");
      expect(result.metadata?.invalidParams).toEqual({ limit: 'type: expected integer' });
      expect(tool.calls).toHaveLength(0);
    });
  });
});
