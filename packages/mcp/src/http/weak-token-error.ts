/** The fewest characters a bearer token needs to serve beyond loopback. */
export const MIN_TOKEN_LENGTH = 16;

/** Thrown by `serveMcpHttp` asked to bind a host other than loopback with a token shorter than 16 characters. */
export class WeakTokenError extends Error {
  constructor(
    /** The host that was to be bound. */
    readonly host: string,
    /** The length of the shortest token given. */
    readonly length: number,
  ) {
    super(
      `Serving MCP on '${host}' needs a bearer token of at least ${MIN_TOKEN_LENGTH} characters, got one of ${length}: ` +
        `anyone who reaches the port can guess a short one. Make one with \`openssl rand -hex 32\` or ` +
        `\`node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))"\`, ` +
        `and give it as the token option (victor-tools serve: VICTOR_TOOLS_TOKEN or --token).`,
    );
    this.name = 'WeakTokenError';
  }
}
