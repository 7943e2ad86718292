import { ToolResult, type JsonSchema, type ToolCallContext } from '@victor-tools/core';
import { MetadataStorage, Param, Tool, getMetadataStorage, toolsOfInstance } from '@victor-tools/decorators';
import { ToolBuilder, globalToolBuilder } from '../../src/internal';

class Params {
  @Param({ type: 'string' }) text = 'x';
}

@Tool({ name: 'echo_text', description: 'Echo a text.', params: Params })
class Echo {
  execute(args: Params) {
    return args.text;
  }
}

class Box {
  @Tool({ description: 'One.' })
  one() {
    return 1;
  }
}

describe('ToolBuilder', () => {
  describe('over an explicit storage', () => {
    it('should read only that storage: a class it holds no record of has no tools and no parameters', () => {
      const builder = new ToolBuilder(new MetadataStorage());
      expect(builder.isToolClass(Echo)).toBe(false);
      expect(builder.toolsOfInstance(new Echo())).toEqual([]);
      expect(builder.toolsOfInstance(new Box())).toEqual([]);
      expect(builder.params(Params).schema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    });

    it('should build what a clone of the global storage holds', async () => {
      const builder = new ToolBuilder(getMetadataStorage().clone());
      expect(builder.isToolClass(Echo)).toBe(true);
      const [echo] = builder.toolsOfInstance(new Echo());
      expect(echo!.name).toBe('echo_text');
      expect((echo!.parameters as JsonSchema).properties).toEqual({ text: { type: 'string', default: 'x' } });
      expect(await echo!.execute({} as ToolCallContext, { text: 'hi' })).toEqual(ToolResult.ok('hi'));
    });

    it('should build a params class once per builder, and separately in each builder', () => {
      const one = new ToolBuilder(getMetadataStorage());
      const two = new ToolBuilder(getMetadataStorage());
      expect(one.params(Params)).toBe(one.params(Params));
      expect(two.params(Params)).not.toBe(one.params(Params));
      expect(two.params(Params)).toEqual(one.params(Params));
    });
  });

  describe('toolsOfInstance', () => {
    it('should give the same tool for the same instance and record, whichever builder asks', () => {
      const box = new Box();
      const direct = toolsOfInstance(box);
      expect(new ToolBuilder(getMetadataStorage().clone()).toolsOfInstance(box)).toEqual(direct);
      expect(new ToolBuilder(getMetadataStorage().clone()).toolsOfInstance(box)[0]).toBe(direct[0]);
    });

    it('should give each instance its own tools', () => {
      expect(toolsOfInstance(new Box())[0]).not.toBe(toolsOfInstance(new Box())[0]);
    });
  });

  describe('globalToolBuilder', () => {
    it('should build from the process-wide storage', () => {
      expect(globalToolBuilder().storage).toBe(getMetadataStorage());
      expect(globalToolBuilder()).toBe(globalToolBuilder());
    });
  });
});
