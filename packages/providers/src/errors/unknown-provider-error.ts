/** A provider name no renderer exists for (e.g. a typo in `--provider`). */
export class UnknownProviderError extends Error {
  override readonly name = 'UnknownProviderError';

  constructor(
    /** The name asked for. */
    readonly provider: string,
    /** The names that exist. */
    readonly allowed: readonly string[],
  ) {
    super(`Unknown provider '${provider}'. Use one of: ${allowed.map((p) => `'${p}'`).join(', ')}.`);
  }
}
