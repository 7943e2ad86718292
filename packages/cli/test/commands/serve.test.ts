import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { runCli } from '../support/run-cli';

// The stdio transport itself is exercised by test/e2e/serve-stdio.test.ts
// against the built CLI; here the same command runs in-process over the
// SDK's in-memory transport.
async function serve(args: string[]) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const running = runCli(['serve', ...args], { mcpTransport: () => serverTransport });
  const client = new Client({ name: 'cli-test', version: '1.0.0' });
  await client.connect(clientTransport);
  return { client, running };
}

describe('victor-tools serve', () => {
  it('should answer tools/list and tools/call, and exit 0 when the client closes', async () => {
    const { client, running } = await serve([]);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['echo', 'log_line', 'set_tool_enabled']);
    expect(await client.callTool({ name: 'echo', arguments: { message: 'hi', loud: true } })).toEqual({ content: [{ type: 'text', text: 'HI' }] });
    await client.close();
    const { code, stdout, stderr } = await running;
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^victor-tools: serving 3 tools from .*fixtures[\\/]tools over MCP\n$/);
  });

  it('should list only what the --mode allows, and run every call in it', async () => {
    const { client, running } = await serve(['--mode', 'plan']);
    // set_tool_enabled is a WRITE tool: plan mode would refuse every call of it.
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['echo', 'log_line']);
    await expect(client.callTool({ name: 'set_tool_enabled', arguments: { name: 'echo', enabled: false } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Tool 'set_tool_enabled' refused in plan mode"),
    });
    expect(await client.callTool({ name: 'echo', arguments: { message: 'hi' } })).toEqual({ content: [{ type: 'text', text: 'hi' }] });
    await client.close();
    expect((await running).code).toBe(0);
  });

  it.each([
    ['--port', '8080'],
    ['--host', '0.0.0.0'],
    ['--stateful'],
    ['--token', 'secret'],
  ])('should refuse %s without --http, with exit 2', async (...flag) => {
    const { code, stdout, stderr } = await runCli(['serve', ...flag]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`error: ${flag[0]} needs --http\n`);
  });

  it.each([
    ['--request-timeout', '10s'],
    ['--max-connections', '10'],
    ['--max-buffered', '32MiB'],
    ['--session-idle', '5m'],
    ['--session-init', '5s'],
    ['--max-sessions', '10'],
    ['--max-sessions-per-caller', '10'],
  ])('should refuse %s without --http, with exit 2', async (...flag) => {
    const { code, stderr } = await runCli(['serve', ...flag]);
    expect(code).toBe(2);
    expect(stderr).toBe(`error: ${flag[0]} needs --http\n`);
  });

  it.each([
    ['--session-idle', '5m'],
    ['--session-init', '5s'],
    ['--max-sessions', '10'],
    ['--max-sessions-per-caller', '10'],
  ])('should refuse %s without --stateful, with exit 2', async (...flag) => {
    const { code, stderr } = await runCli(['serve', '--http', ...flag]);
    expect(code).toBe(2);
    expect(stderr).toBe(`error: ${flag[0]} needs --stateful: a stateless server keeps no sessions\n`);
  });

  it('should refuse --max-sessions-per-caller without --token or --verify-token (no caller to count for), with exit 2', async () => {
    const { code, stderr } = await runCli(['serve', '--http', '--stateful', '--max-sessions-per-caller', '2']);
    expect(code).toBe(2);
    expect(stderr).toBe('error: --max-sessions-per-caller needs --token or --verify-token: without one a request names no caller to count sessions for\n');
  });

  it('should say in --help when --max-sessions-per-caller has a default, as the README does', async () => {
    const { stdout } = await runCli(['serve', '--help']);
    expect(stdout.replace(/\s+/g, ' ')).toContain('(default: a tenth of --max-sessions with a --verify-token or several --tokens; else none)');
  });

  it.each([
    ['--request-timeout', 'soon', "Expected a duration such as 500ms, 10s, 30m or 1h, got 'soon'."],
    ['--session-idle', '0s', "Expected a duration such as 500ms, 10s, 30m or 1h, got '0s'."],
    ['--session-init', 'later', "Expected a duration such as 500ms, 10s, 30m or 1h, got 'later'."],
    ['--max-buffered', '32MB', "Expected a size such as 1048576, 512KiB or 32MiB, got '32MB'."],
    ['--max-connections', '0', "Expected a positive integer, got '0'."],
  ])('should refuse %s %s with exit 2', async (flag, value, message) => {
    const { code, stderr } = await runCli(['serve', '--http', '--stateful', flag, value]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('should refuse --max-buffered under the largest request body, with exit 2', async () => {
    const { code, stderr } = await runCli(['serve', '--http', '--max-buffered', '1MiB']);
    expect(code).toBe(2);
    expect(stderr).toBe('error: --max-buffered must be at least 4194304 bytes (4MiB), the largest request body, got 1048576\n');
  });

  it.each(['http', '-1', '65536', '1.5'])('should refuse --port %s with exit 2', async (port) => {
    const { code, stderr } = await runCli(['serve', '--http', '--port', port]);
    expect(code).toBe(2);
    expect(stderr).toContain(`Expected a port from 0 to 65535, got '${port}'.`);
  });

  it('should list schemas at the --level given', async () => {
    const { client, running } = await serve(['--level', 'stub']);
    const echo = (await client.listTools()).tools.find((t) => t.name === 'echo');
    expect(Object.keys(echo?.inputSchema.properties ?? {})).toEqual(['message']);
    await client.close();
    await running;
  });

  // Serving with --redis against a real Redis and worker processes: test/spec/s19-queue-serve.test.ts.
  it('should refuse --queue without --redis, with exit 2', async () => {
    const { code, stdout, stderr } = await runCli(['serve', '--http', '--queue', 'tools']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('error: --queue needs --redis\n');
  });

  it.each(['a:b', ''])("should refuse the queue name '%s' with exit 2", async (name) => {
    const { code, stderr } = await runCli(['serve', '--redis', 'redis://127.0.0.1:1', '--queue', name]);
    expect(code).toBe(2);
    expect(stderr).toContain(`Expected a queue name without ':', got '${name}'.`);
  });

  it('should refuse --queue-secret without --redis, with exit 2', async () => {
    const { code, stderr } = await runCli(['serve', '--queue-secret', 'a-long-enough-secret-123']);
    expect(code).toBe(2);
    expect(stderr).toBe('error: --queue-secret needs --redis\n');
  });

  it('should list --redis and --queue in its help', async () => {
    const { code, stdout } = await runCli(['serve', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--redis <url>');
    expect(stdout).toContain('--queue <name>');
  });
});
