import { ToolRegistry } from '@victor-tools/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { serveMcp, type McpServerHandle } from '@victor-tools/mcp';
import { toMcpTool } from '@victor-tools/providers';
import { REGISTRIES } from './support/registries';
import { MinimalRegistry, type TestRegistry } from './support/minimal-registry';
import { ReadFileTool, StatTool, WaitTool, WriteFileTool } from './support/tools';

interface Connection {
  client: Client;
  handle: McpServerHandle;
  listChanged: jest.Mock;
}

async function connect(registry: TestRegistry, options: { nullAsAbsent?: boolean } = {}): Promise<Connection> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const handle = await serveMcp(registry, { transport: serverTransport, name: 'test-server', version: '1.2.3', ...options });
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const listChanged = jest.fn();
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => listChanged());
  await client.connect(clientTransport);
  return { client, handle, listChanged };
}

/** Resolves once the client has received `count` list_changed notifications. */
function notificationsReceived(mock: jest.Mock, count = 1): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (mock.mock.calls.length >= count ? resolve() : setImmediate(check));
    check();
  });
}

describe.each(REGISTRIES)('serveMcp over %s', (_label, makeRegistry) => {
  let registry: TestRegistry;
  let conn: Connection;

  beforeEach(async () => {
    registry = makeRegistry();
    registry.register(new ReadFileTool());
    registry.register(new StatTool());
    registry.register(new WriteFileTool());
    conn = await connect(registry);
  });

  afterEach(async () => {
    await conn.client.close();
    await conn.handle.close();
  });

  describe('initialize', () => {
    it('should announce its name, version and the tools capability with listChanged', () => {
      expect(conn.client.getServerVersion()).toMatchObject({ name: 'test-server', version: '1.2.3' });
      expect(conn.client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    });
  });

  describe('tools/list', () => {
    it('should list the enabled tools exactly as toMcpTool renders them', async () => {
      const { tools } = await conn.client.listTools();
      expect(tools).toEqual([new ReadFileTool(), new StatTool(), new WriteFileTool()].map((t) => toMcpTool(t).schema));
    });

    it('should leave out a disabled tool', async () => {
      registry.disableTool('stat');
      const { tools } = await conn.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['read_file', 'write_file']);
    });
  });

  describe('tools/call', () => {
    it('should return a string output as text', async () => {
      const result = await conn.client.callTool({ name: 'read_file', arguments: { path: 'a.txt' } });
      expect(result).toEqual({ content: [{ type: 'text', text: 'contents of a.txt' }] });
    });

    it('should return an object output as JSON text and as structuredContent', async () => {
      const result = await conn.client.callTool({ name: 'stat', arguments: { path: 'a.txt' } });
      const output = { path: 'a.txt', size: 42, followed: 'absent' };
      expect(result).toEqual({ content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output });
    });

    it('should return bad arguments as an isError result with the readable validation message', async () => {
      const result = await conn.client.callTool({ name: 'read_file', arguments: {} });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        { type: 'text', text: expect.stringMatching(/^Invalid parameters for tool 'read_file': .*Required parameter 'path' is missing/) },
      ]);
    });

    it("should return the tool's own failure as an isError result", async () => {
      const result = await conn.client.callTool({ name: 'write_file', arguments: { path: 'a', content: 'b' } });
      expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'Disk is read-only' }] });
    });

    it('should answer an unknown tool with an InvalidParams protocol error naming it', async () => {
      await expect(conn.client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining("Tool 'nope' not found"),
      });
    });

    it('should answer a disabled tool with a protocol error, as it is not listed', async () => {
      registry.disableTool('read_file');
      await expect(conn.client.callTool({ name: 'read_file', arguments: { path: 'a' } })).rejects.toThrow(/Tool 'read_file' is disabled/);
    });

    it("should abort the tool's signal when the client cancels the request", async () => {
      const wait = new WaitTool();
      registry.register(wait);
      const controller = new AbortController();
      const call = conn.client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal });
      await wait.started;
      controller.abort('user cancelled');
      await expect(call).rejects.toThrow();
      await expect(wait.finished).resolves.toBe(true);
    });
  });

  describe('notifications/tools/list_changed', () => {
    it('should be sent when a tool is disabled, and the next list leaves it out', async () => {
      registry.disableTool('read_file');
      await notificationsReceived(conn.listChanged);
      const { tools } = await conn.client.listTools();
      expect(tools.map((t) => t.name)).not.toContain('read_file');
    });

    it('should be sent when a tool is enabled, registered or unregistered', async () => {
      registry.disableTool('stat');
      await notificationsReceived(conn.listChanged, 1);
      registry.enableTool('stat');
      await notificationsReceived(conn.listChanged, 2);
      registry.register(new WaitTool());
      await notificationsReceived(conn.listChanged, 3);
      registry.unregister('wait');
      await notificationsReceived(conn.listChanged, 4);
      expect(conn.listChanged).toHaveBeenCalledTimes(4);
    });

    it('should be sent once for changes made in the same tick', async () => {
      registry.disableTool('stat');
      registry.disableTool('read_file');
      await notificationsReceived(conn.listChanged);
      await conn.client.listTools();
      expect(conn.listChanged).toHaveBeenCalledTimes(1);
    });

  });
});

