import { Type } from '@sinclair/typebox';
import { BaseTool, CostTier, ToolResult, type ToolCallContext } from '@victor-tools/core';
import { DecoratorUsageError, MissingDescriptionError, tool } from '@victor-tools/decorators';

const ctx = {} as ToolCallContext;

describe('tool', () => {
  const add = tool(
    { name: 'add', description: 'Add two numbers.', costTier: 'low', parameters: Type.Object({ a: Type.Number(), b: Type.Number({ default: 1 }) }) },
    ({ a, b }) => a + b,
  );

  it('should return a BaseTool with the declared options', () => {
    expect(add).toBeInstanceOf(BaseTool);
    expect(add.name).toBe('add');
    expect(add.costTier).toBe(CostTier.LOW);
    expect(add.parameters.required).toEqual(['a', 'b']);
    expect(add.metadata).toBeUndefined();
  });

  it('should wrap a sync return value in a successful ToolResult', async () => {
    expect(await add.execute(ctx, { a: 2, b: 3 })).toEqual(ToolResult.ok(5));
  });

  it('should await an async function and pass a failed ToolResult through', async () => {
    const refuse = tool({ name: 'refuse', description: 'Always refuses.' }, async () => ToolResult.fail('no'));
    expect(await refuse.execute(ctx, {})).toEqual(ToolResult.fail('no'));
  });

  it('should take a JSON Schema and give the function its arguments and context', async () => {
    const echo = tool(
      { name: 'echo', description: 'Echo.', parameters: { type: 'object', properties: { s: { type: 'string' } } } },
      (args, context) => [args.s, context.toolName],
    );
    expect(await echo.execute({ toolName: 'echo' } as ToolCallContext, { s: 'x' })).toEqual(ToolResult.ok(['x', 'echo']));
  });

  it('should default the name to the function name in snake_case, for JavaScript callers', () => {
    // @ts-expect-error the types ask for a name always; at run time a named function's name is taken
    expect(tool({ description: 'Named.' }, function readFile() {}).name).toBe('read_file');
  });

  it('should ask for a name for an anonymous function and a description always', () => {
    // @ts-expect-error no name
    expect(() => tool({ description: 'Anon.' }, (() => () => 1)())).toThrow(DecoratorUsageError);
    // @ts-expect-error no description
    expect(() => tool({ name: 'x' }, () => 1)).toThrow(MissingDescriptionError);
    // @ts-expect-error no description
    expect(() => tool({ name: 'x' }, () => 1)).toThrow(
      "tool 'x' has no description. Give one, e.g. tool({ name: 'x', description: 'What the tool does, for the model.' }, fn).",
    );
    // From JavaScript, the function's name stands in for a missing name, here too.
    expect(() => (tool as (options: object, fn: () => number) => unknown)({}, function wordCount() { return 1; })).toThrow("tool 'word_count' has no description.");
  });

  it('should refuse options that are not an object and a function that is missing, saying what it got', () => {
    expect(() => tool('greet' as never, function greet() {})).toThrow("tool 'greet': the options must be an object, got a string.");
    expect(() => tool({ name: 'greet', description: 'Greet.' }, null as never)).toThrow("tool 'greet' needs a function as its second argument, got null.");
  });

  it('should infer the argument type from a TypeBox schema (checked by pnpm typecheck)', () => {
    const typed = tool({ name: 'typed', description: 'Typed.', parameters: Type.Object({ n: Type.Integer(), tags: Type.Array(Type.String()) }) }, (args) => {
      const n: number = args.n;
      const first: string | undefined = args.tags[0];
      // @ts-expect-error n is a number, not a string
      const wrong: string = args.n;
      // @ts-expect-error no such parameter
      void args.missing;
      return [n, first, wrong];
    });
    expect(typed.name).toBe('typed');
  });
});
