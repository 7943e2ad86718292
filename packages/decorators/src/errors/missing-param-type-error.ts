/** A `@Param` field whose type cannot be known (stage 3 emits no `design:type`, and nothing else says it). */
export class MissingParamTypeError extends Error {
  constructor(
    readonly className: string,
    readonly field: string,
    reason = 'stage-3 decorators do not emit design:type',
  ) {
    super(
      `Parameter '${field}' of '${className}' has no type: ${reason}. ` +
        `Give @Param({ type: 'string' }) (or a TypeBox schema such as @Param(Type.String())), or an initializer to infer it from.`,
    );
    this.name = 'MissingParamTypeError';
  }
}
