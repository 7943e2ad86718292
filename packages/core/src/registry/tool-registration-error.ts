/**
 * Thrown by `registry.register` when a name or alias is already taken by
 * another tool. Both tools are named; `existing` and `incoming` carry them.
 */
export class ToolRegistrationError extends Error {
  override readonly name = 'ToolRegistrationError';

  constructor(
    message: string,
    /** The registered name of the tool already holding the name. */
    readonly existing: string,
    /** The name of the tool that could not be registered. */
    readonly incoming: string,
    /** The name or alias both claim. */
    readonly conflict: string,
  ) {
    super(message);
  }
}
