/** A constructor needs an injection token the container was never given. */
export class MissingProviderError extends Error {
  constructor(
    readonly className: string,
    readonly token: string,
    tokenValue: unknown = token,
  ) {
    const argument = typeof tokenValue === 'string' ? `'${tokenValue}'` : token;
    super(`Cannot construct '${className}': no provider for token '${token}'. Call container.provide(${argument}, value) before scanning.`);
    this.name = 'MissingProviderError';
  }
}
