import { GuardedStdioServerTransport, type GuardedStdioOptions } from './guarded-stdio-transport';
import { serveMcp, type McpServerHandle, type ServeMcpOptions } from './serve-mcp';
import type { ServableRegistry } from './servable-registry';

/** Options of `serveMcpStdio`: those of `serveMcp` without the transport, and the stdio streams and size limit. */
export interface ServeMcpStdioOptions extends Omit<ServeMcpOptions, 'transport'>, GuardedStdioOptions {}

/**
 * `serveMcp` over the process's stdin and stdout, what MCP clients spawn
 * (`victor-tools serve`), with `GuardedStdioServerTransport`: a message over
 * `maxRequestBytes` (4 MiB by default), or one that is not JSON-RPC, gets an
 * error answer and the server goes on. stdout belongs to the protocol: log to stderr.
 */
export function serveMcpStdio(registry: ServableRegistry, options: ServeMcpStdioOptions = {}): Promise<McpServerHandle> {
  const { stdin, stdout, maxRequestBytes, ...rest } = options;
  return serveMcp(registry, { ...rest, transport: new GuardedStdioServerTransport({ stdin, stdout, maxRequestBytes }) });
}
