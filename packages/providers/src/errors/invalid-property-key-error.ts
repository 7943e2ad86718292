import { capText } from '@victor-tools/core/internal';

/**
 * A property key in a tool's parameters that a provider would reject (the
 * whole request fails, not only this tool). Thrown at export time, so the
 * problem shows up where the tool is declared.
 */
export class InvalidPropertyKeyError extends Error {
  override readonly name = 'InvalidPropertyKeyError';

  constructor(
    /** The rejected property key. */
    readonly key: string,
    /** The path of the object schema declaring it: '' for the parameters themselves, 'properties.opts', ... */
    readonly path: string,
    /** The tool whose parameters declare it. */
    readonly toolName: string,
    /** The provider that would reject it. */
    readonly provider: string,
    /** The provider's rule, in words. */
    readonly rule: string,
    /** A key that passes the rule, to suggest. */
    readonly suggestion: string,
  ) {
    super(
      // Keys and paths come from the schema (a mounted MCP server's too): shown cut.
      `Property key '${capText(key)}' (${path === '' ? 'a top-level parameter' : `in '${capText(path)}'`}) of tool '${toolName}' is not accepted by ${provider}: ${rule}. ` +
        `Rename the property in the tool's parameters, e.g. '${suggestion}' (and read it under that name in the tool).`,
    );
  }
}
