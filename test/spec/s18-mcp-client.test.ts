import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AccessMode, DangerLevel, ToolRegistry, ToolRegistrationError } from '@victor-tools/core';
import { McpServerStartError, mcpTools } from '@victor-tools/mcp';

// mcpTools, from outside: an official reference server (npm) as a child process.
jest.setTimeout(30_000);

const memoryEntry = join(dirname(require.resolve('@modelcontextprotocol/server-memory/package.json')), 'dist', 'index.js');
const quiet = { info: () => undefined, warn: () => undefined };

describe('mcpTools', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'victor-spec-mcp-client-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('mounts a server under <prefix>_<name> with metadata from its annotations, under the registry policy', async () => {
    const set = await mcpTools(
      { command: process.execPath, args: [memoryEntry], env: { MEMORY_FILE_PATH: join(dir, 'm.jsonl') }, stderr: 'ignore' },
      { prefix: 'memory', logger: quiet },
    );
    try {
      const registry = new ToolRegistry();
      set.attach(registry);
      expect(registry.get('memory_read_graph')!.metadata).toEqual({ accessMode: AccessMode.READONLY, dangerLevel: DangerLevel.SAFE });
      expect(registry.get('memory_delete_entities')!.metadata).toEqual({ accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.HIGH });
      const refused = await registry.execute('memory_create_entities', { entities: [] }, { mode: 'plan' });
      expect(refused.error).toBe(
        "Tool 'memory_create_entities' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'",
      );
      const graph = await registry.execute('memory_read_graph', {}, { mode: 'plan' });
      expect(graph.output).toEqual({ entities: [], relations: [] });
      expect(() => set.attach(new ToolRegistry().register(set.tools[0]).register(set.tools[1]))).not.toThrow();
      const taken = new ToolRegistry();
      taken.register('memory_read_graph', registry.get('memory_open_nodes')!);
      expect(() => set.attach(taken)).toThrow(ToolRegistrationError);
    } finally {
      await set.close();
    }
  });

  it('rejects with McpServerStartError when the server cannot start', async () => {
    await expect(mcpTools({ command: 'victor-tools-missing-server' }, { logger: quiet })).rejects.toBeInstanceOf(McpServerStartError);
  });
});
