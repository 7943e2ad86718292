// A registry served over an in-memory MCP transport to the official client:
// the shortest way to test serveMcp through the protocol, without a process.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { AccessMode } from '@victor-tools/core';
import { serveMcp, type McpServerHandle, type ServableRegistry, type ServeMcpOptions } from '@victor-tools/mcp';
import { TestTool, type TestToolOptions } from '../../../../test/support/tools';

export interface InMemoryConnection {
  client: Client;
  handle: McpServerHandle;
  /** Closes the client, then the server. */
  close(): Promise<void>;
}

/** Serves `registry` with `options` and connects an official client declaring `capabilities`. */
export async function connectInMemory(
  registry: ServableRegistry,
  options: Omit<ServeMcpOptions, 'transport'> = {},
  capabilities: ClientCapabilities = {},
): Promise<InMemoryConnection> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const handle = await serveMcp(registry, { transport: serverTransport, ...options });
  const client = new Client({ name: 'in-memory-test', version: '1.0.0' }, { capabilities });
  await client.connect(clientTransport);
  return {
    client,
    handle,
    async close() {
      await client.close();
      await handle.close();
    },
  };
}

/** A READONLY tool (so every mode lists it) that answers what `run` returns. */
export function readonlyTool(name: string, run: (args: Record<string, unknown>) => unknown, extra: Partial<TestToolOptions> = {}): TestTool {
  return new TestTool({ name, metadata: { accessMode: AccessMode.READONLY }, run, ...extra });
}
