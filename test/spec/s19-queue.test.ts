// Tool calls on a worker pool (BullMQ on Redis), checked from
// outside: a real redis-server, `victor-tools worker` processes forked from
// the built CLI and killed by pid, the caller through the public API
// (queueInvoker called as core's pipeline calls its invoker), the fixture tools
// writing what ran where to a log file.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ToolRegistry, type BaseTool, type ToolResult } from '@victor-tools/core';
import { queueInvoker, syncToolStates, type QueueInvoker } from '@victor-tools/queue';
import { Forger, jobData } from '../../packages/queue/test/support/forger';
import { invocation } from '../../packages/queue/test/support/invocation';
import { startRedisServer, type RedisServer } from '../../packages/queue/test/support/redis-server';
import { silentLogger } from '../support/logger';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sleepOnce, sleepIdempotent } = require('./fixtures/queue-tools/sleep-tools') as { sleepOnce: BaseTool; sleepIdempotent: BaseTool };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const guarded = require('./fixtures/queue-tools/guarded-tools') as { sleepStubborn: BaseTool; writeNote: BaseTool; dropTable: BaseTool };

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'packages', 'cli', 'dist', 'bin.js');
const TOOLS = join(__dirname, 'fixtures', 'queue-tools');
const STATE_PROCESS = join(__dirname, 'fixtures', 'queue-state-process.js');

jest.setTimeout(120_000);

let redis: RedisServer;
let dir: string;
let queueCount = 0;
const children = new Set<ChildProcess>();
const invokers: QueueInvoker[] = [];

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: these tests fork the built CLI. Run 'pnpm build' first.`);
  redis = await startRedisServer();
  dir = mkdtempSync(join(tmpdir(), 'vt-queue-spec-'));
});
afterEach(async () => {
  await Promise.all(invokers.splice(0).map((i) => i.close()));
  await Promise.all([...children].map((child) => stop(child, 'SIGKILL')));
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Worker {
  child: ChildProcess;
  pid: number;
  stderr: () => string;
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      children.delete(child);
      resolve();
      return;
    }
    child.once('exit', () => {
      children.delete(child);
      resolve();
    });
    child.kill(signal);
  });
}

/** Forks `victor-tools worker` and waits until it takes calls. */
async function startWorker(queue: string, log: string, extra: string[] = []): Promise<Worker> {
  const child = spawn(process.execPath, [BIN, 'worker', '--tools', TOOLS, '--redis', redis.url, '--queue', queue, '--grace', '5000', ...extra], {
    env: { ...process.env, VICTOR_QUEUE_TEST_LOG: log },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('taking calls')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${stderr}`)));
  });
  return { child, pid: child.pid!, stderr: () => stderr };
}

function setup(options: { resultTtlMs?: number; secret?: string } = {}) {
  queueCount += 1;
  const queue = `spec-${queueCount}`;
  const log = join(dir, `${queue}.log`);
  writeFileSync(log, '');
  const invoker = queueInvoker({ connection: redis.url, queue, logger: silentLogger, ...options });
  invokers.push(invoker);
  return { queue, log, invoker };
}

interface LogLine {
  event: 'start' | 'end' | 'abort';
  id: string;
  pid: number;
  at: number;
}

function readLog(log: string): LogLine[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [event, id, pid, at] = line.split(' ');
      return { event: event as LogLine['event'], id, pid: Number(pid), at: Number(at) };
    });
}

