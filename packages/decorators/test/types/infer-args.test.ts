// Type-level tests of the argument types `tool()` infers from each kind of
// schema. `pnpm typecheck` compiles this file twice, with stage-3 and with
// legacy (experimentalDecorators) settings: a lost inference, or a
// `@ts-expect-error` that no longer finds its error, fails the build. Jest
// runs it too, for the few runtime facts at the end.
import { Type as TypeBox034 } from '@sinclair/typebox';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { z } from 'zod';
import type { BaseTool, JsonSchema } from '@victor-tools/core';
import { Tool, tool, type InferArgs } from '@victor-tools/decorators';

import type { Type as TypeBox1Namespace } from 'typebox' with { 'resolution-mode': 'import' };
import type { type as ArkTypeFunction } from 'arktype' with { 'resolution-mode': 'import' };

/** True when A and B are the same type (not merely assignable either way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when given `true`. */
function expectTrue<T extends true>(..._proof: T[]): void {}

// Declared, never run: the ES-module-only libraries' types only.
declare const TypeBox1: typeof TypeBox1Namespace;
declare const type: typeof ArkTypeFunction;

const zodTrip = z.object({ city: z.string(), days: z.number().int().default(3), tags: z.array(z.string()).optional() });
const zodTransform = z.object({ csv: z.string() }).transform(({ csv }) => csv.split(','));
const valibotTrip = toStandardJsonSchema(v.object({ city: v.string(), days: v.optional(v.number(), 3) }));
const typebox034Trip = TypeBox034.Object({ city: TypeBox034.String(), days: TypeBox034.Optional(TypeBox034.Integer()) });
const jsonTrip = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } satisfies JsonSchema;

function typeLevel(): void {
  // The inferred types, exactly.
  expectTrue<Equal<InferArgs<typeof zodTrip>, { city: string; days: number; tags?: string[] | undefined }>>();
  expectTrue<Equal<InferArgs<typeof zodTransform>, string[]>>();
  expectTrue<Equal<InferArgs<typeof valibotTrip>, { city: string; days: number }>>();
  expectTrue<Equal<InferArgs<typeof typebox034Trip>, { city: string; days?: number }>>();
  expectTrue<Equal<InferArgs<typeof jsonTrip>, Record<string, unknown>>>();
  const typebox1Trip = TypeBox1.Object({ city: TypeBox1.String(), days: TypeBox1.Optional(TypeBox1.Integer()) });
  expectTrue<Equal<InferArgs<typeof typebox1Trip>, { city: string; days?: number }>>();
  const arkTrip = type({ city: 'string', 'days?': 'number.integer' });
  expectTrue<Equal<InferArgs<typeof arkTrip>, { city: string; days?: number }>>();
  const payload = z.toJSONSchema(zodTrip);
  expectTrue<Equal<InferArgs<typeof payload>, { city: string; days: number; tags?: string[] | undefined }>>();

  // tool(): the function's argument is the schema's output type.
  const fromZod = tool({ name: 'z', description: 'z', parameters: zodTrip }, (args) => {
    expectTrue<Equal<typeof args, { city: string; days: number; tags?: string[] | undefined }>>();
    return args.days.toFixed(0);
  });
  expectTrue<Equal<typeof fromZod, BaseTool<{ city: string; days: number; tags?: string[] | undefined }, typeof zodTrip>>>();
  tool({ name: 'tb1', description: 'tb1', parameters: typebox1Trip }, (args) => {
    expectTrue<Equal<typeof args, { city: string; days?: number }>>();
  });
  tool({ name: 'ark', description: 'ark', parameters: arkTrip }, (args) => {
    expectTrue<Equal<typeof args, { city: string; days?: number }>>();
  });
  tool({ name: 'payload', description: 'payload', parameters: payload }, (args) => {
    expectTrue<Equal<typeof args, { city: string; days: number; tags?: string[] | undefined }>>();
  });
  const fromJson = tool({ name: 'json', description: 'json', parameters: jsonTrip }, (args) => {
    expectTrue<Equal<typeof args, Record<string, unknown>>>();
  });
  // A JSON Schema written `as const` (readonly arrays) is taken by tool() and @Tool alike.
  const constTrip = { type: 'object', properties: { city: { type: 'string', enum: ['Oslo', 'Rome'] } }, required: ['city'] } as const;
  tool({ name: 'const_json', description: 'const', parameters: constTrip }, (args) => {
    expectTrue<Equal<typeof args, Record<string, unknown>>>();
  });
  @Tool({ name: 'const_params', description: 'const', params: constTrip })
  class ConstParams {
    execute() {
      return 1;
    }
  }
  void ConstParams;
  // A JSON Schema or TypeBox tool is a BaseTool with JSON Schema parameters: its schema reads as one.
  const required: string[] | undefined = fromJson.parameters.required;
  void required;

  // Wrong uses the compiler must refuse.
  // @ts-expect-error days is a number: no string method on it
  tool({ name: 'bad', description: 'bad', parameters: zodTrip }, ({ days }) => days.toUpperCase());
  // @ts-expect-error a valibot schema without @valibot/to-json-schema has no JSON Schema form
  tool({ name: 'raw', description: 'raw', parameters: v.object({ q: v.string() }) }, () => 1);
  // @ts-expect-error a Standard Schema tool is not a JSON Schema tool: its parameters are the zod schema
  const asJson: BaseTool = fromZod;
  void asJson;

  // @Tool takes every form as params, in both decorator modes.
  @Tool({ name: 'cls', description: 'cls', params: zodTrip })
  class Cls {
    execute(args: InferArgs<typeof zodTrip>) {
      return args.city;
    }
  }
  class Box {
    @Tool({ name: 'm', description: 'm', params: typebox1Trip })
    m(args: InferArgs<typeof typebox1Trip>) {
      return args.city;
    }
  }
  void [Cls, Box];
}

describe('InferArgs and tool() inference (compile-time; see pnpm typecheck)', () => {
  it('should have compiled the type-level checks above', () => {
    expect(typeof typeLevel).toBe('function');
    expect(tool({ name: 'json', description: 'json', parameters: jsonTrip }, () => 1).parameters).toBe(jsonTrip);
  });
});
