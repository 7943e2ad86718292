import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { McpHttpServer, McpStdioServer } from '@victor-tools/mcp';
import { CliError } from '../errors/cli-error';

/** One entry of an `mcpServers` configuration, read and checked. */
export type GatewayServer = { name: string; kind: 'stdio'; server: McpStdioServer } | { name: string; kind: 'http'; server: McpHttpServer };

/** What a configuration file gave: the servers to mount, and the entries left out (disabled, or of a transport not served). */
export interface ServersConfig {
  servers: GatewayServer[];
  skipped: Array<{ name: string; reason: string }>;
}

/** Largest configuration file read. */
const MAX_CONFIG_BYTES = 1024 * 1024;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reads the `mcpServers` configuration MCP clients use (Claude Desktop,
 * Claude Code's `.mcp.json`, Cursor...): `{ "mcpServers": { "<name>": { "command",
 * "args", "env", "cwd" } | { "url", "headers" } } }`. `${VAR}` (and
 * `${VAR:-default}`) in strings are taken from `env`; a relative `cwd` is
 * resolved against the file's folder. An entry with `"disabled": true` or
 * `"type": "sse"` (not served by this gateway) is skipped and reported. A file
 * that cannot be read or is not such a configuration is a usage error naming
 * the file and the entry.
 */
export function readServersConfig(file: string, env: Readonly<Record<string, string | undefined>>): ServersConfig {
  const path = resolve(file);
  let text: string;
  try {
    text = readCapped(path, MAX_CONFIG_BYTES);
  } catch (error) {
    throw new CliError(`cannot read the servers configuration '${path}': ${(error as Error).message}`, 2);
  }
  let json: unknown;
  try {
    // Editors on Windows save UTF-8 with a byte order mark, which JSON.parse refuses (`call @FILE` strips it too).
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // A message that quotes the text may span lines: the usage error stays one line.
    throw new CliError(`the servers configuration '${path}' is not JSON: ${(error as Error).message.replace(/\s+/g, ' ')}`, 2);
  }
  const entries = isObject(json) ? json.mcpServers : undefined;
  if (!isObject(entries)) {
    throw new CliError(`the servers configuration '${path}' has no "mcpServers" object; write { "mcpServers": { "name": { "command": "...", "args": [...] } } }`, 2);
  }
  const config: ServersConfig = { servers: [], skipped: [] };
  for (const [name, entry] of Object.entries(entries)) {
    const where = `the servers configuration '${path}', server '${name}'`;
    if (!NAME.test(name)) throw new CliError(`${where}: a server name is 1 to 64 letters, digits, '_' or '-' (it prefixes its tools' names)`, 2);
    if (!isObject(entry)) throw new CliError(`${where}: expected an object with "command" or "url"`, 2);
    if (entry.disabled === true) {
      config.skipped.push({ name, reason: 'disabled in the configuration' });
      continue;
    }
    const type = entry.type ?? entry.transport;
    if (type === 'sse') {
      config.skipped.push({ name, reason: 'the SSE transport is not served by the gateway; use the server\'s Streamable HTTP endpoint ("type": "http")' });
      continue;
    }
    // Both would leave one unused without a word: which server was meant is the user's to say.
    if (entry.command !== undefined && entry.url !== undefined) throw new CliError(`${where}: give "command" (a server to start) or "url" (one to reach), not both`, 2);
    const expand = (value: unknown, field: string): string => expandVariables(requireString(value, `${where}: "${field}"`), env, `${where}: "${field}"`);
    if (typeof entry.command === 'string') {
      const server: McpStdioServer = { command: expand(entry.command, 'command') };
      if (entry.args !== undefined) {
        if (!Array.isArray(entry.args)) throw new CliError(`${where}: "args" must be an array of strings`, 2);
        server.args = entry.args.map((arg, i) => expand(arg, `args[${i}]`));
      }
      if (entry.env !== undefined) server.env = stringRecord(entry.env, `${where}: "env"`, expand);
      if (entry.cwd !== undefined) server.cwd = resolve(dirname(path), expand(entry.cwd, 'cwd'));
      config.servers.push({ name, kind: 'stdio', server });
    } else if (typeof entry.url === 'string') {
      const server: McpHttpServer = { url: checkUrl(expand(entry.url, 'url'), where) };
      if (entry.headers !== undefined) server.headers = stringRecord(entry.headers, `${where}: "headers"`, expand);
      config.servers.push({ name, kind: 'http', server });
    } else {
      throw new CliError(`${where}: expected "command" (a server to start) or "url" (a Streamable HTTP endpoint)`, 2);
    }
  }
  return config;
}

/**
 * The text of a file of at most `limit` bytes. The size is checked before
 * reading and at most `limit + 1` bytes are read: a 1 GB file would otherwise
 * be held in memory whole, and a device such as /dev/zero (which reports no
 * size) read forever. A pipe is taken too (`--config <(...)`), bounded by
 * the same read; a device, a directory or a socket is refused.
 */
function readCapped(path: string, limit: number): string {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() && !stat.isFIFO()) throw new Error('not a regular file (nor a pipe)');
    if (stat.size > limit) throw new Error(`${stat.size} bytes, over the limit of ${limit}`);
    // The file may grow between fstat and read: read one byte more than the limit to notice.
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    if (length > limit) throw new Error(`over the limit of ${limit} bytes`);
    return buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
}

/**
 * An entry's `url`, checked here so that a mistake is a usage error naming the
 * file and the server like any other of the entry (`mcpTools` would refuse it
 * later, as a start failure of no named server). The value is not quoted: it
 * may hold a token from `${VAR}`.
 */
function checkUrl(url: string, where: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`${where}: "url" is not a URL; give the server's Streamable HTTP endpoint, e.g. http://127.0.0.1:3001/mcp`, 2);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CliError(`${where}: "url" must be http: or https:, got '${parsed.protocol}'`, 2);
  }
  return url;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function requireString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new CliError(`${where} must be a string`, 2);
  return value;
}

function stringRecord(value: unknown, where: string, expand: (value: unknown, field: string) => string): Record<string, string> {
  if (!isObject(value)) throw new CliError(`${where} must be an object of strings`, 2);
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, expand(v, `${where.split('"')[1]}.${key}`)]));
}

/** `${VAR}` and `${VAR:-default}` replaced from `env`; a variable that is not set and has no default is a usage error. */
function expandVariables(text: string, env: Readonly<Record<string, string | undefined>>, where: string): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    throw new CliError(`${where} uses \${${name}}, which is not set in the environment`, 2);
  });
}
