/**
 * A tool name a provider would reject. Thrown at export time, before any
 * request is made, so the problem shows up where the tool is declared.
 */
export class InvalidToolNameError extends Error {
  override readonly name = 'InvalidToolNameError';

  constructor(
    /** The rejected name. */
    readonly toolName: string,
    /** The provider that would reject it. */
    readonly provider: string,
    /** The provider's rule, in words. */
    readonly rule: string,
    /** A name that passes the rule, to suggest. */
    readonly suggestion: string,
  ) {
    super(
      `Tool name '${toolName}' is not accepted by ${provider}: ${rule}. ` +
        `Register the tool under a valid name, e.g. '${suggestion}'.`,
    );
  }
}
