// An echo server for the tests of serveMcpHttp (mcp's and test/spec's): two
// tools that tell servers and modes apart, and the official client's checks.
import { AccessMode, DangerLevel, ToolRegistry } from '@victor-tools/core';
import { TestTool, silentLogger } from '../../../../test/support/tools';
import { httpClient } from '../../../../test/support/mcp-http';
import { textOf } from '../../../../test/support/mcp-results';

/** A registry of `echo` (read-only, answers `<label>: <text>`) and `erase` (writes, high danger): enough to tell servers and modes apart. */
export function echoRegistry(label = 'echo'): ToolRegistry {
  const r = new ToolRegistry({ logger: silentLogger });
  r.register(
    new TestTool({
      name: 'echo',
      description: 'Echo the text.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
      metadata: { accessMode: AccessMode.READONLY },
      run: (args) => `${label}: ${String(args.text)}`,
    }),
  );
  r.register(new TestTool({ name: 'erase', description: 'Erase.', metadata: { accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.HIGH }, run: () => 'erased' }));
  return r;
}

/** A raw JSON-RPC `tools/call` of `echo` with `args`. */
export function echoCallBody(args: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: args } });
}

/** The official client's checks of an echo server: list, a good call, bad arguments as isError, an unknown tool as -32602. */
export async function checkWithOfficialClient(url: string, token?: string): Promise<void> {
  const { client } = await httpClient(url, { token });
  try {
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['echo', 'erase']);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('echo: hi');
    const bad = await client.callTool({ name: 'echo', arguments: {} });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain("Required parameter 'text' is missing");
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({ code: -32602, message: "MCP error -32602: Tool 'nope' not found" });
  } finally {
    await client.close();
  }
}
