// How a tool is declared, refused where it would be kept and never read: unknown
// options, options as the reference (Python) spells them, the other door's name
// for the parameters, generator functions; and a zod output schema enforced in
// every form. Runs twice: stage-3 and legacy decorators.
import { z } from 'zod';
import { BaseTool, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';
import { DecoratedTool, DecoratorUsageError, Tool, tool, type FunctionToolOptions, type ToolOptions } from '@victor-tools/decorators';
import { silentLogger } from '../../../test/support/logger';
const EMPTY: JsonSchema = { type: 'object', properties: {} };

function registryWith(...tools: unknown[]): ToolRegistry {
  const registry = new ToolRegistry({ logger: silentLogger });
  for (const t of tools) registry.register(t as never);
  return registry;
}

// Options a type check would refuse, as a JavaScript caller or a port from Python writes them.
const fnOptions = (options: Record<string, unknown>) => options as unknown as FunctionToolOptions;
const toolOptions = (options: Record<string, unknown>) => options as ToolOptions;
const metadataOf = (metadata: Record<string, unknown>) => metadata as ToolMetadataInput;

describe('tool() options', () => {
  it("should refuse the reference's snake_case keys, naming the camelCase one", () => {
    const ported = () => tool(fnOptions({ name: 'ported', description: 'A port.', use_cases: ['x'], cost_tier: 'high', access_mode: 'write' }), () => 1);
    expect(ported).toThrow(DecoratorUsageError);
    expect(ported).toThrow("tool 'ported': option 'use_cases' is the reference's spelling: write 'useCases'.");
    expect(() => tool(fnOptions({ name: 'ported', description: 'A port.', access_mode: 'write' }), () => 1)).toThrow(
      "tool 'ported': option 'access_mode' is the reference's spelling: write 'accessMode'.",
    );
    expect(() => tool(fnOptions({ name: 'ported', description: 'A port.', cost_tier: 'high' }), () => 1)).toThrow("write 'costTier'.");
    expect(() => tool(fnOptions({ name: 'ported', description: 'A port.', availability_check: () => true }), () => 1)).toThrow("write 'availabilityCheck'.");
  });

  it('should refuse an unknown option, naming it and the options there are', () => {
    const misspelt = () => tool(fnOptions({ name: 'typo', description: 'A typo.', accessmode: 'write' }), () => 1);
    expect(misspelt).toThrow("tool 'typo': unknown option 'accessmode'. Did you mean 'accessMode'? tool() takes name, description, aliases,");
    expect(() => tool(fnOptions({ name: 'extra', description: 'Extra.', colour: 'red' }), () => 1)).toThrow(/^tool 'extra': unknown option 'colour'\. tool\(\) takes /);
  });

  it("should refuse @Tool's params, naming parameters", () => {
    expect(() => tool(fnOptions({ name: 'p', description: 'P.', params: EMPTY }), () => 1)).toThrow(
      "tool 'p': option 'params' is @Tool's name for the parameters: tool() takes them as 'parameters'.",
    );
  });

  it("should refuse the reference's keys in the metadata option, and keep a project's own fields", () => {
    expect(() => tool({ name: 'm', description: 'M.', metadata: metadataOf({ task_types: ['x'] }) }, () => 1)).toThrow(
      "tool 'm': metadata key 'task_types' is the reference's spelling: write 'taskTypes'.",
    );
    const own = tool({ name: 'own', description: 'Own.', accessMode: 'write', metadata: metadataOf({ team: 'infra' }) }, () => 1);
    expect(own.metadata).toEqual({ team: 'infra', accessMode: 'write' });
  });

  it('should declare a WRITE tool that runs as one: never two calls at once in a batch', async () => {
    let running = 0;
    let most = 0;
    const writer = tool({ name: 'writer', description: 'Writes.', accessMode: 'write' }, async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return 'written';
    });
    await registryWith(writer).executeBatch([{ name: 'writer' }, { name: 'writer' }]);
    expect(most).toBe(1);
  });
});

