// The web-standard entry point, `@victor-tools/mcp/web`: the MCP endpoint as
// `(request: Request) => Promise<Response>`, with no Node.js built-in in its
// imports, for browsers' service workers, edge runtimes, Bun and Deno.
export { mcpRequestHandler, type McpRequestHandler, type McpRequestHandlerOptions } from './request-handler';
export { WELL_KNOWN_RESOURCE_PATH, type VerifyToken, type ResourceMetadataOptions } from './http/authorization';