function call(invoker: QueueInvoker, tool: BaseTool, id: string, ms: number, options: { signal?: AbortSignal; timeoutMs?: number } = {}) {
  return invoker.invoke(invocation(tool, { id, ms }, { timeoutMs: options.timeoutMs ?? 90_000, signal: options.signal })) as Promise<ToolResult>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Someone who can write to Redis: adds a job of `tool` as an invoker would write it, and waits for the worker's answer. */
async function forgeJob(queue: string, tool: BaseTool, args: Record<string, unknown>, ctx: Record<string, unknown> = {}) {
  const forger = new Forger(redis.url, queue);
  try {
    return await forger.run(jobData(tool, args, ctx));
  } finally {
    await forger.close();
  }
}

/** The most runs going on at once, by the order of the log's start and end lines. */
function mostAtOnce(lines: LogLine[]): number {
  let running = 0;
  let most = 0;
  for (const line of lines) {
    running += line.event === 'start' ? 1 : line.event === 'end' ? -1 : 0;
    most = Math.max(most, running);
  }
  return most;
}

/**
 * Checks a run in which worker `killed` was SIGKILLed: every call answered
 * once, with its own result. A call the killed worker had taken ran again
 * elsewhere when idempotent, and was answered "outcome unknown" otherwise,
 * never run a second time; every other call ran exactly once, where its
 * result says. A run on the killed worker may have finished just before the
 * kill, before that worker could store its result: such a call is still
 * unanswered from Redis's side, which is what "outcome unknown" means (and
 * why an idempotent one runs again). Answers how many runs the kill cut short.
 */
function checkDelivery(ids: string[], results: ToolResult[], lines: LogLine[], killed: number) {
  const starts = new Map<string, LogLine[]>();
  for (const line of lines) if (line.event === 'start') starts.set(line.id, [...(starts.get(line.id) ?? []), line]);
  const ended = new Set(lines.filter((l) => l.event === 'end').map((l) => `${l.id} ${l.pid}`));
  let reruns = 0;
  let unknown = 0;
  let interrupted = 0;
  results.forEach((result, i) => {
    const id = ids[i];
    const runs = starts.get(id) ?? [];
    const onKilled = runs.filter((run) => run.pid === killed).length;
    const elsewhere = runs.filter((run) => run.pid !== killed);
    if (onKilled > 0 && !ended.has(`${id} ${killed}`)) interrupted += 1;
    if (result.success) {
      const { pid } = result.output as { id: string; pid: number };
      expect(result.output).toMatchObject({ id });
      // The run that answered finished, on the process the result names.
      expect(ended.has(`${id} ${pid}`)).toBe(true);
      if (pid === killed) {
        expect({ id, onKilled, elsewhere: elsewhere.length }).toEqual({ id, onKilled: 1, elsewhere: 0 });
      } else {
        expect({ id, elsewhere: elsewhere.map((run) => run.pid) }).toEqual({ id, elsewhere: [pid] });
        // Only an idempotent call runs again after the kill, and only once.
        expect({ id, onKilled }).toEqual({ id, onKilled: id.startsWith('i') ? Math.min(onKilled, 1) : 0 });
        if (onKilled > 0) reruns += 1;
      }
    } else {
      // Not idempotent and taken by the killed worker: answered "outcome unknown", never run twice.
      expect(id.startsWith('o')).toBe(true);
      expect(result.metadata).toMatchObject({ outcomeUnknown: true, retried: false });
      expect({ id, onKilled: Math.min(onKilled, 1), elsewhere: elsewhere.length }).toEqual({ id, onKilled, elsewhere: 0 });
      unknown += 1;
    }
  });
  return { interrupted, reruns, unknown };
}

describe('s19: tool calls on a worker pool (BullMQ and Redis)', () => {
  it('kill: 200 calls of 300 ms on 4 workers (concurrency 10), one SIGKILLed at 0.5 s: 200/200 results, none lost or doubled, re-runs only of idempotent in-flight calls', async () => {
    const { queue, log, invoker } = setup();
    const workers = await Promise.all([0, 1, 2, 3].map(() => startWorker(queue, log, ['--concurrency', '10', '--lock-duration', '4000'])));
    await invoker.ready();
    const ids = Array.from({ length: 200 }, (_, i) => `${i % 2 === 0 ? 'i' : 'o'}${i}`);
    const started = Date.now();
    // Queued in the order of \`ids\`, kinds alternating: an idempotent call first looks for a kept
    // result (one round trip), so each is let reach the queue before the next call starts.
    const pending: Promise<ToolResult>[] = [];
    let done = 0;
    for (const id of ids) {
      pending.push(call(invoker, id.startsWith('i') ? sleepIdempotent : sleepOnce, id, 300).finally(() => (done += 1)));
      while (invoker.inFlight + done < pending.length) await new Promise((resolve) => setImmediate(resolve));
    }
    // At 0.5 s, or later on a machine so busy that the victim is not running calls of both kinds by then.
    const victim = workers[0].pid;
    const running = (kind: string) => {
      const lines = readLog(log).filter((l) => l.pid === victim && l.id.startsWith(kind));
      return lines.filter((l) => l.event === 'start').length - lines.filter((l) => l.event === 'end').length;
    };
    await sleep(Math.max(0, started + 500 - Date.now()));
    while ((running('i') < 1 || running('o') < 1) && Date.now() - started < 20_000) await sleep(5);
    await stop(workers[0].child, 'SIGKILL');
    const results = await Promise.all(pending);
    const seconds = (Date.now() - started) / 1000;

    expect(results).toHaveLength(200);
    const outcome = checkDelivery(ids, results, readLog(log), workers[0].pid);
    // The killed worker had calls of both kinds running.
    expect(outcome.reruns).toBeGreaterThan(0);
    expect(outcome.unknown).toBeGreaterThan(0);
    // BullMQ's words when a live worker loses a running call's lock (it finishes the call without one, or cannot renew it).
    for (const worker of workers) expect(worker.stderr()).not.toMatch(/Missing lock|could not renew lock/);
    console.log(
      `kill: ${outcome.interrupted} runs cut short; ${outcome.reruns} idempotent calls re-run, ${outcome.unknown} answered "outcome unknown"; ` +
        `all 200 answered in ${seconds.toFixed(1)} s`,
    );
  });

  it('at most once: a tool that is not idempotent, whose worker is killed mid-call, ran exactly once and its caller got "outcome unknown"', async () => {
    const { queue, log, invoker } = setup();
    const first = await startWorker(queue, log, ['--lock-duration', '2000']);
    // Long enough to be still running once the second worker is up on a loaded machine (its start took over 3 s):
    // the kill cuts it short, so the test does not wait for it.
    const pending = call(invoker, sleepOnce, 'once', 20_000);
    for (let i = 0; i < 100 && !readLog(log).some((l) => l.event === 'start'); i++) await sleep(50);
    await startWorker(queue, log, ['--lock-duration', '2000']);
    await stop(first.child, 'SIGKILL');
    const result = await pending;
    expect(result).toMatchObject({ success: false, metadata: { outcomeUnknown: true, retried: false } });
    expect(result.error).toBe(
      "Tool 'sleep_once' was interrupted: the worker running it stopped, so its outcome is unknown. It was not retried, because the tool is not idempotent.",
    );
    expect(readLog(log).filter((l) => l.event === 'start').map((l) => l.pid)).toEqual([first.pid]);
  });

  it('cache and dedup: 10 identical concurrent idempotent calls run once; a repeat within the TTL answers without running', async () => {
    const { queue, log, invoker } = setup({ resultTtlMs: 5_000 });
    await startWorker(queue, log);
    const results = await Promise.all(Array.from({ length: 10 }, () => call(invoker, sleepIdempotent, 'same', 500)));
    for (const result of results) expect(result).toMatchObject({ success: true, output: { id: 'same' } });
    expect(readLog(log).filter((l) => l.event === 'start')).toHaveLength(1);
    const repeat = await call(invoker, sleepIdempotent, 'same', 500);
    expect(repeat.output).toEqual(results[0].output);
    expect(readLog(log).filter((l) => l.event === 'start')).toHaveLength(1);
  });

  it('cancel: a waiting call never runs; a running one sees its signal abort within 1 s', async () => {
    const { queue, log, invoker } = setup();
    await startWorker(queue, log, ['--concurrency', '1']);
    const running = new AbortController();
    const waiting = new AbortController();
    const active = call(invoker, sleepOnce, 'active', 30_000, { signal: running.signal });
    for (let i = 0; i < 100 && !readLog(log).some((l) => l.id === 'active'); i++) await sleep(50);
    const queued = call(invoker, sleepOnce, 'waiting', 10, { signal: waiting.signal });
    await sleep(300);
    waiting.abort();
    expect((await queued).metadata).toMatchObject({ cancelled: true });
    const abortedAt = Date.now();
    running.abort();
    expect((await active).metadata).toMatchObject({ cancelled: true });
    for (let i = 0; i < 40 && !readLog(log).some((l) => l.event === 'abort'); i++) await sleep(25);
    const abort = readLog(log).find((l) => l.event === 'abort' && l.id === 'active');
    expect(abort).toBeDefined();
    expect(abort!.at - abortedAt).toBeLessThan(1_000);
    await sleep(500);
    expect(readLog(log).some((l) => l.id === 'waiting')).toBe(false);
  });

  it('SIGTERM: a worker takes no new call and lets its running call finish within the grace period, then exits', async () => {
    const { queue, log, invoker } = setup();
    const worker = await startWorker(queue, log, ['--concurrency', '2']);
    const running = call(invoker, sleepOnce, 'running', 1_500);
    for (let i = 0; i < 100 && !readLog(log).some((l) => l.id === 'running'); i++) await sleep(50);
    const exited = new Promise((resolve) => worker.child.once('exit', (code, signal) => resolve({ code, signal })));
    worker.child.kill('SIGTERM');
    await sleep(300);
    const later = call(invoker, sleepOnce, 'later', 10);
    expect(await running).toMatchObject({ success: true, output: { id: 'running', pid: worker.pid } });
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(worker.stderr()).toContain('SIGTERM: taking no new calls; 1 running');
    expect(readLog(log).some((l) => l.id === 'later')).toBe(false);
    const next = await startWorker(queue, log);
    expect(await later).toMatchObject({ success: true, output: { id: 'later', pid: next.pid } });
  });

  it("shared state: disabling a tool in one process removes it from another process's listTools() within 500 ms", async () => {
    queueCount += 1;
    const queue = `spec-${queueCount}`;
    const registry = new ToolRegistry().register(sleepOnce).register(sleepIdempotent);
    const sync = await syncToolStates(registry, { connection: redis.url, queue });
    try {
      const other = spawn(process.execPath, [STATE_PROCESS, redis.url, queue], { stdio: ['pipe', 'pipe', 'inherit'] });
      children.add(other);
      const lines = createInterface({ input: other.stdout! })[Symbol.asyncIterator]();
      expect((await lines.next()).value).toBe('ready');
      const listed = () => registry.listTools().map((t) => t.name);
      expect(listed()).toEqual(['sleep_once', 'sleep_idempotent']);

      other.stdin!.write('disable sleep_once\n');
      const done = String((await lines.next()).value).split(' ');
      const changedAt = Number(done[2]);
      while (listed().includes('sleep_once') && Date.now() - changedAt < 2_000) await sleep(5);
      const elapsed = Date.now() - changedAt;
      expect(listed()).toEqual(['sleep_idempotent']);
      expect(elapsed).toBeLessThan(500);

      // And back, from this side to the other: the other process's next listing is not checked
      // here, but this process's own state follows its own change.
      registry.enableTool('sleep_once');
      expect(listed()).toEqual(['sleep_once', 'sleep_idempotent']);
      other.stdin!.end();
      await new Promise((resolve) => other.once('exit', resolve));
    } finally {
      await sync.close();
    }
  });

  it('concurrency: with --concurrency 2, at most 2 runs at once, also of a tool that ignores its signal; a run past its deadline keeps its slot and is reported', async () => {
    const { queue, log, invoker } = setup();
    const worker = await startWorker(queue, log, ['--concurrency', '2']);
    await invoker.ready();
    // A call every 150 ms, each timing out at 400 ms while its run goes on for 2 s.
    const pending: Promise<ToolResult>[] = [];
    for (let i = 0; i < 12; i++) {
      pending.push(call(invoker, guarded.sleepStubborn, `s${i}`, 2_000, { timeoutMs: 400 }));
      await sleep(150);
    }
    for (const result of await Promise.all(pending)) expect(result.metadata).toMatchObject({ timedOut: true });
    const settled = () => {
      const lines = readLog(log);
      return lines.length > 0 && lines.filter((l) => l.event === 'start').length === lines.filter((l) => l.event === 'end').length;
    };
    for (let i = 0; i < 200 && !settled(); i++) await sleep(50);
    const lines = readLog(log);
    expect(lines.filter((l) => l.event === 'start').length).toBeGreaterThanOrEqual(2);
    expect(mostAtOnce(lines)).toBeLessThanOrEqual(2);
    expect(worker.stderr()).toMatch(/tool 'sleep_stubborn' \(job call-[\w-]+\) is still running \d+ ms after it was stopped \(timed out or cancelled\): it does not stop on ctx.signal, and keeps its slot until it ends/);
  });

  it('forged jobs: the worker applies the mode policy and approval to a job written straight into Redis; with --queue-secret, only signed calls run', async () => {
    const secret = 'spec-queue-secret-0123456789abcdef';
    const plain = setup();
    await startWorker(plain.queue, plain.log);
    const plan = await forgeJob(plain.queue, guarded.writeNote, { path: join(dir, 'plan-note.txt'), content: 'x' }, { mode: 'plan' });
    expect(plan.error).toBe("Tool 'write_note' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'");
    const built = await forgeJob(plain.queue, guarded.writeNote, { path: join(dir, 'build-note.txt'), content: 'x' });
    expect(built.error).toMatch(/^Tool 'write_note' was not approved: worker '.+' has no secret to check the job's approval with; give the invokers and the workers the same secret/);
    const dropped = await forgeJob(plain.queue, guarded.dropTable, { table: 'users' });
    expect(dropped.error).toMatch(/^Tool 'drop_table' was not approved: /);
    expect(readLog(plain.log)).toEqual([]);
    expect(existsSync(join(dir, 'plan-note.txt')) || existsSync(join(dir, 'build-note.txt'))).toBe(false);

    const signed = setup({ secret });
    const worker = await startWorker(signed.queue, signed.log, ['--queue-secret', secret]);
    const registry = new ToolRegistry({ invoker: signed.invoker, approve: () => true }).register(guarded.dropTable).register(sleepOnce);
    expect(await registry.execute('drop_table', { table: 'approved' })).toMatchObject({ success: true, output: { dropped: 'approved', pid: worker.pid } });
    const unsigned = await forgeJob(signed.queue, sleepOnce, { id: 'forged', ms: 0 });
    expect(unsigned.error).toMatch(/^Tool 'sleep_once' failed on the queue: worker '.+' refused the job: the job carries no approval/);
    expect(readLog(signed.log).map((l) => l.id)).toEqual(['approved']);
  });

  it('Redis restart: the calls in flight are answered within seconds (an idempotent one runs again, the other is "outcome unknown"), and the worker goes on', async () => {
    const { queue, log, invoker } = setup();
    const worker = await startWorker(queue, log);
    await invoker.ready();
    const once = call(invoker, sleepOnce, 'r-once', 3_000, { timeoutMs: 600_000 });
    const again = call(invoker, sleepIdempotent, 'r-again', 3_000, { timeoutMs: 600_000 });
    for (let i = 0; i < 200 && readLog(log).filter((l) => l.event === 'start').length < 2; i++) await sleep(50);
    await redis.crash();
    await sleep(500);
    await redis.restart();
    const backAt = Date.now();
    const [onceResult, againResult] = await Promise.all([once, again]);
    const seconds = (Date.now() - backAt) / 1000;
    expect(onceResult.metadata).toMatchObject({ outcomeUnknown: true, retried: false });
    expect(againResult).toMatchObject({ success: true, output: { id: 'r-again', pid: worker.pid } });
    const starts = readLog(log).filter((l) => l.event === 'start').map((l) => l.id);
    expect(starts.filter((id) => id === 'r-once')).toHaveLength(1);
    expect(starts.filter((id) => id === 'r-again')).toHaveLength(2);
    expect(seconds).toBeLessThan(15);
    expect(await call(invoker, sleepOnce, 'r-after', 10, { timeoutMs: 20_000 })).toMatchObject({ success: true, output: { id: 'r-after' } });
  });

  it('load: 10,000 calls of 20 ms over 4 workers with one SIGKILL: every call answered exactly once, no "Missing lock"', async () => {
    const { queue, log, invoker } = setup();
    const workers = await Promise.all([0, 1, 2, 3].map(() => startWorker(queue, log, ['--concurrency', '10'])));
    await invoker.ready();
    const ids = Array.from({ length: 10_000 }, (_, i) => `${i % 2 === 0 ? 'i' : 'o'}${i}`);
    const started = Date.now();
    let answered = 0;
    const pending = ids.map((id) =>
      call(invoker, id.startsWith('i') ? sleepIdempotent : sleepOnce, id, 20).then((result) => {
        answered += 1;
        return result;
      }),
    );
    while (answered < 2_000) await sleep(20);
    await stop(workers[1].child, 'SIGKILL');
    const results = await Promise.all(pending);
    const seconds = (Date.now() - started) / 1000;

    expect(results).toHaveLength(10_000);
    const outcome = checkDelivery(ids, results, readLog(log), workers[1].pid);
    // BullMQ's words when a live worker loses a running call's lock (it finishes the call without one, or cannot renew it).
    for (const worker of workers) expect(worker.stderr()).not.toMatch(/Missing lock|could not renew lock/);
    console.log(
      `load: 10,000 calls in ${seconds.toFixed(1)} s (${Math.round(10_000 / seconds)} calls/s); ` +
        `${outcome.interrupted} runs cut short by the kill; ${outcome.reruns} idempotent calls re-run, ${outcome.unknown} answered "outcome unknown"`,
    );
  });
});