describe('@Tool options', () => {
  it("should refuse the reference's snake_case keys on a plain class, naming the camelCase one", () => {
    expect(() => {
      @Tool(toolOptions({ description: 'A port.', access_mode: 'write' }))
      class Ported {
        execute() {
          return 1;
        }
      }
      return Ported;
    }).toThrow("@Tool on class 'Ported': option 'access_mode' is the reference's spelling: write 'accessMode'.");
  });

  it("should refuse tool()'s parameters, naming params", () => {
    expect(() => {
      @Tool(toolOptions({ description: 'Params.', parameters: EMPTY }))
      class Named {
        execute() {
          return 1;
        }
      }
      return Named;
    }).toThrow("@Tool on class 'Named': option 'parameters' is tool()'s name for the parameters: @Tool takes them as 'params'.");
  });

  it('should refuse an unknown option on a toolbox method and on a BaseTool subclass', () => {
    expect(() => {
      class Box {
        @Tool(toolOptions({ description: 'Run.', progress_params: ['a'] }))
        run() {
          return 1;
        }
      }
      return Box;
    }).toThrow(/^@Tool on method '(Box\.)?run': option 'progress_params' is the reference's spelling: write 'progressParams'\.$/);
    expect(() => {
      @Tool(toolOptions({ description: 'Greets.', idempotent: true }))
      class Greet extends DecoratedTool {
        async execute() {
          return ToolResult.ok(1);
        }
      }
      return Greet;
    }).toThrow(/^@Tool on class 'Greet': unknown option 'idempotent'\. @Tool takes /);
  });
});

describe('generator functions', () => {
  const refusal = 'a tool answers each call once. Return (or resolve to) the final value instead, and report progress on the way with ctx.reportProgress(progress, total, message).';

  it('should refuse a tool() async generator at declaration', () => {
    expect(() =>
      tool({ name: 'stream', description: 'Streams.' }, async function* () {
        yield 1;
      }),
    ).toThrow(`tool 'stream''s function is an async generator function: ${refusal}`);
    expect(() =>
      tool({ name: 'sync_stream', description: 'Streams.' }, function* () {
        yield 1;
      }),
    ).toThrow("tool 'sync_stream''s function is a generator function: ");
  });

  it('should refuse a @Tool class whose execute is an async generator, and a toolbox method that is one', () => {
    expect(() => {
      @Tool({ description: 'Streams.' })
      class Stream {
        async *execute() {
          yield 1;
        }
      }
      return Stream;
    }).toThrow(`the execute method of @Tool class 'Stream' is an async generator function: ${refusal}`);
    expect(() => {
      class Box {
        @Tool({ description: 'Streams.' })
        async *stream() {
          yield 1;
        }
      }
      return Box;
    }).toThrow(/^@Tool method '(Box\.)?stream' is an async generator function: /);
  });
});

describe('a zod outputSchema, enforced in every form', () => {
  const Count = z.object({ count: z.number().int(), words: z.array(z.string()) }).refine((c) => c.words.length === c.count, 'count must be the number of words');
  const lie = () => ({ count: 3, words: ['a'] });
  const truth = () => ({ count: 1, words: ['a'] });
  const refused = "Tool 'count' returned an output that does not match its output schema: Validation error: count must be the number of words";

  it('should check a tool() result against it, its refinements too', async () => {
    expect((await registryWith(tool({ name: 'count', description: 'Count.', outputSchema: Count }, lie)).execute('count', {})).error).toBe(refused);
    expect((await registryWith(tool({ name: 'count', description: 'Count.', outputSchema: Count }, truth)).execute('count', {})).success).toBe(true);
    const wrongType = await registryWith(tool({ name: 'count', description: 'Count.', outputSchema: Count }, () => ({ count: 'one', words: [] }))).execute('count', {});
    expect(wrongType.error).toBe("Tool 'count' returned an output that does not match its output schema: Property 'count' has wrong type: expected integer, got string");
  });

  it('should check a @Tool class, a toolbox method and a BaseTool subclass the same way', async () => {
    @Tool({ name: 'count', description: 'Count.', outputSchema: Count })
    class CountClass {
      execute() {
        return lie();
      }
    }
    class Box {
      @Tool({ name: 'count', description: 'Count.', outputSchema: Count })
      count() {
        return lie();
      }
    }
    class CountTool extends BaseTool {
      get name() {
        return 'count';
      }
      get description() {
        return 'Count.';
      }
      get parameters(): JsonSchema {
        return EMPTY;
      }
      override get outputSchema() {
        return Count;
      }
      async execute(_ctx: ToolCallContext) {
        return ToolResult.ok(lie());
      }
    }
    for (const form of [new CountClass(), new Box(), new CountTool()]) {
      expect((await registryWith(form).execute('count', {})).error).toBe(refused);
    }
  });
});
