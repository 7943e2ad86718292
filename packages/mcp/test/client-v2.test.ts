import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ToolRegistry } from '@victor-tools/core';
import { serveMcpHttp } from '@victor-tools/mcp';
import { addTool } from '../../../test/support/tools';
import { textOf } from '../../../test/support/mcp-results';
import { silentLogger } from '../../../test/support/logger';

// Clients of the MCP SDK's 2.x line (`@modelcontextprotocol/client`) call our
// server, built on the 1.x line, over stdio and Streamable HTTP: the protocol
// is what both lines share.
jest.setTimeout(30_000);

const strictAddTool = () =>
  addTool({
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false },
    run: (args) => String(Number(args.a) + Number(args.b)),
  });

async function exercise(client: Client): Promise<void> {
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['add']);
  expect(textOf(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } }))).toBe('5');
  const refused = await client.callTool({ name: 'add', arguments: { a: 'two', b: 3 } });
  expect(refused.isError).toBe(true);
  expect(textOf(refused)).toContain("Invalid parameters for tool 'add'");
}

describe('an MCP SDK 2.x client', () => {
  it('should list and call over stdio', async () => {
    const client = new Client({ name: 'v2-stdio', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(__dirname, 'fixtures', 'victor-stdio-server.cjs')], stderr: 'ignore' }));
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  it.each([
    ['stateless', true],
    ['stateful', false],
  ])('should list and call over Streamable HTTP, %s', async (_label, stateless) => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(strictAddTool());
    const handle = await serveMcpHttp(registry, { stateless, logger: { warn: () => undefined } });
    const client = new Client({ name: 'v2-http', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
      await exercise(client);
    } finally {
      await client.close();
      await handle.close();
    }
  });
});
