// A tool() tool's source reads `tool 'x'` (after `file:` when scanned from a directory).
function renamed(source: string, name: string): string {
  return /(^|:)tool '/.test(source) ? `tool({ name: '${name}', ... }, fn)` : `@Tool({ name: '${name}', ... })`;
}

/**
 * Two scanned tools (or a scanned one and a registered one) claim the same
 * name or alias. The sources are left unquoted: they already read as
 * `file:Class.method` or `tool 'name'`.
 */
export class DuplicateToolNameError extends Error {
  constructor(
    readonly toolName: string,
    readonly source: string,
    readonly existingSource: string,
  ) {
    super(
      `Tool name '${toolName}' (from ${source}) is already taken by ${existingSource}. ` +
        `Give one of them another name, e.g. ${renamed(source, `${toolName}_2`)}.`,
    );
    this.name = 'DuplicateToolNameError';
  }
}
