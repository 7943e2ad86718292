import { Kind, OptionalKind, type TSchema } from '@sinclair/typebox';

/** Whether `value` is a TypeBox schema (it carries TypeBox's `Kind` symbol). */
export function isTypeBoxSchema(value: unknown): value is TSchema {
  return value !== null && typeof value === 'object' && Kind in value;
}

/** Whether a TypeBox schema was wrapped in `Type.Optional`. */
export function isTypeBoxOptional(value: TSchema): boolean {
  return (value as unknown as Record<symbol, unknown>)[OptionalKind] === 'Optional';
}
