/** `@Tool` or `tool()` without a description: models cannot choose a tool they cannot read about. */
export class MissingDescriptionError extends Error {
  constructor(readonly owner: string) {
    super(`@Tool on '${owner}' has no description. Give one, e.g. @Tool({ description: 'What the tool does, for the model.' }).`);
    this.name = 'MissingDescriptionError';
  }
}
