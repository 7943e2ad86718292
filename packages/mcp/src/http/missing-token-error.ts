/** Thrown by `serveMcpHttp` asked to bind a host other than loopback without a bearer token. */
export class MissingTokenError extends Error {
  constructor(readonly host: string) {
    super(
      `Serving MCP on '${host}' exposes the tools beyond this machine: give a bearer token ` +
        `(the token option; victor-tools serve --token or VICTOR_TOOLS_TOKEN), or bind 127.0.0.1.`,
    );
    this.name = 'MissingTokenError';
  }
}
