import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { FIXTURE_TOOLS } from '../support/run-cli';
import { textOf } from '../../../../test/support/mcp-results';

// The real thing: the built `victor-tools serve` as a child process, spoken to
// over its stdin and stdout by the official SDK client. It needs `pnpm build`
// (the root `pnpm test` builds first); the fixture tools are plain .js files
// that require the built packages, so no other build is needed.
const BIN = join(__dirname, '..', '..', 'dist', 'bin.js');

jest.setTimeout(15_000);

function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: the end-to-end test runs the built CLI. Run 'pnpm build' first.`);
}

describe('victor-tools serve over stdio', () => {
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';
  const clientErrors: Error[] = [];
  let listChanged = 0;
  let onListChanged: (() => void) | undefined;

  const nextListChanged = () => new Promise<void>((resolve) => (onListChanged = resolve));
  // stderr is a separate pipe: a line may arrive after the response on stdout.
  const stderrShows = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!stderr.includes(text)) return;
        transport.stderr?.off('data', check);
        resolve();
      };
      transport.stderr?.on('data', check);
      check();
    });

  beforeAll(async () => {
    assertBuilt();
    transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--tools', FIXTURE_TOOLS], stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'victor-tools-e2e', version: '1.0.0' });
    // Anything on the server's stdout that is not a JSON-RPC message lands here.
    client.onerror = (error) => clientErrors.push(error);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      listChanged += 1;
      onListChanged?.();
    });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('should announce itself with the tools capability and listChanged', () => {
    expect(client.getServerVersion()?.name).toBe('victor-tools');
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
  });

  it('should list the tools of the --tools directory with their MCP annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['echo', 'log_line', 'set_tool_enabled']);
    const echo = tools.find((t) => t.name === 'echo');
    expect(echo?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
    expect(echo?.inputSchema).toMatchObject({ type: 'object', required: ['message'] });
  });

  it('should call a tool and return its output', async () => {
    const result = await client.callTool({ name: 'echo', arguments: { message: 'hello', times: 2 } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('hello hello');
  });

  it('should answer bad arguments with an isError result carrying the readable message', async () => {
    const result = await client.callTool({ name: 'echo', arguments: { times: 'twice' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Invalid parameters for tool 'echo': Required parameter 'message' is missing; Parameter 'times' has wrong type: expected integer, got string",
    );
  });

  it('should send tools/list_changed when a tool is disabled, and again when it is enabled', async () => {
    const before = listChanged;
    const disabled = nextListChanged();
    const off = await client.callTool({ name: 'set_tool_enabled', arguments: { name: 'echo', enabled: false } });
    expect(off.isError).toBeFalsy();
    await disabled;
    expect(listChanged).toBe(before + 1);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['log_line', 'set_tool_enabled']);
    await expect(client.callTool({ name: 'echo', arguments: { message: 'hi' } })).rejects.toMatchObject({
      constructor: McpError,
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining("Tool 'echo' is disabled"),
    });

    const enabled = nextListChanged();
    await client.callTool({ name: 'set_tool_enabled', arguments: { name: 'echo', enabled: true } });
    await enabled;
    expect(listChanged).toBe(before + 2);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['echo', 'log_line', 'set_tool_enabled']);
  });

  it("should keep stdout for the protocol, sending a tool's console.log to stderr", async () => {
    const result = await client.callTool({ name: 'log_line', arguments: { text: 'a stray console.log line' } });
    expect(textOf(result)).toBe('logged');
    expect(clientErrors).toEqual([]);
    await stderrShows('a stray console.log line');
    await stderrShows('victor-tools: serving 3 tools from');
  });
});

describe('victor-tools serve, when the client closes stdin', () => {
  it('should stop and exit 0', async () => {
    assertBuilt();
    const child = spawn(process.execPath, [BIN, 'serve', '--tools', FIXTURE_TOOLS], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
  });
});
