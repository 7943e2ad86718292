// Case 11: `victor-tools gateway` between an MCP client and a server. One
// call (server-everything's echo, over stdio) made directly, through a bare
// byte pipe (a process copying bytes both ways: the floor of any gateway,
// fixtures/mcp-gateway/byte-pipe.mjs) and through the gateway; then the cost
// of mounting 500 tools and answering the first tools/list; then the tokens
// of tools/list over the three reference servers, with and without
// --progressive.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const BIN = join(here, '..', '..', 'packages', 'cli', 'dist', 'bin.js');
const PIPE = join(here, '..', 'fixtures', 'mcp-gateway', 'byte-pipe.mjs');
const WARMUP_CALLS = 300;
const CALLS = 2_000;
const ROUNDS = 3;
const MOUNTED_TOOLS = 500;

function referenceServer(name) {
  return join(dirname(require.resolve(`@modelcontextprotocol/${name}/package.json`)), 'dist', 'index.js');
}

/** Median time of one call (ns) over `CALLS` sequential calls, after a warm-up; every answer checked. */
async function timePerCall(client, tool) {
  const call = async (i) => {
    const text = `call-${i}`;
    const result = await client.callTool({ name: tool, arguments: { message: text } });
    if (result.content?.[0]?.text !== `Echo: ${text}`) throw new Error(`wrong answer: ${JSON.stringify(result).slice(0, 200)}`);
  };
  for (let i = 0; i < WARMUP_CALLS; i++) await call(i);
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const started = process.hrtime.bigint();
    await call(i);
    times.push(Number(process.hrtime.bigint() - started));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function runGatewayCase(victor, report) {
  let sdk;
  try {
    const [{ Client }, { StdioClientTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
    ]);
    sdk = { Client, StdioClientTransport };
    if (typeof (await import('@victor-tools/mcp')).mcpTools !== 'function') throw new Error('mcpTools is missing');
    referenceServer('server-everything');
  } catch (error) {
    report.skip({ case: '11', name: 'MCP gateway', missing: [`mcpTools, the MCP SDK or @modelcontextprotocol/server-everything (${error.message})`] });
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'victor-bench-gateway-'));
  try {
    await perCall(sdk, dir, report);
    await report.guard({ case: '11', name: `mount ${MOUNTED_TOOLS} tools and the first tools/list` }, () => mounting(sdk, report));
    await report.guard({ case: '11', name: 'tokens of tools/list' }, () => listTokens(sdk, dir, report));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function perCall({ Client, StdioClientTransport }, dir, report) {
  const everything = [referenceServer('server-everything'), 'stdio'];
  const config = join(dir, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: everything } } }));
  const paths = {
    direct: { args: everything, tool: 'echo' },
    pipe: { args: [PIPE, process.execPath, ...everything], tool: 'echo' },
    gateway: { args: [BIN, 'gateway', '--config', config], tool: 'everything_echo' },
  };
  // Rounds alternate the three paths, each in a fresh process, so that the machine's load falls on all of them alike.
  const medians = { direct: [], pipe: [], gateway: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, path] of Object.entries(paths)) {
      const client = new Client({ name: 'bench', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: path.args, stderr: 'ignore' }));
      try {
        medians[name].push(await timePerCall(client, path.tool));
      } finally {
        await client.close();
      }
    }
  }
  const best = Object.fromEntries(Object.entries(medians).map(([name, list]) => [name, [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]]));
  const note = `${CALLS} sequential calls of server-everything's echo after ${WARMUP_CALLS} warm-up, median per call; the median of ${ROUNDS} rounds alternating the paths`;
  report.row({ case: '11', name: 'stdio: client -> server (direct)', median: best.direct, ratio: best.direct / best.pipe, note: 'for scale: no process between' });
  report.row({ case: '11', name: 'stdio: client -> byte pipe -> server (baseline)', median: best.pipe, ratio: 1, note });
  report.row({
    case: '11',
    name: 'stdio: client -> victor-tools gateway -> server',
    median: best.gateway,
    ratio: best.gateway / best.pipe,
    goal: '<= 1.3x pipe',
    met: best.gateway / best.pipe <= 1.3,
    note: 'validation, mode policy and the call through mcpTools included',
  });
}

