// Case 9: a tool call through a BullMQ queue (@victor-tools/queue) on a
// private redis-server: queueInvoker's round trip against a raw BullMQ
// `add` + `waitUntilFinished` in the same run, no-op calls per second on 4
// `victor-tools worker` processes, and Redis commands per call.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const BIN = join(here, '..', '..', 'packages', 'cli', 'dist', 'bin.js');
const TOOLS = join(here, '..', 'fixtures', 'queue-tools');
const PAIRS = 1_500;
const THROUGHPUT_CALLS = 4_000;
const IN_FLIGHT = 256;

function findRedisServer() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, 'redis-server'), constants.X_OK);
      return join(dir, 'redis-server');
    } catch {
      // not here
    }
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A redis-server on a free TCP port (as a deployment reaches it), nothing saved; `stop()` ends it. */
async function startRedis(binary, Redis) {
  const dir = mkdtempSync(join(tmpdir(), 'vt-bench-redis-'));
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      await probe.quit();
      break;
    } catch {
      probe.disconnect();
      if (i > 200) {
        await stop();
        throw new Error('redis-server did not answer PING within 10 s');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return { url, stop, pid: child.pid };
}

/**
 * CPU seconds the process has used (Linux /proc: user + system clock ticks, at the usual 100 per
 * second); undefined elsewhere. Unlike commandstats' usec, preemption on a busy machine does not count.
 */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The ToolInvocation core's pipeline hands an invoker (ToolRegistry({ invoker }) builds the same). */
function invocation(tool, args) {
  return {
    name: tool.name,
    tool,
    args,
    input: args, // what a remote invoker sends: the arguments before a Standard Schema's transform (none here)
    ctx: { toolName: tool.name, signal: new AbortController().signal, reportProgress() {}, log() {} },
    timeoutMs: 30_000,
    deadline: Date.now() + 30_000,
  };
}

/** Commands Redis ran so far, and the CPU time they took (µs), INFO itself left out. */
async function commandCount(Redis, url) {
  const client = new Redis(url);
  try {
    const info = await client.info('commandstats');
    let calls = 0;
    let usec = 0;
    for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/gm)) {
      if (match[1] === 'info') continue;
      calls += Number(match[2]);
      usec += Number(match[3]);
    }
    return { calls, usec };
  } finally {
    await client.quit();
  }
}

const medianOf = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function loadQueueStack() {
  try {
    const [queue, bullmq, ioredis] = await Promise.all([import('@victor-tools/queue'), import('bullmq'), import('ioredis')]);
    return { queue, bullmq, Redis: ioredis.Redis };
  } catch (error) {
    return { error: String(error?.message ?? error).split('\n')[0] };
  }
}

