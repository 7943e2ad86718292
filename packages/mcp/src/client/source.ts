import type { McpClientLike, McpHttpServer, McpServerSource, McpStdioServer } from './types';
import { cutText, describeValue } from '@victor-tools/core/internal';

/** A source told apart: a client someone else connected, a server to start, an HTTP endpoint. */
export type ReadSource =
  | { kind: 'client'; client: McpClientLike }
  | { kind: 'stdio'; server: McpStdioServer }
  | { kind: 'http'; server: McpHttpServer & { url: URL } };

/** Tells `mcpTools`' source apart, or throws a TypeError saying what is accepted. */
export function readSource(source: McpServerSource): ReadSource {
  if (typeof source === 'string' || source instanceof URL) return { kind: 'http', server: { url: parseUrl(source) } };
  if (source !== null && typeof source === 'object') {
    const candidate = source as Partial<McpClientLike & McpStdioServer & McpHttpServer>;
    if (typeof candidate.callTool === 'function' && typeof candidate.listTools === 'function') return { kind: 'client', client: source as McpClientLike };
    if (typeof candidate.command === 'string' && candidate.command !== '') {
      if (candidate.args !== undefined && (!Array.isArray(candidate.args) || !candidate.args.every((a) => typeof a === 'string'))) {
        throw new TypeError(`mcpTools: 'args' of the server '${candidate.command}' must be an array of strings`);
      }
      return { kind: 'stdio', server: source as McpStdioServer };
    }
    if (typeof candidate.url === 'string' || candidate.url instanceof URL) {
      return { kind: 'http', server: { ...(source as McpHttpServer), url: parseUrl(candidate.url) } };
    }
  }
  throw new TypeError(
    `mcpTools: the source must be a connected MCP client (with listTools and callTool), a server to start ({ command, args?, env?, cwd? }) or a URL ({ url, headers? }, a string or a URL), got ${describeValue(source)}`,
  );
}

function parseUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`mcpTools: '${cutText(String(url), 200)}' is not a URL; an MCP server over HTTP is given by its endpoint, e.g. http://127.0.0.1:3001/mcp`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`mcpTools: the URL of an MCP server must be http: or https:, got '${parsed.protocol}'`);
  }
  return parsed;
}

/** A short name for a source in messages: the server's own name when known, else its command or host. */
export function sourceLabel(source: ReadSource): string {
  if (source.kind === 'stdio') return cutText([source.server.command, ...(source.server.args ?? [])].join(' '), 100);
  if (source.kind === 'http') return source.server.url.host;
  return 'the MCP client';
}
