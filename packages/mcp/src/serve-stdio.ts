import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { serveMcp, type McpServerHandle, type ServeMcpOptions } from './serve-mcp';
import type { ServableRegistry } from './servable-registry';

/**
 * `serveMcp` over the process's stdin and stdout, what MCP clients spawn
 * (`victor-tools serve`). stdout then belongs to the protocol: log to stderr.
 */
export function serveMcpStdio(registry: ServableRegistry, options: Omit<ServeMcpOptions, 'transport'> = {}): Promise<McpServerHandle> {
  return serveMcp(registry, { ...options, transport: new StdioServerTransport() });
}
