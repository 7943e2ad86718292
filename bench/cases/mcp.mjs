// Case 8: calls per second through the official MCP client, over stdio (one
// server process) and over stateless Streamable HTTP (one server process, and
// three behind a round-robin client-side balancer). Every server is a child
// process, as in production, so the client and servers do not share a thread.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./mcp-server-child.mjs', import.meta.url));
const CLIENTS = 10;
const WARMUP_CALLS = 200;
const CALLS = 2000;

async function loadSdk() {
  const [{ Client }, { StdioClientTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return { Client, StdioClientTransport, StreamableHTTPClientTransport };
}

/** Starts an HTTP server child and resolves with its URL and a stop function. */
function startHttpServer() {
  const child = spawn(process.execPath, [CHILD, 'http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = out.split('\n')[0];
      if (out.includes('\n')) resolve({ url, stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))) });
    });
    child.once('exit', (code) => reject(new Error(`MCP HTTP server exited with ${code}`)));
  });
}

/** `total` calls spread over `callers` (each awaiting its previous answer); checks every answer; calls per second. */
async function callsPerSecond(callers, total) {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    callers.map(async (call) => {
      while (next < total) {
        const text = `call-${next++}`;
        const result = await call(text);
        if (result.content?.[0]?.text !== text) throw new Error(`wrong answer: ${JSON.stringify(result).slice(0, 200)}`);
      }
    }),
  );
  return total / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function measure(callers) {
  await callsPerSecond(callers, WARMUP_CALLS);
  return callsPerSecond(callers, CALLS);
}

export async function runMcpCase(victor, report) {
  let sdk;
  try {
    sdk = await loadSdk();
    await import('@victor-tools/mcp');
  } catch (error) {
    report.skip({ case: '8', name: 'MCP calls per second', missing: [`@victor-tools/mcp or the MCP SDK (${error.message})`] });
    return;
  }
  const { Client, StdioClientTransport, StreamableHTTPClientTransport } = sdk;
  const callOf = (client) => (text) => client.callTool({ name: 'echo', arguments: { text } });
  const rows = [];

  await report.guard({ case: '8', name: 'stdio, 1 server process' }, async () => {
    // One stdio connection is one client: its 10 callers share it, requests interleaved.
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CHILD, 'stdio'], stderr: 'inherit' }));
    try {
      rows.push({ name: `stdio, 1 server process, ${CLIENTS} concurrent callers`, rate: await measure(Array.from({ length: CLIENTS }, () => callOf(client))) });
    } finally {
      await client.close();
    }
  });

  for (const servers of [1, 3]) {
    const name = `Streamable HTTP, stateless, ${servers} server process${servers > 1 ? 'es (round-robin)' : ''}, ${CLIENTS} concurrent clients`;
    await report.guard({ case: '8', name }, async () => {
      const started = await Promise.all(Array.from({ length: servers }, startHttpServer));
      const clients = [];
      try {
        let turn = 0;
        const roundRobin = (_url, init) => fetch(started[turn++ % servers].url, init);
        for (let i = 0; i < CLIENTS; i++) {
          const client = new Client({ name: 'bench', version: '1.0.0' });
          await client.connect(new StreamableHTTPClientTransport(new URL(started[0].url), { fetch: roundRobin }));
          clients.push(client);
        }
        rows.push({ name, rate: await measure(clients.map(callOf)) });
      } finally {
        await Promise.all(clients.map((c) => c.close()));
        await Promise.all(started.map((s) => s.stop()));
      }
    });
  }

  const stdio = rows.find((r) => r.name.startsWith('stdio'));
  for (const row of rows) {
    report.row({
      case: '8',
      name: row.name,
      value: `${Math.round(row.rate)} calls/s`,
      ratio: stdio ? stdio.rate / row.rate : undefined,
      note: `${CALLS} calls after ${WARMUP_CALLS} warm-up, every answer checked; "vs baseline" is time per call relative to stdio`,
    });
  }
}
