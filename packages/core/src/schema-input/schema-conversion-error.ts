/**
 * A schema given as a Standard Schema has no JSON Schema form: its library
 * cannot convert it (a zod `z.date()`, a transform on the output side), or it
 * offers no converter at all. Thrown at registration, naming the tool and,
 * where the library says where, the field.
 */
export class SchemaConversionError extends TypeError {
  override readonly name = 'SchemaConversionError';

  constructor(
    message: string,
    /** The schema library (`~standard.vendor`): 'zod', 'valibot', 'arktype'... */
    readonly vendor: string,
    /** Where in the schema, as property names from its root (`['trip', 'when']`); empty when the library does not say. */
    readonly path: readonly string[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
