/** A constructor needs an injection token the container was never given. */
export class MissingProviderError extends Error {
  constructor(
    readonly className: string,
    readonly token: string,
    tokenValue: unknown = token,
    /** More on what to do, after the message's own advice. */
    hint = '',
  ) {
    const argument = typeof tokenValue === 'string' ? `'${tokenValue}'` : token;
    super(`Cannot construct '${className}': no provider for token '${token}'. Call container.provide(${argument}, value) before scanning.${hint}`);
    this.name = 'MissingProviderError';
  }
}