export async function runQueueCase(victor, report) {
  const name = 'queueInvoker round trip vs raw BullMQ add + waitUntilFinished';
  const binary = findRedisServer();
  if (binary === undefined) {
    report.skip({ case: '9', name, missing: ['redis-server (not installed: apt-get install -y redis-server)'], goal: '<= 1.3x' });
    return;
  }
  const stack = await loadQueueStack();
  if (stack.error || !victor.core) {
    report.skip({ case: '9', name, missing: [`@victor-tools/queue and core, built (${stack.error ?? 'core missing'})`], goal: '<= 1.3x' });
    return;
  }
  const { queue: vq, bullmq, Redis } = stack;
  const { ToolRegistry } = victor.core;
  const noop = (await import(join(TOOLS, 'noop.js'))).default.noop;
  const redis = await startRedis(binary, Redis);
  const closers = [];
  try {
    // --- the round trip, one call at a time, both paths served by a worker in this process
    const rawQueue = new bullmq.Queue('raw', { connection: { url: redis.url } });
    const rawEvents = new bullmq.QueueEvents('raw', { connection: { url: redis.url } });
    const rawWorker = new bullmq.Worker('raw', async (job) => ({ success: true, output: job.data.n }), { connection: { url: redis.url }, concurrency: 10 });
    closers.push(() => rawWorker.close(), () => rawEvents.close(), () => rawQueue.close());
    await Promise.all([rawQueue.waitUntilReady(), rawEvents.waitUntilReady(), rawWorker.waitUntilReady()]);
    const worker = await vq.startToolWorker(new ToolRegistry().register(noop), { connection: redis.url, queue: 'victor' });
    const invoker = vq.queueInvoker({ connection: redis.url, queue: 'victor' });
    closers.push(() => invoker.close(), () => worker.close());
    await invoker.ready();

    const raw = async (n) => {
      // Finished jobs kept (bounded): waitUntilFinished reads the job when it finished before the wait began.
      const job = await rawQueue.add('noop', { n }, { removeOnComplete: { count: 1000 }, removeOnFail: { count: 1000 } });
      const result = await job.waitUntilFinished(rawEvents);
      if (result.output !== n) throw new Error(`raw BullMQ answered ${JSON.stringify(result)}`);
    };
    const ours = async (n) => {
      const result = await invoker.invoke(invocation(noop, { n }));
      if (!result.success || result.output !== n) throw new Error(`queueInvoker answered ${JSON.stringify(result)}`);
    };
    for (let i = 0; i < 50; i++) {
      await raw(i);
      await ours(i);
    }
    // Call by call, alternating which path goes first: on a busy machine both paths then meet the
    // same moments of load, which rounds of one path at a time did not (their ratio moved 0.7x-1.4x).
    const times = { raw: [], ours: [] };
    for (let i = 0; i < PAIRS; i++) {
      for (const [label, fn] of i % 2 ? [['ours', ours], ['raw', raw]] : [['raw', raw], ['ours', ours]]) {
        const started = process.hrtime.bigint();
        await fn(i);
        times[label].push(Number(process.hrtime.bigint() - started));
      }
    }
    const rawMedian = medianOf(times.raw);
    const oursMedian = medianOf(times.ours);
    report.row({ case: '9', name: 'raw BullMQ: add + job.waitUntilFinished (baseline)', median: rawMedian, note: `one call at a time, worker in this process; median of ${PAIRS} calls, alternating with the other path` });
    const ratio = oursMedian / rawMedian;
    report.row({ case: '9', name: 'queueInvoker.invoke, no-op tool (startToolWorker in this process)', median: oursMedian, ratio, goal: '<= 1.3x', met: ratio <= 1.3 });

    // --- throughput and commands per call, 4 worker processes
    const workers = [];
    for (let i = 0; i < 4; i++) {
      const child = spawn(process.execPath, [BIN, 'worker', '--tools', TOOLS, '--redis', redis.url, '--queue', 'throughput', '--concurrency', '10'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      workers.push(child);
      closers.push(() => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))));
      await new Promise((resolve, reject) => {
        let text = '';
        child.stderr.on('data', (chunk) => ((text += chunk), text.includes('taking calls') && resolve()));
        child.once('exit', (code) => reject(new Error(`victor-tools worker exited with ${code}: ${text}`)));
      });
    }
    const throughput = vq.queueInvoker({ connection: redis.url, queue: 'throughput' });
    closers.push(() => throughput.close());
    await throughput.ready();
    for (let i = 0; i < 200; i++) await throughput.invoke(invocation(noop, { n: i }));
    const before = await commandCount(Redis, redis.url);
    const cpuBefore = cpuSeconds(redis.pid);
    const started = process.hrtime.bigint();
    let next = 0;
    let failed = 0;
    const lane = async () => {
      while (next < THROUGHPUT_CALLS) {
        const n = next++;
        const result = await throughput.invoke(invocation(noop, { n }));
        if (!result.success || result.output !== n) failed += 1;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpuAfter = cpuSeconds(redis.pid);
    const after = await commandCount(Redis, redis.url);
    const commands = after.calls - before.calls;
    const redisUsec = (after.usec - before.usec) / THROUGHPUT_CALLS;
    if (failed) throw new Error(`${failed} of ${THROUGHPUT_CALLS} throughput calls failed`);
    const perCall = commands / THROUGHPUT_CALLS;
    report.row({
      case: '9',
      name: 'no-op calls/s, 4 worker processes (concurrency 10 each)',
      value: `${Math.round(THROUGHPUT_CALLS / seconds)} calls/s`,
      note: `${THROUGHPUT_CALLS} calls, ${IN_FLIGHT} in flight, caller in this process`,
    });
    report.row({
      case: '9',
      name: 'Redis commands per call (INFO commandstats, workers polling included)',
      value: perCall.toFixed(1),
      goal: '<= 60',
      met: perCall <= 60,
    });
    const cpuPerCall = cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / THROUGHPUT_CALLS;
    report.row({
      case: '9',
      name: 'Redis CPU time per call (redis-server process)',
      value: cpuPerCall === undefined ? '-' : `${cpuPerCall.toFixed(0)} µs`,
      note:
        (cpuPerCall === undefined ? 'no /proc here; ' : `one Redis core would carry about ${Math.round(1e6 / cpuPerCall)} calls/s at this cost; `) +
        `commandstats usec: ${redisUsec.toFixed(0)} µs per call (docs/SCALING.md)`,
    });
  } finally {
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch {
        // closing what may already be gone
      }
    }
    await redis.stop();
  }
}
