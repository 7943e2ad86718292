// SPEC section 11 (MCP server and CLI).
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { AccessMode, DangerLevel, ToolRegistry } from '@victor-tools/core';
import { run } from '@victor-tools/cli';
import { serveMcp } from '@victor-tools/mcp';
import { TestTool } from './helpers';
import { quietLogger } from '../support/logger';

describe('serveMcp', () => {
  async function connect(registry: ToolRegistry) {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const handle = await serveMcp(registry, { transport: serverTransport });
    const client = new Client({ name: 'spec', version: '1.0.0' });
    await client.connect(clientTransport);
    return { client, handle };
  }

  function registry() {
    const r = new ToolRegistry({ logger: quietLogger() });
    r.register(
      new TestTool({
        name: 'echo',
        description: 'Echo the text.',
        parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        metadata: { accessMode: AccessMode.READONLY },
        idempotent: true,
        run: (args) => `echo: ${args.text}`,
      }),
    );
    r.register(new TestTool({ name: 'rm', description: 'Remove.', metadata: { accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.HIGH } }));
    return r;
  }

  it('should answer tools/list with annotations', async () => {
    const { client, handle } = await connect(registry());
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['echo', 'rm']);
    const echo = tools.find((t) => t.name === 'echo')!;
    expect(echo.inputSchema).toMatchObject({ type: 'object', required: ['text'] });
    expect(echo.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(tools.find((t) => t.name === 'rm')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    await client.close();
    await handle.close();
  });

  it('should answer tools/call, and return a validation failure as a readable isError result', async () => {
    const { client, handle } = await connect(registry());
    const ok = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(ok.isError).toBeFalsy();
    expect(JSON.stringify(ok.content)).toContain('echo: hi');
    const bad = await client.callTool({ name: 'echo', arguments: {} });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain("Required parameter 'text' is missing");
    await client.close();
    await handle.close();
  });

  it('should send tools/list_changed when a tool is enabled or disabled', async () => {
    const r = registry();
    const { client, handle } = await connect(r);
    let notified = 0;
    const changed = new Promise<void>((resolve) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        notified++;
        resolve();
      });
    });
    r.disableTool('rm');
    await changed;
    expect(notified).toBeGreaterThanOrEqual(1);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    const again = new Promise<void>((resolve) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
    });
    r.enableTool('rm');
    await again;
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['echo', 'rm']);
    await client.close();
    await handle.close();
  });
});

describe('victor-tools CLI', () => {
  const tools = join(__dirname, 'fixtures', 'cli-tools');

  async function cli(argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await run(argv, {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
    });
    return { code, stdout, stderr };
  }

  it('should list the tools of --tools DIR', async () => {
    const { code, stdout } = await cli(['--tools', tools, 'list']);
    expect(code).toBe(0);
    for (const name of ['shout', 'whisper']) expect(stdout).toContain(name);
  });

  it('should list the examples by default', async () => {
    const { code, stdout } = await cli(['list']);
    expect(code).toBe(0);
    expect(stdout).toContain('find_files');
  });

  it('should print schemas at a level and in a provider format', async () => {
    const full = await cli(['--tools', tools, 'schema', 'shout']);
    expect(full.code).toBe(0);
    expect(JSON.parse(full.stdout)).toMatchObject({ type: 'function', function: { name: 'shout' } });
    const anthropic = await cli(['--tools', tools, 'schema', 'shout', '--level', 'stub', '--provider', 'anthropic']);
    expect(anthropic.code).toBe(0);
    expect(JSON.parse(anthropic.stdout)).toMatchObject({ name: 'shout', input_schema: { type: 'object', required: ['text'] } });
  });

  it('should call a tool with JSON arguments', async () => {
    const { code, stdout } = await cli(['--tools', tools, 'call', 'shout', '{"text":"hey"}']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ success: true, output: 'HEY' });
    const bad = await cli(['--tools', tools, 'call', 'shout', '{}']);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toContain("Invalid parameters for tool 'shout': Required parameter 'text' is missing");
  });

  it('should search by text', async () => {
    const { code, stdout } = await cli(['--tools', tools, 'search', 'uppercase']);
    expect(code).toBe(0);
    expect(stdout).toContain('shout');
  });

  it('should have a serve command', async () => {
    const { code, stdout } = await cli(['serve', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('serve');
  });
});
