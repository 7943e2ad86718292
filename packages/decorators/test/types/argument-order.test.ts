// Type-level tests of the one rule for a tool body's argument order: a class
// that extends BaseTool (or DecoratedTool) writes `execute(ctx, args)`, as
// BaseTool and the reference do; everything else (a `tool()` function, a
// plain `@Tool` class, a toolbox method) takes `(args, ctx)`. The wrong order
// must not compile: the context has no index signature, so reading an
// argument off it is an error. `pnpm typecheck` compiles this file twice
// (stage-3 and legacy decorators); a `@ts-expect-error` that no longer finds
// its error fails it. Jest runs the runtime facts at the end.
import { Type } from '@sinclair/typebox';
import { BaseTool, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext, type ToolExecutionContext } from '@victor-tools/core';
import { DecoratedTool, Param, Tool, tool } from '@victor-tools/decorators';
import { silentLogger } from '../../../../test/support/logger';

const Greeting = Type.Object({ who: Type.String() });
const greetingJson = { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] } satisfies JsonSchema;

class GreetParams {
  @Param({ type: 'string' }) who!: string;
}

function typeLevel(): void {
  // tool(): (args, ctx).
  tool({ name: 'greet', description: 'Greet.', parameters: Greeting }, (args, ctx) => `Hello ${args.who} from ${ctx.toolName}`);
  // @ts-expect-error written (ctx, args): the second parameter is the context, which has no 'who'
  tool({ name: 'greet', description: 'Greet.', parameters: Greeting }, (_ctx, args) => `Hello ${args.who}`);
  // @ts-expect-error the same with a plain JSON Schema, whose arguments are a Record: the context is no Record
  tool({ name: 'greet', description: 'Greet.', parameters: greetingJson }, (_ctx, args) => `Hello ${String(args.who)}`);
  // @ts-expect-error the context's own members are not the arguments' either
  tool({ name: 'greet', description: 'Greet.', parameters: Greeting }, (ctx) => ctx.signal);

  // tool() asks for what its run time asks for: a name and a description.
  // @ts-expect-error no name
  tool({ description: 'Greet.', parameters: Greeting }, ({ who }) => who);
  // @ts-expect-error no description
  tool({ name: 'greet', parameters: Greeting }, ({ who }) => who);

  // A BaseTool subclass: (ctx, args).
  class Greet extends BaseTool<{ who: string }> {
    get name() {
      return 'greet';
    }
    get description() {
      return 'Greet.';
    }
    get parameters() {
      return greetingJson;
    }
    async execute(ctx: ToolCallContext, args: { who: string }) {
      return ToolResult.ok(`Hello ${args.who} from ${ctx.toolName}`);
    }
  }
  class BackwardsGreet extends BaseTool<{ who: string }> {
    get name() {
      return 'greet';
    }
    get description() {
      return 'Greet.';
    }
    get parameters() {
      return greetingJson;
    }
    // @ts-expect-error execute(args, ctx) in a BaseTool: BaseTool hands the context first
    async execute(args: { who: string }, _ctx: ToolCallContext) {
      return ToolResult.ok(`Hello ${args.who}`);
    }
  }
  class LooseGreet extends BaseTool {
    get name() {
      return 'greet';
    }
    get description() {
      return 'Greet.';
    }
    get parameters() {
      return greetingJson;
    }
    // @ts-expect-error even with untyped arguments (a Record): the context is no Record
    async execute(args: Record<string, unknown>, _ctx: ToolCallContext) {
      return ToolResult.ok(`Hello ${String(args.who)}`);
    }
  }
  // The SPEC's spelling of the first parameter, the caller's context type, compiles too.
  class SpecGreet extends BaseTool<{ who: string }> {
    get name() {
      return 'greet';
    }
    get description() {
      return 'Greet.';
    }
    get parameters() {
      return greetingJson;
    }
    async execute(_ctx: ToolExecutionContext, args: { who: string }) {
      return ToolResult.ok(`Hello ${args.who}`);
    }
  }
  void [Greet, BackwardsGreet, LooseGreet, SpecGreet];

  // A DecoratedTool subclass is a BaseTool: (ctx, args).
  @Tool({ name: 'greet', description: 'Greet.', params: GreetParams })
  class DecoratedGreet extends DecoratedTool<GreetParams> {
    async execute(_ctx: ToolCallContext, args: GreetParams) {
      return ToolResult.ok(`Hello ${args.who}`);
    }
  }
  @Tool({ name: 'greet', description: 'Greet.', params: GreetParams })
  class BackwardsDecoratedGreet extends DecoratedTool<GreetParams> {
    // @ts-expect-error execute(args, ctx) in a DecoratedTool: it is a BaseTool
    async execute(args: GreetParams, _ctx: ToolCallContext) {
      return ToolResult.ok(`Hello ${args.who}`);
    }
  }
  void [DecoratedGreet, BackwardsDecoratedGreet];

  // A plain @Tool class: (args, ctx), as tool().
  @Tool({ name: 'greet', description: 'Greet.', params: GreetParams })
  class PlainGreet {
    execute(args: GreetParams, ctx?: ToolCallContext) {
      return `Hello ${args.who} from ${ctx?.toolName ?? 'nowhere'}`;
    }
  }
  // @ts-expect-error execute(ctx, args) in a plain @Tool class: its second parameter would get the context
  @Tool({ name: 'greet', description: 'Greet.', params: GreetParams })
  class BackwardsPlainGreet {
    execute(_ctx: ToolCallContext, args: GreetParams) {
      return `Hello ${args.who}`;
    }
  }
  // @ts-expect-error execute(ctx) alone in a plain @Tool class: its one parameter would get the arguments
  @Tool({ name: 'who', description: 'Who runs.' })
  class ContextOnly {
    execute(ctx: ToolCallContext) {
      return ctx.toolName;
    }
  }
  // @ts-expect-error the same with an optional context
  @Tool({ name: 'who', description: 'Who runs.' })
  class OptionalContextOnly {
    execute(ctx?: ToolCallContext) {
      return ctx?.toolName;
    }
  }
  // A plain @Tool class with no parameters, or with the arguments alone, still compiles.
  @Tool({ name: 'who', description: 'Who runs.' })
  class NoParameters {
    execute() {
      return 'me';
    }
  }
  @Tool({ name: 'greet', description: 'Greet.', params: GreetParams })
  class ArgumentsOnly {
    execute(args: GreetParams) {
      return args.who;
    }
  }
  void [PlainGreet, BackwardsPlainGreet, ContextOnly, OptionalContextOnly, NoParameters, ArgumentsOnly];

  // A toolbox method: (args, ctx).
  class Box {
    @Tool({ name: 'greet', description: 'Greet.', params: GreetParams })
    greet(args: GreetParams, ctx?: ToolCallContext) {
      return `Hello ${args.who} from ${ctx?.toolName ?? 'nowhere'}`;
    }
  }
  void Box;
  class BackwardsBox {
    // @ts-expect-error a toolbox method that takes the context alone: its one parameter would get the arguments
    @Tool({ name: 'who', description: 'Who runs.' })
    who(ctx: ToolCallContext) {
      return ctx.toolName;
    }
    // @ts-expect-error the same written (ctx, args)
    @Tool({ name: 'greet', description: 'Greet.', params: GreetParams })
    greet(_ctx: ToolCallContext, args: GreetParams) {
      return args.who;
    }
    @Tool({ name: 'now', description: 'Now.' })
    now() {
      return Date.now();
    }
  }
  void BackwardsBox;
}
void typeLevel;

describe('the argument order of a tool body', () => {
  it('should hand a tool() function its arguments first and a BaseTool its context first', async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(tool({ name: 'fn_greet', description: 'Greet.', parameters: Greeting }, (args, ctx) => `Hello ${args.who} from ${ctx.toolName}`));
    class Greet extends BaseTool<{ who: string }> {
      get name() {
        return 'class_greet';
      }
      get description() {
        return 'Greet.';
      }
      get parameters() {
        return greetingJson;
      }
      async execute(ctx: ToolCallContext, args: { who: string }) {
        return ToolResult.ok(`Hello ${args.who} from ${ctx.toolName}`);
      }
    }
    registry.register(new Greet());
    expect((await registry.execute('fn_greet', { who: 'Ann' })).output).toBe('Hello Ann from fn_greet');
    expect((await registry.execute('class_greet', { who: 'Ann' })).output).toBe('Hello Ann from class_greet');
  });
});
