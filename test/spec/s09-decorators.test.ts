// SPEC section 9: @Tool, @Param and tool(), through the registry as a user sees them (stage-3 mode here).
import { Type } from '@sinclair/typebox';
import { AccessMode, BaseTool, CostTier, DangerLevel, ExecutionCategory, Priority, ToolRegistry, ToolResult, type ToolCallContext } from '@victor-tools/core';
import { Param, Tool, ToolContainer, tool } from '@victor-tools/decorators';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { quietLogger } from '../support/logger';

afterEach(() => ToolMetadataRegistry.resetInstance());

function quiet() {
  return new ToolRegistry({ logger: quietLogger() });
}

const allOptions = {
  name: 'full_options',
  description: 'A tool with every option.',
  aliases: ['fo'],
  costTier: CostTier.MEDIUM,
  category: 'testing',
  keywords: ['Alpha', 'beta'],
  useCases: ['check options'],
  examples: ['full_options()'],
  priorityHints: ['use first'],
  priority: Priority.HIGH,
  accessMode: AccessMode.NETWORK,
  dangerLevel: DangerLevel.LOW,
  stages: ['Planning'],
  taskTypes: ['Audit'],
  mandatoryKeywords: ['Options'],
  progressParams: ['page'],
  executionCategory: ExecutionCategory.NETWORK,
  timeoutMs: 1234,
};

function expectAllOptions(t: BaseTool) {
  expect(t.name).toBe('full_options');
  expect(t.description).toBe('A tool with every option.');
  expect(t.aliases).toEqual(['fo']);
  expect(CostTier.from(t.costTier)).toBe(CostTier.MEDIUM);
  expect(t.timeoutMs).toBe(1234);
  const reg = ToolMetadataRegistry.getInstance();
  reg.refreshFromTools([t], { force: true });
  const m = reg.getMetadata('full_options')!;
  expect(m.category).toBe('testing');
  expect(m.keywords).toEqual(['alpha', 'beta']);
  expect(m.useCases).toEqual(['check options']);
  expect(m.examples).toEqual(['full_options()']);
  expect(m.priorityHints).toEqual(['use first']);
  expect(m.priority).toBe(Priority.HIGH);
  expect(m.accessMode).toBe(AccessMode.NETWORK);
  expect(m.dangerLevel).toBe(DangerLevel.LOW);
  expect(m.stages).toEqual(['planning']);
  expect(m.taskTypes).toEqual(['audit']);
  expect(m.mandatoryKeywords).toEqual(['options']);
  expect(m.progressParams).toEqual(['page']);
  expect(m.executionCategory).toBe(ExecutionCategory.NETWORK);
}

describe('@Tool', () => {
  it('should accept every option on a plain class with execute(args, ctx) and reflect it', async () => {
    @Tool({ ...allOptions, params: { type: 'object', properties: { page: { type: 'integer' } } } })
    class Full {
      execute(args: { page?: number }, ctx: ToolCallContext) {
        return { page: args.page, tool: ctx.toolName };
      }
    }
    const r = quiet();
    r.register(new Full());
    const t = r.get('full_options')!;
    expectAllOptions(t);
    expect(r.get('fo')).toBe(t);
    const res = await r.execute('fo', { page: 2 });
    expect(res.success).toBe(true);
    expect(res.output).toEqual({ page: 2, tool: 'full_options' });
  });

  it('should decorate a BaseTool subclass', async () => {
    @Tool({ name: 'sub', description: 'A subclass.', costTier: CostTier.LOW })
    class Sub extends BaseTool {
      get name() {
        return 'sub';
      }
      get description() {
        return 'A subclass.';
      }
      get parameters() {
        return { type: 'object', properties: {} };
      }
      async execute() {
        return ToolResult.ok('sub ran');
      }
    }
    const r = quiet();
    r.register(new Sub());
    expect((await r.execute('sub', {})).output).toBe('sub ran');
    expect(CostTier.from(r.get('sub')!.costTier)).toBe(CostTier.LOW);
  });

  it('should make one tool per decorated method of a toolbox class', async () => {
    class Toolbox {
      prefix = '>';
      @Tool({ name: 'echo', description: 'Echo text.', params: Type.Object({ text: Type.String() }) })
      echo(args: { text: string }) {
        return `${this.prefix}${args.text}`;
      }
      @Tool({ name: 'shout', description: 'Shout text.', params: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } })
      shout(args: { text: string }) {
        return args.text.toUpperCase();
      }
      helper() {
        return 'not a tool';
      }
    }
    const registry = quiet();
    const container = new ToolContainer({ registry });
    const report = container.scan(Toolbox);
    const names = report.registered.map((e) => e.name).sort();
    expect(names).toEqual(['echo', 'shout']);
    expect((await registry.execute('echo', { text: 'hi' })).output).toBe('>hi');
    expect((await registry.execute('shout', { text: 'hi' })).output).toBe('HI');
    expect((await registry.execute('shout', {})).error).toBe("Invalid parameters for tool 'shout': Required parameter 'text' is missing");
  });

  it('should take params as a class with @Param fields', async () => {
    class SearchParams {
      @Param({ type: 'string', description: 'What to look for.' })
      query!: string;
      @Param({ type: 'integer', description: 'How many.' })
      limit = 10;
      @Param(Type.Array(Type.String()))
      tags?: string[];
    }
    let received: unknown;
    @Tool({ name: 'find', description: 'Find things.', params: SearchParams })
    class Find {
      execute(args: SearchParams) {
        received = args;
        return args.limit;
      }
    }
    const r = quiet();
    r.register(new Find());
    const t = r.get('find')!;
    const params = t.parameters as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(params.properties.query).toMatchObject({ type: 'string', description: 'What to look for.' });
    expect(params.properties.limit).toMatchObject({ type: 'integer', default: 10 });
    expect(params.properties.tags).toMatchObject({ type: 'array', items: { type: 'string' } });
    // Only a field with an initializer is optional (SPEC 9); `?` does not exist at run time.
    expect(params.required).toEqual(['query', 'tags']);
    const res = await r.execute('find', { query: 'x', tags: [] });
    expect(res.output).toBe(10);
    expect(received).toBeInstanceOf(SearchParams);
    expect((await r.execute('find', { limit: 'a' })).success).toBe(false);
  });
});

