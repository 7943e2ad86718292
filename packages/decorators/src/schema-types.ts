/** @ts-ignore TypeBox 1.x (`typebox`) is an optional peer dependency: where it is not installed these types are `any`, read only for TypeBox 1.x schemas, which need it anyway */
import type { Static as TypeBoxStatic, TSchema as TypeBoxTSchema } from 'typebox' with { 'resolution-mode': 'import' };
import type { JsonSchema } from '@victor-tools/core';
import type { StandardSchemaV1 } from '@victor-tools/core/framework';

/**
 * The argument type a parameters schema declares, as the function of
 * `tool()` receives it: a Standard Schema's output type
 * (`StandardSchemaV1.InferOutput`: zod 4, valibot, arktype, transforms
 * applied), TypeBox's `Static` (0.34 and 1.x), and `Record<string, unknown>`
 * for a plain JSON Schema, which declares no TypeScript type.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { ToolRegistry } from '@victor-tools/core';
 * import { tool, type InferArgs } from '@victor-tools/decorators';
 *
 * const Trip = z.object({ from: z.string(), days: z.number().int() });
 * type TripArgs = InferArgs<typeof Trip>; // { from: string; days: number }
 *
 * function planTrip({ from, days }: TripArgs) {
 *   return `${days} days from ${from}`;
 * }
 * const registry = new ToolRegistry().register(tool({ name: 'plan_trip', description: 'Plan a trip.', parameters: Trip }, planTrip));
 * console.log((await registry.execute('plan_trip', { from: 'Lyon', days: 3 })).output); // prints: 3 days from Lyon
 * ```
 */
export type InferArgs<S> = S extends { readonly static: unknown; readonly params: unknown[] }
  ? TypeBox034Static<S>
  : S extends StandardSchemaV1
    ? StandardSchemaV1.InferOutput<S>
    : S extends { readonly '~kind': string }
      ? TypeBox1Static<S>
      : Record<string, unknown>;

// TypeBox 0.34's own `Static<T>` is this: its types carry the static type, so
// it is read without importing @sinclair/typebox (an optional peer too).
type TypeBox034Static<S extends { readonly static: unknown }> = (S & { params: [] })['static'];

type TypeBox1Static<S> = S extends TypeBoxTSchema ? TypeBoxStatic<S> : Record<string, unknown>;

/**
 * The declared type of a tool's `parameters` for a schema given as `S`: the
 * Standard Schema itself (what the tool answers; its JSON Schema is in
 * `toJSONSchema()`), or a JSON Schema (TypeBox schemas are JSON Schemas).
 */
export type ParametersOf<S> = S extends { readonly '~standard': unknown } ? S : JsonSchema;
