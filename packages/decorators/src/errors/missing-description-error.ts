/** `@Tool` or `tool()` without a description: models cannot choose a tool they cannot read about. */
export class MissingDescriptionError extends Error {
  constructor(
    /** Who declared the tool: a class, `Class.method`, or for `tool()` the tool's name. */
    readonly owner: string,
    /** Which door declared it, for the example in the message. */
    door: '@Tool' | 'tool()' = '@Tool',
  ) {
    super(
      door === 'tool()'
        ? `tool '${owner}' has no description. Give one, e.g. tool({ name: '${owner}', description: 'What the tool does, for the model.' }, fn).`
        : `@Tool on '${owner}' has no description. Give one, e.g. @Tool({ description: 'What the tool does, for the model.' }).`,
    );
    this.name = 'MissingDescriptionError';
  }
}