describe('McpServerHandle', () => {
  describe('close', () => {
    it("should unsubscribe from the registry's changes, once", async () => {
      const unsubscribe = jest.fn();
      const registry = { listTools: () => [], execute: jest.fn(), onChange: jest.fn(() => unsubscribe) };
      const [, serverTransport] = InMemoryTransport.createLinkedPair();
      const handle = await serveMcp(registry, { transport: serverTransport });
      expect(registry.onChange).toHaveBeenCalledTimes(1);
      await handle.close();
      await handle.close();
      expect(unsubscribe).toHaveBeenCalledTimes(1);
    });
  });
});

describe('serveMcp with nullAsAbsent', () => {
  async function callStat(registry: TestRegistry, options: { nullAsAbsent?: boolean }) {
    registry.register(new StatTool());
    const conn = await connect(registry, options);
    try {
      return await conn.client.callTool({ name: 'stat', arguments: { path: 'a', follow: null } });
    } finally {
      await conn.client.close();
      await conn.handle.close();
    }
  }

  it('should take a null for an optional parameter as absent', async () => {
    const result = await callStat(new MinimalRegistry(), { nullAsAbsent: true });
    expect(result.structuredContent).toEqual({ path: 'a', size: 42, followed: 'absent' });
  });

  it('should not be needed over core\'s ToolRegistry, which takes that null as absent by default', async () => {
    const result = await callStat(new ToolRegistry(), {});
    expect(result.structuredContent).toEqual({ path: 'a', size: 42, followed: 'absent' });
  });

  it('should restore that over a ToolRegistry built with nullAsAbsent: false, which otherwise reports the null', async () => {
    const strict = await callStat(new ToolRegistry({ nullAsAbsent: false }), {});
    expect(strict.isError).toBe(true);
    expect(strict.content).toEqual([
      { type: 'text', text: "Invalid parameters for tool 'stat': Parameter 'follow' has wrong type: expected boolean, got null" },
    ]);
    const restored = await callStat(new ToolRegistry({ nullAsAbsent: false }), { nullAsAbsent: true });
    expect(restored.structuredContent).toEqual({ path: 'a', size: 42, followed: 'absent' });
  });
});

describe('serveMcp: finding the called tool', () => {
  class FlakyTool extends ReadFileTool {
    available = true;
    override get name() {
      return 'flaky';
    }
    override get aliases() {
      return ['flaky_alias'];
    }
    override isAvailable() {
      return this.available;
    }
  }

  let registry: ToolRegistry;
  let conn: Connection;
  const flaky = new FlakyTool();

  beforeEach(async () => {
    registry = new ToolRegistry();
    registry.register(new ReadFileTool());
    registry.register(flaky);
    for (let i = 0; i < 500; i++) registry.register(`filler_${i}`, new StatTool());
    conn = await connect(registry);
  });

  afterEach(async () => {
    flaky.available = true;
    await conn.client.close();
    await conn.handle.close();
  });

  it("should look a call's tool up by name or alias on core's registry, never walking the tool list", async () => {
    const listTools = jest.spyOn(registry, 'listTools');
    await expect(conn.client.callTool({ name: 'read_file', arguments: { path: 'a' } })).resolves.toMatchObject({ content: [{ text: 'contents of a' }] });
    await expect(conn.client.callTool({ name: 'flaky_alias', arguments: { path: 'b' } })).resolves.toMatchObject({ content: [{ text: 'contents of b' }] });
    expect(listTools).not.toHaveBeenCalled();
  });

  it('should answer a tool that is no longer available with a protocol error, as tools/list leaves it out', async () => {
    flaky.available = false;
    expect((await conn.client.listTools()).tools.map((t) => t.name)).not.toContain('flaky');
    await expect(conn.client.callTool({ name: 'flaky', arguments: { path: 'a' } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Tool 'flaky' is not available"),
    });
  });
});
