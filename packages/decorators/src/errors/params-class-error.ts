/** A `@Param` class that cannot be instantiated without arguments (needed to read defaults). */
export class ParamsClassError extends Error {
  constructor(
    readonly className: string,
    cause: unknown,
  ) {
    super(
      `Cannot read the defaults of params class '${className}': new ${className}() threw: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        `Params classes must be constructible without arguments.`,
    );
    this.name = 'ParamsClassError';
  }
}