describe('tool()', () => {
  it('should make a tool of a sync function with a JSON Schema', async () => {
    const t = tool(
      { ...allOptions, parameters: { type: 'object', properties: { page: { type: 'integer' } } } },
      (args: Record<string, unknown>) => args.page,
    );
    expect(t).toBeInstanceOf(BaseTool);
    expectAllOptions(t);
    const r = quiet();
    r.register(t);
    expect((await r.execute('full_options', { page: 3 })).output).toBe(3);
  });

  it('should make a tool of an async function with a TypeBox schema', async () => {
    const t = tool({ name: 'add', description: 'Add two numbers.', parameters: Type.Object({ a: Type.Number(), b: Type.Number() }) }, async ({ a, b }) => a + b);
    const r = quiet();
    r.register(t);
    expect((await r.execute('add', { a: 1, b: 2 })).output).toBe(3);
    expect((await r.execute('add', { a: 1 })).error).toBe("Invalid parameters for tool 'add': Required parameter 'b' is missing");
  });
});

describe('declaring a tool: nothing accepted and then dropped', () => {
  const asOptions = (options: Record<string, unknown>) => options as never;

  it("should refuse tool() options as the reference spells them, naming the camelCase key", () => {
    const ported = () => tool(asOptions({ name: 'ported', description: 'A port.', use_cases: ['x'], cost_tier: 'high', access_mode: 'write' }), () => 1);
    expect(ported).toThrow("tool 'ported': option 'use_cases' is the reference's spelling: write 'useCases'.");
    expect(() => tool(asOptions({ name: 'ported', description: 'A port.', access_mode: 'write' }), () => 1)).toThrow("write 'accessMode'");
    expect(() => tool(asOptions({ name: 'ported', description: 'A port.', cost_tier: 'high' }), () => 1)).toThrow("write 'costTier'");
  });

  it('should refuse unknown options of tool() and @Tool', () => {
    expect(() => tool(asOptions({ name: 'x', description: 'X.', colour: 'red' }), () => 1)).toThrow(/unknown option 'colour'/);
    expect(() => {
      @Tool(asOptions({ description: 'X.', colour: 'red' }))
      class Coloured {
        execute() {
          return 1;
        }
      }
      return Coloured;
    }).toThrow(/^@Tool on class 'Coloured': unknown option 'colour'/);
  });

  it("should take one name per door for the parameters, refusing the other with the right one", () => {
    expect(() => tool(asOptions({ name: 'p', description: 'P.', params: Type.Object({}) }), () => 1)).toThrow(
      "tool 'p': option 'params' is @Tool's name for the parameters: tool() takes them as 'parameters'.",
    );
    expect(() => {
      @Tool(asOptions({ description: 'P.', parameters: Type.Object({}) }))
      class P {
        execute() {
          return 1;
        }
      }
      return P;
    }).toThrow("@Tool on class 'P': option 'parameters' is tool()'s name for the parameters: @Tool takes them as 'params'.");
  });

  it('should require a name and a description in the types of tool(), as its run time does', () => {
    // @ts-expect-error no name (an anonymous function: the run time refuses it too)
    expect(() => tool({ description: 'Anonymous.' }, () => 1)).toThrow("tool() got an anonymous function and no name.");
    // @ts-expect-error no description
    expect(() => tool({ name: 'undescribed' }, () => 1)).toThrow(/has no description/);
  });
});

describe('the argument order of a tool body (checked by pnpm typecheck)', () => {
  it('should compile (args, ctx) for tool() and (ctx, args) for a BaseTool, and not the other way round', async () => {
    const Greeting = Type.Object({ who: Type.String() });
    const greet = tool({ name: 'greet', description: 'Greet.', parameters: Greeting }, (args, ctx) => `Hello ${args.who} from ${ctx.toolName}`);
    // @ts-expect-error written (ctx, args): the second parameter is the context, which has no 'who'
    tool({ name: 'backwards', description: 'Greet.', parameters: Greeting }, (_ctx, args) => `Hello ${args.who}`);
    class Greeter extends BaseTool<{ who: string }> {
      get name() {
        return 'greeter';
      }
      get description() {
        return 'Greet.';
      }
      get parameters() {
        return Greeting;
      }
      // @ts-expect-error execute(args, ctx) in a BaseTool: BaseTool hands the context first
      async execute(args: { who: string }, _ctx: ToolCallContext) {
        return ToolResult.ok(`Hello ${args.who}`);
      }
    }
    const r = quiet();
    r.register(greet);
    expect((await r.execute('greet', { who: 'Ann' })).output).toBe('Hello Ann from greet');
    // At run time the wrong order reads the context as the arguments: exactly what the compiler now refuses.
    r.register(new Greeter());
    expect((await r.execute('greeter', { who: 'Ann' })).output).toBe('Hello undefined');
  });
});
