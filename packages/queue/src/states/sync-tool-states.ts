import type { Logger } from '@victor-tools/core';
import type { RegistryChangeEvent, ToolRegistryLike } from '@victor-tools/core/framework';
import type { Redis } from 'ioredis';
import { closeRedis, createRedis } from '../connection';
import { QueueKeys } from '../job';
import { DEFAULT_PREFIX, checkQueueOptions, type SyncToolStatesOptions } from '../options';
import { errorMessage } from '../results';

/** The registry methods the sync uses. */
export type SyncedRegistry = Pick<ToolRegistryLike, 'onChange' | 'enableTool' | 'disableTool' | 'isToolEnabled' | 'has'>;

/** A running sync, as `syncToolStates` resolves to it. */
export interface ToolStateSync {
  /** Reads every shared state from Redis again and applies it (done on its own after a reconnect). */
  reload(): Promise<void>;
  /** Stops syncing (the registry keeps its states) and closes the sync's connections. */
  close(): Promise<void>;
}

/**
 * Records a change: a new version from the shared counter, the state under
 * the tool's name in the hash (as "<version>:<1|0>"), and a message on the
 * channel, in one step. KEYS: the hash, the counter. ARGV: channel, name, 1|0.
 */
const CHANGE = `
local version = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[1], ARGV[2], version .. ':' .. ARGV[3])
redis.call('PUBLISH', ARGV[1], version .. ':' .. ARGV[3] .. ':' .. ARGV[2])
return version
`;

interface ChangeRedis extends Redis {
  vtToolState(hash: string, counter: string, channel: string, name: string, state: '1' | '0'): Promise<number>;
}

/** "<version>:<1|0>" (the hash) or "<version>:<1|0>:<name>" (a message), read. */
function parseState(text: string): { version: number; enabled: boolean; name?: string } | undefined {
  const first = text.indexOf(':');
  if (first < 0) return undefined;
  const version = Number(text.slice(0, first));
  const state = text.slice(first + 1, first + 2);
  if (!Number.isSafeInteger(version) || (state !== '1' && state !== '0')) return undefined;
  const rest = text.slice(first + 2);
  if (rest !== '' && !rest.startsWith(':')) return undefined;
  return { version, enabled: state === '1', name: rest === '' ? undefined : rest.slice(1) };
}

/**
 * Shares the registry's enabled/disabled tool states through Redis with every
 * other process synced on the same queue (MCP replicas, callers): a tool
 * enabled or disabled here is changed there within milliseconds (pub/sub), and
 * a process that starts or reconnects reads the whole state again, since
 * pub/sub drops the messages sent while a subscriber is away. Each change
 * carries a version from a shared counter, so that every process ends with
 * the latest change whatever order messages and reloads arrive in.
 *
 * Only changes are shared: a tool nobody enabled or disabled since the state
 * was first kept keeps the state it was registered with in each process.
 * Resolves once the shared states are applied and changes are being heard.
 */
export async function syncToolStates(registry: SyncedRegistry, options: SyncToolStatesOptions): Promise<ToolStateSync> {
  // The invoker's and the worker's rules: a queue they could not serve has no tool states to share.
  const queue = checkQueueOptions('syncToolStates', options);
  const keys = new QueueKeys(options.prefix ?? DEFAULT_PREFIX, queue);
  const hash = keys.toolStates;
  const counter = `${hash}:version`;
  const channel = `${hash}:changes`;
  const logger: Logger = options.logger ?? console;
  const commands = createRedis(options.connection, 'victor-tools:tool-states') as ChangeRedis;
  commands.defineCommand('vtToolState', { numberOfKeys: 2, lua: CHANGE });
  // Subscribed by hand on every connect (not ioredis' autoResubscribe), so that a reload follows the subscription.
  const subscriber = createRedis({ ...toOptions(options.connection), autoResubscribe: false }, 'victor-tools:tool-states-changes');
  const applied = new Map<string, number>();
  let applying = false;
  let closed = false;
  const pending = new Set<Promise<unknown>>();

  const warn = (message: string, error: unknown) => logger.warn(`victor-tools tool states: ${message}: ${errorMessage(error)}`);
  const track = (work: Promise<unknown>) => {
    const tracked = work.catch((error: unknown) => warn('a change could not be shared', error));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  };

  /** Applies a shared state unless a later one was applied already. */
  const apply = (name: string, version: number, enabled: boolean) => {
    if (!registry.has(name) || (applied.get(name) ?? 0) >= version) return;
    applied.set(name, version);
    if (registry.isToolEnabled(name) === enabled) return;
    applying = true;
    try {
      if (enabled) registry.enableTool(name);
      else registry.disableTool(name);
    } finally {
      applying = false;
    }
  };

  const reload = async () => {
    const states = await commands.hgetall(hash);
    for (const [name, text] of Object.entries(states)) {
      const state = parseState(text);
      if (state !== undefined) apply(name, state.version, state.enabled);
    }
  };

  const onChange = (event: RegistryChangeEvent) => {
    if (applying || closed) return;
    if (event.type === 'enable' || event.type === 'disable') {
      track(commands.vtToolState(hash, counter, channel, event.name, event.type === 'enable' ? '1' : '0'));
    } else if (event.type === 'register') {
      // A tool registered after the sync started takes the shared state, when there is one.
      track(
        commands.hget(hash, event.name).then((text) => {
          const state = text === null ? undefined : parseState(text);
          if (state !== undefined) apply(event.name, state.version, state.enabled);
        }),
      );
    }
  };

  subscriber.on('message', (_channel: string, message: string) => {
    const state = parseState(message);
    if (state?.name !== undefined) apply(state.name, state.version, state.enabled);
  });
  subscriber.on('error', (error) => warn('the change channel failed', error));
  commands.on('error', (error) => warn('the connection failed', error));

  const subscribeAndReload = async () => {
    await subscriber.subscribe(channel);
    await reload();
  };
  let connects = 0;
  subscriber.on('ready', () => {
    connects += 1;
    if (connects > 1 && !closed) track(subscribeAndReload());
  });

  let removeListener: (() => void) | undefined;
  try {
    await subscribeAndReload();
    removeListener = registry.onChange(onChange);
  } catch (error) {
    closed = true;
    await Promise.all([closeRedis(subscriber), closeRedis(commands)]);
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    reload,
    close() {
      closing ??= (async () => {
        closed = true;
        removeListener?.();
        await Promise.all(pending);
        await Promise.all([closeRedis(subscriber), closeRedis(commands)]);
      })();
      return closing;
    },
  };
}

function toOptions(connection: SyncToolStatesOptions['connection']): Exclude<SyncToolStatesOptions['connection'], string> {
  return typeof connection === 'string' ? { url: connection } : connection;
}