/** 5 in-process servers of 100 tools each (connected beforehand): mcpTools + attach for all, serveMcp, and the client's first tools/list. */
async function mounting({ Client }, report) {
  const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
  const { ListToolsRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
  const { mcpTools, serveMcp } = await import('@victor-tools/mcp');
  const { ToolRegistry } = await import('@victor-tools/core');
  const servers = 5;
  const perServer = MOUNTED_TOOLS / servers;
  // Each server answers tools/list with a list made beforehand: the figure is the gateway's cost, not the servers'.
  const toolList = (s) =>
    Array.from({ length: perServer }, (_, t) => ({
      name: `tool_${t}`,
      description: `Tool ${t} of server ${s}: reads the records of a project and returns those that match the query, newest first.`,
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look for' }, limit: { type: 'integer', description: 'How many records at most' }, path: { type: 'string' } },
        required: ['query'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: t % 2 === 0, openWorldHint: false },
    }));
  const samples = [];
  for (let sample = 0; sample < 5; sample++) {
    const clients = [];
    for (let s = 0; s < servers; s++) {
      const server = new Server({ name: `server${s}`, version: '1.0.0' }, { capabilities: { tools: {} } });
      const tools = toolList(s);
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: 'bench', version: '1.0.0' });
      await client.connect(clientSide);
      clients.push({ client, server });
    }
    const [gatewayClientSide, gatewayServerSide] = InMemoryTransport.createLinkedPair();
    const downstream = new Client({ name: 'bench-downstream', version: '1.0.0' });
    const started = process.hrtime.bigint();
    const registry = new ToolRegistry();
    const sets = await Promise.all(clients.map(({ client }, s) => mcpTools(client, { prefix: `s${s}` })));
    for (const set of sets) set.attach(registry);
    const handle = await serveMcp(registry, { transport: gatewayServerSide });
    await downstream.connect(gatewayClientSide);
    const { tools } = await downstream.listTools();
    samples.push(Number(process.hrtime.bigint() - started));
    if (tools.length !== MOUNTED_TOOLS) throw new Error(`listed ${tools.length} tools, expected ${MOUNTED_TOOLS}`);
    await downstream.close();
    await handle.close();
    await Promise.all(sets.map((set) => set.close()));
    await Promise.all(clients.map(({ client, server }) => Promise.all([client.close(), server.close()])));
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  report.row({
    case: '11',
    name: `mount ${MOUNTED_TOOLS} tools (5 servers) and the first tools/list`,
    median,
    goal: '< 200 ms',
    met: median < 200e6,
    note: "tools/list of each server, McpRemoteTool per tool, attach, serveMcp and a client's first tools/list (initialize included), median of 5; the servers are in-process and connected beforehand, so a server's own start-up is not counted",
  });
}

/** Tokens (o200k) of the gateway's tools/list over the three reference servers, in full and with --progressive. */
async function listTokens({ Client, StdioClientTransport }, dir, report) {
  const { estimateTokens } = await import('@victor-tools/core');
  const config = join(dir, 'three.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [referenceServer('server-everything'), 'stdio'] },
        fs: { command: process.execPath, args: [referenceServer('server-filesystem'), dir] },
        memory: { command: process.execPath, args: [referenceServer('server-memory')], env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } },
      },
    }),
  );
  const listed = {};
  for (const flags of [[], ['--progressive']]) {
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'gateway', '--config', config, ...flags], stderr: 'ignore' }));
    try {
      const { tools } = await client.listTools();
      listed[flags.length ? 'progressive' : 'full'] = { count: tools.length, tokens: estimateTokens({ tools }) };
      if (flags.length) {
        await client.callTool({ name: 'search_tools', arguments: { query: 'save this text to notes.txt' } });
        const after = (await client.listTools()).tools;
        listed.afterSearch = { count: after.length, tokens: estimateTokens({ tools: after }) };
      }
    } finally {
      await client.close();
    }
  }
  const note = (entry) => `${entry.count} tools; o200k tokens of the tools/list result's JSON`;
  report.row({ case: '11', name: 'tools/list tokens, 3 reference servers, in full', value: `${listed.full.tokens} tokens`, note: note(listed.full) });
  report.row({
    case: '11',
    name: 'tools/list tokens with --progressive',
    value: `${listed.progressive.tokens} tokens`,
    ratio: listed.progressive.tokens / listed.full.tokens,
    note: `${note(listed.progressive)}; after search_tools('save this text to notes.txt'): ${listed.afterSearch.count} tools, ${listed.afterSearch.tokens} tokens`,
  });
}
