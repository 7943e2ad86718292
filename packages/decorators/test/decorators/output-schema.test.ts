import { Type } from '@sinclair/typebox';
import { BaseTool, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext } from '@victor-tools/core';
import { resolveTool } from '@victor-tools/core/framework';
import { Tool, tool } from '@victor-tools/decorators';

const COUNT = Type.Object({ count: Type.Integer() }, { additionalProperties: false });
const COUNT_JSON: JsonSchema = { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] };

async function callThrough(registered: unknown, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  const registry = new ToolRegistry();
  registry.register(registered as never);
  return registry.execute(name, args);
}

describe('outputSchema', () => {
  describe('@Tool({ outputSchema }) on a plain class', () => {
    @Tool({ description: 'Count the words of a text.', outputSchema: COUNT })
    class CountWords {
      execute(args: { text?: string; lie?: boolean }) {
        return args.lie ? { count: 'many' } : { count: String(args.text ?? '').split(/\s+/).filter(Boolean).length };
      }
    }

    it('should declare the schema on the tool and have outputs checked against it', async () => {
      expect(resolveTool(new CountWords())!.outputSchema).toBe(COUNT);
      expect((await callThrough(new CountWords(), 'count_words', { text: 'a b c' })).output).toEqual({ count: 3 });
      const lie = await callThrough(new CountWords(), 'count_words', { lie: true });
      expect(lie.error).toBe(
        "Tool 'count_words' returned an output that does not match its output schema: Property 'count' has wrong type: expected integer, got string",
      );
    });
  });

  describe('@Tool on a toolbox method', () => {
    class Stats {
      @Tool({ description: 'Count things.', outputSchema: COUNT_JSON })
      countThings() {
        return { count: 1 };
      }
    }

    it('should declare the schema on the method tool', async () => {
      expect(resolveTool(new Stats())!.outputSchema).toBe(COUNT_JSON);
      expect((await callThrough(new Stats(), 'count_things')).success).toBe(true);
    });
  });

  describe('@Tool on a BaseTool subclass', () => {
    @Tool({ description: 'Count by option.', outputSchema: COUNT })
    class ByOption extends BaseTool {
      get name() {
        return 'by_option';
      }
      get description() {
        return 'unused';
      }
      get parameters() {
        return { type: 'object', properties: {} } as JsonSchema;
      }
      async execute() {
        return ToolResult.ok({ count: 2 });
      }
    }

    @Tool({ description: 'Count by getter.' })
    class ByGetter extends BaseTool {
      get name() {
        return 'by_getter';
      }
      get description() {
        return 'unused';
      }
      get parameters() {
        return { type: 'object', properties: {} } as JsonSchema;
      }
      override get outputSchema() {
        return COUNT_JSON;
      }
      async execute(_ctx: ToolCallContext) {
        return ToolResult.ok({ count: 'two' });
      }
    }

    it("should take the option, else the class's own getter", async () => {
      expect(new ByOption().outputSchema).toBe(COUNT);
      expect(new ByGetter().outputSchema).toBe(COUNT_JSON);
      expect((await callThrough(new ByGetter(), 'by_getter')).error).toMatch(/does not match its output schema/);
    });
  });

  describe('tool({ outputSchema }, fn)', () => {
    it('should declare the schema on the function tool', async () => {
      const sum = tool(
        { name: 'sum', description: 'Add two numbers.', parameters: Type.Object({ a: Type.Number(), b: Type.Number() }), outputSchema: Type.Object({ sum: Type.Number() }) },
        ({ a, b }) => ({ sum: a + b }),
      );
      expect(resolveTool(sum)!.outputSchema).toMatchObject({ type: 'object', required: ['sum'] });
      expect((await callThrough(sum, 'sum', { a: 1, b: 2 })).output).toEqual({ sum: 3 });
    });

    it('should be undefined when not declared', () => {
      expect(resolveTool(tool({ name: 'plain', description: 'Plain.' }, () => 'x'))!.outputSchema).toBeUndefined();
    });

    it('should refuse a schema that is not an object schema when registered', () => {
      const bad = tool({ name: 'bad', description: 'Bad.', outputSchema: Type.String() }, () => 'x');
      expect(() => new ToolRegistry().register(bad)).toThrow("Tool 'bad' cannot be registered: its outputSchema must describe an object");
    });
  });
});
