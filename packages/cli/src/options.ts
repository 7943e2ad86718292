import { InvalidArgumentError, Option } from 'commander';
import { AgentMode, SchemaLevel, type AgentModeValue } from '@victor-tools/core';
import { providerRenderers } from '@victor-tools/providers/framework';

/** The options every command takes (declared on the program). */
export interface GlobalOptions {
  /** The directory scanned for tools. */
  tools?: string;
  verbose?: boolean;
}

/** `--level`: a schema level (SPEC section 5). */
export function levelOption(description: string): Option {
  return new Option('-l, --level <level>', description).choices(SchemaLevel.values().map((l) => String(l.value))).default('full');
}

/** `--provider`: a provider format of @victor-tools/providers. */
export function providerOption(): Option {
  return new Option('-p, --provider <provider>', "provider format (default: the registry's own, OpenAI chat shaped)").choices(
    Object.keys(providerRenderers),
  );
}

/** `--mode`: the agent mode the call runs in (SPEC section 12). */
export function modeOption(description: string): Option {
  return new Option('-m, --mode <mode>', description).choices(AgentMode.values().map((m) => String(m.value)));
}

/** `--sandbox`: the directory EXPLORE mode lets WRITE, EXECUTE and MIXED tools touch. */
export function sandboxOption(): Option {
  return new Option('--sandbox <dir>', 'the directory WRITE, EXECUTE and MIXED tools may touch in explore mode');
}

/** `--json`: machine-readable output instead of a table. */
export function jsonOption(description = 'print JSON instead of a table'): Option {
  return new Option('--json', description);
}

/** Parses a positive integer option value (`--limit`). */
export function parsePositiveInteger(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidArgumentError(`Expected a positive integer, got '${text}'.`);
  }
  return value;
}

/** The mode value of a `--mode` option (already checked by its choices). */
export function toAgentMode(mode: string | undefined): AgentModeValue | undefined {
  return mode === undefined ? undefined : AgentMode.from(mode as AgentModeValue).value;
}

/** Parses a TCP port option value (`--port`): an integer from 0 (a free port) to 65535. */
export function parsePort(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value > 65535) throw new InvalidArgumentError(`Expected a port from 0 to 65535, got '${text}'.`);
  return value;
}

/** Parses a queue name (`--queue`): BullMQ refuses an empty one and one with ':' (its key separator). */
export function parseQueueName(text: string): string {
  if (text === '' || text.includes(':')) throw new InvalidArgumentError(`Expected a queue name without ':', got '${text}'.`);
  return text;
}

/**
 * Parses `--redis`: a `redis://` or `rediss://` URL, or a unix socket path.
 * Anything else would be taken as a socket path (`http://...`, `host:6379`)
 * or, empty, as the default 127.0.0.1:6379: a worker waiting on the wrong
 * server without a word.
 */
export function parseRedis(text: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  const url = scheme === 'redis' || scheme === 'rediss';
  const socket = scheme === undefined && text.trim() !== '' && !/^[^/]*:\d+$/.test(text);
  if (!url && !socket) throw new InvalidArgumentError(`Expected a redis:// or rediss:// URL or a unix socket path, got '${text}'.`);
  return text;
}

/** `--redis`: the Redis server of the queue (`victor-tools worker`, `serve --redis`). */
export function redisOption(description: string): Option {
  return new Option('-r, --redis <url>', description).argParser(parseRedis);
}

/** `--queue`: the queue's name, shared by the callers and the workers of one deployment. */
export function queueOption(description: string): Option {
  return new Option('-q, --queue <name>', description).argParser(parseQueueName);
}

/** The shortest `--queue-secret` taken (as `@victor-tools/queue` takes it). */
const MIN_QUEUE_SECRET_LENGTH = 16;

/** Parses `--queue-secret`: long enough to be a secret. */
export function parseQueueSecret(text: string): string {
  if (text.length < MIN_QUEUE_SECRET_LENGTH) {
    throw new InvalidArgumentError(
      `Expected a secret of at least ${MIN_QUEUE_SECRET_LENGTH} characters, got ${text.length}. Make one with \`openssl rand -hex 32\`.`,
    );
  }
  return text;
}

/**
 * `--queue-secret`: the secret the servers sign their calls with and the
 * workers check (`secret` in `@victor-tools/queue`). From the environment
 * rather than the command line, which every user of the machine can read.
 */
export function queueSecretOption(description: string): Option {
  return new Option('--queue-secret <secret>', description).env('VICTOR_TOOLS_QUEUE_SECRET').argParser(parseQueueSecret);
}

/** Parses a duration in ms where 0 means none (`--max-timeout`). */
export function parseMilliseconds(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) throw new InvalidArgumentError(`Expected a number of milliseconds (0: none), got '${text}'.`);
  return value;
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses a duration option value (`--request-timeout 10s`): a positive number with `ms`, `s`, `m` or `h`; a bare number is milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(text.trim());
  const ms = match ? Number(match[1]) * DURATION_UNITS[(match[2] ?? 'ms').toLowerCase()] : NaN;
  if (!(ms >= 1) || !Number.isFinite(ms)) throw new InvalidArgumentError(`Expected a duration such as 500ms, 10s, 30m or 1h, got '${text}'.`);
  return Math.round(ms);
}

const SIZE_UNITS: Record<string, number> = { b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** Parses a size option value (`--max-buffered 32MiB`): a positive whole number of bytes, or of KiB, MiB or GiB. */
export function parseSize(text: string): number {
  const match = /^(\d+)\s*(b|kib|mib|gib)?$/i.exec(text.trim());
  const bytes = match ? Number(match[1]) * SIZE_UNITS[(match[2] ?? 'b').toLowerCase()] : NaN;
  if (!(bytes >= 1) || !Number.isSafeInteger(bytes)) throw new InvalidArgumentError(`Expected a size such as 1048576, 512KiB or 32MiB, got '${text}'.`);
  return bytes;
}
