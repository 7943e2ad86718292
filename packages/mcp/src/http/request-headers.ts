/**
 * A request's headers by lower-case name, as node:http gives them
 * (`IncomingHttpHeaders` fits); declared here so that the web entry point's
 * types need no `@types/node`.
 */
export interface RequestHeaders {
  readonly host?: string | undefined;
  readonly origin?: string | undefined;
  readonly authorization?: string | undefined;
  readonly [name: string]: string | string[] | undefined;
}
