// Type-level tests of what a decorated tool's `parameters` is typed as: what
// it holds at run time. `@Tool({ params })` keeps `params` as the tool's
// parameters, so with a Standard Schema (zod) they are that schema, not a
// JSON Schema. `pnpm typecheck` compiles this file twice (stage-3 and legacy
// decorators); a `@ts-expect-error` that no longer finds its error fails it.
// Jest runs the runtime facts the types stand for.
import { z } from 'zod';
import { ToolRegistry, ToolResult, type JsonSchema, type SchemaInput, type ToolCallContext } from '@victor-tools/core';
import { DecoratedTool, Tool, toolsOfInstance } from '@victor-tools/decorators';
import { silentLogger } from '../../../../test/support/logger';

/** True when A and B are the same type (not merely assignable either way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when given `true`. */
function expectTrue<T extends true>(..._proof: T[]): void {}

const Mail = z.object({ to: z.string(), n: z.number().default(3) });
const mailJson = { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] } satisfies JsonSchema;

@Tool({ name: 'send', description: 'Send.', params: Mail })
class Send extends DecoratedTool<z.output<typeof Mail>, typeof Mail> {
  async execute(_ctx: ToolCallContext, args: z.output<typeof Mail>) {
    return ToolResult.ok(args);
  }
}

@Tool({ name: 'send_json', description: 'Send.', params: mailJson })
class SendJson extends DecoratedTool<{ to: string }> {
  async execute(_ctx: ToolCallContext, args: { to: string }) {
    return ToolResult.ok(args.to);
  }
}

class Box {
  @Tool({ description: 'One.', params: Mail })
  one(args: z.output<typeof Mail>) {
    return args.to;
  }
}

function typeLevel(): void {
  // A DecoratedTool declares its parameters' type as BaseTool does: the zod schema is typed as one.
  expectTrue<Equal<Send['parameters'], typeof Mail>>();
  // The default stays JSON Schema, for @Param classes, JSON Schemas and TypeBox schemas.
  expectTrue<Equal<SendJson['parameters'], JsonSchema>>();
  void new SendJson().parameters.properties;

  // toolsOfInstance gives tools of any parameters, a zod schema included: not typed as JSON Schema.
  const [one] = toolsOfInstance(new Box());
  expectTrue<Equal<NonNullable<typeof one>['parameters'], SchemaInput>>();
  // @ts-expect-error a toolbox tool's parameters may be a zod schema, which is no JSON Schema
  const json: JsonSchema = one!.parameters;
  void json;
  // Its JSON Schema is read through toJSONSchema(), and it is still run and registered as before.
  void one!.toJSONSchema().function.parameters.properties;
  void one!.execute({} as ToolCallContext, { to: 'a' });
  new ToolRegistry().register(one!);
}
void typeLevel;

describe("a decorated tool's parameters", () => {
  it('should hold the zod schema itself, as the types say, and its JSON Schema through toJSONSchema()', async () => {
    const send = new Send();
    expect(send.parameters).toBe(Mail);
    const [one] = toolsOfInstance(new Box());
    expect(one!.parameters).toBe(Mail);
    expect('~standard' in (one!.parameters as object)).toBe(true);
    expect(one!.toJSONSchema().function.parameters.properties).toHaveProperty('to');
    const registry = new ToolRegistry({ logger: silentLogger }).register(send);
    expect((await registry.execute('send', { to: 'x' })).output).toEqual({ to: 'x', n: 3 });
  });
});
