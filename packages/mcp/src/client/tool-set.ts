import { isDeepStrictEqual } from 'node:util';
import type { Logger, ToolRegistry } from '@victor-tools/core';
import { describeValue, errorMessage, valueOrKind } from '@victor-tools/core/internal';
import type { ToolRegistryLike } from '@victor-tools/core/framework';
import { metadataFromAnnotations } from './annotations';
import { McpConnection, McpServerStartError, type McpConnectionState } from './connection';
import { McpRemoteTool } from './remote-tool';
import { readSource, sourceLabel } from './source';
import { START_ABORTED, unlessAborted } from './unless-aborted';
import type { McpCloseOptions, McpServerSource, McpToolDescription, McpToolsOptions } from './types';

/** What a refresh of a tool set changed, by registered name. */
export interface McpToolSetChange {
  added: string[];
  removed: string[];
  /** Tools whose description, schemas or annotations changed (each is a new `McpRemoteTool`). */
  changed: string[];
}

/** How a tool set's server is doing (`McpToolSet.status()`). */
export interface McpToolSetStatus {
  /** `ready`; `restarting` after the server exited; `failed` when it is not restarted; `closed` after `close()`. */
  state: McpConnectionState;
  /** The process id of a stdio server started by `mcpTools`, while it runs. */
  pid?: number;
  /** How many times the server was restarted. */
  restarts: number;
  /** Why the server last stopped or could not start. */
  lastError?: string;
  /** How many tools the set holds. */
  tools: number;
}

/** The registry methods a tool set uses to keep a registry in step with its server (core's `ToolRegistry` has them). */
export type AttachableRegistry = Pick<ToolRegistryLike, 'register' | 'unregister' | 'get' | 'isToolEnabled'>;

/** Characters some model providers refuse in a tool name. */
const NOT_IN_NAMES = /[^A-Za-z0-9_-]/g;

/**
 * The tools of one MCP server (`mcpTools`): `tools` to register anywhere, or
 * `attach(registry)` to register them and keep the registry in step with the
 * server (`tools/list_changed`, restarts). `close()` ends the connection and
 * the server it started.
 */
export class McpToolSet {
  #tools = new Map<string, McpRemoteTool>();
  readonly #attached = new Set<AttachableRegistry>();
  readonly #listeners = new Set<(change: McpToolSetChange) => void>();
  readonly #logger: Pick<Logger, 'info' | 'warn'>;
  #refreshing: Promise<McpToolSetChange> | undefined;
  #again = false;

  /** @internal Made by `mcpTools`. */
  constructor(
    private readonly connection: McpConnection,
    private readonly options: McpToolsOptions,
  ) {
    this.#logger = options.logger ?? console;
    connection.onToolsChanged = () => {
      this.refresh().catch((error: unknown) => this.#logger.warn(`MCP server '${this.name}': could not list its tools again: ${errorMessage(error)}`));
    };
  }

  /** The set's name in messages: the prefix, else the server's own name. */
  get name(): string {
    return this.connection.name;
  }

  /** The server's name, version and instructions, as it announced them at initialize (unknown for some clients given as the source). */
  get server(): { name: string; version: string; title?: string; instructions?: string } | undefined {
    return this.connection.serverInfo;
  }

  /** The server's tools as registry tools, in its order. */
  get tools(): readonly McpRemoteTool[] {
    return [...this.#tools.values()];
  }

  /** Where the server stands: ready, restarting, failed or closed, its pid and restarts. */
  status(): McpToolSetStatus {
    const { state, restarts, lastError, pid } = this.connection;
    return { state, restarts, tools: this.#tools.size, ...(pid === undefined ? {} : { pid }), ...(lastError === undefined ? {} : { lastError }) };
  }

  /**
   * Lists the server's tools again and applies the difference to the set and
   * to every attached registry. Done on `tools/list_changed` and after a
   * restart; call it yourself for a client you connected (from its own
   * list-changed handler).
   */
  refresh(): Promise<McpToolSetChange> {
    if (this.#refreshing !== undefined) {
      this.#again = true;
      return this.#refreshing;
    }
    const run = async (): Promise<McpToolSetChange> => {
      const total: McpToolSetChange = { added: [], removed: [], changed: [] };
      do {
        this.#again = false;
        const change = this.apply(await this.connection.listTools());
        total.added.push(...change.added);
        total.removed.push(...change.removed);
        total.changed.push(...change.changed);
      } while (this.#again && this.connection.state !== 'closed');
      return total;
    };
    this.#refreshing = run().finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  /**
   * Registers every tool in `registry` and keeps it in step with the server
   * until the returned function is called or the set is closed: new tools are
   * registered, removed ones unregistered, changed ones replaced (keeping
   * their enabled state). A name already taken in the registry throws the
   * registry's `ToolRegistrationError`, and nothing of the set stays
   * registered; a tool added later under a taken name is left out and
   * reported to the logger.
   */
  attach(registry: AttachableRegistry): () => void {
    const registered: McpRemoteTool[] = [];
    try {
      for (const tool of this.#tools.values()) {
        registry.register(tool);
        registered.push(tool);
      }
    } catch (error) {
      for (const tool of registered) unregisterOurs(registry, tool);
      throw error;
    }
    this.#attached.add(registry);
    return () => {
      if (!this.#attached.delete(registry)) return;
      for (const tool of this.#tools.values()) unregisterOurs(registry, tool);
    };
  }

  /** Listens to what each refresh changed; returns the function that stops listening. */
  onChange(listener: (change: McpToolSetChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Unregisters the tools from every attached registry and ends the
   * connection (and the server `mcpTools` started: stdin closed, then SIGTERM
   * and SIGKILL after `graceMs` each, 2 s by default).
   */
  async close(options?: McpCloseOptions): Promise<void> {
    const graceMs: unknown = options?.graceMs;
    if (graceMs !== undefined && !(typeof graceMs === 'number' && graceMs >= 0 && Number.isFinite(graceMs))) {
      throw new TypeError(`close({ graceMs }): graceMs must be a number of milliseconds, 0 or more, got ${valueOrKind(graceMs)}.`);
    }
    for (const registry of this.#attached) for (const tool of this.#tools.values()) unregisterOurs(registry, tool);
    this.#attached.clear();
    this.#listeners.clear();
    await this.connection.close(options);
  }

  /** Makes the set what `listed` says, keeping the tool objects of unchanged tools. */
  private apply(listed: readonly McpToolDescription[]): McpToolSetChange {
    const next = new Map<string, McpRemoteTool>();
    const names = new Set<string>();
    const change: McpToolSetChange = { added: [], removed: [], changed: [] };
    for (const remote of listed) {
      if (!this.takes(remote)) continue;
      const name = this.registeredName(remote.name);
      if (names.has(name)) {
        this.#logger.warn(`MCP server '${this.name}': tool '${remote.name}' is left out: another of its tools is already named '${name}'`);
        continue;
      }
      names.add(name);
      const old = this.#tools.get(remote.name);
      if (old !== undefined && isDeepStrictEqual(old.remote, remote)) {
        next.set(remote.name, old);
        continue;
      }
      next.set(remote.name, this.makeTool(remote, name));
      (old === undefined ? change.added : change.changed).push(name);
    }
    for (const [remoteName, old] of this.#tools) if (!next.has(remoteName)) change.removed.push(old.name);
    const previous = this.#tools;
    this.#tools = next;
    for (const registry of this.#attached) this.update(registry, previous, next);
    if (change.added.length + change.removed.length + change.changed.length > 0) {
      for (const listener of this.#listeners) listener(change);
    }
    return change;
  }

  private update(registry: AttachableRegistry, previous: Map<string, McpRemoteTool>, next: Map<string, McpRemoteTool>): void {
    for (const [remoteName, old] of previous) {
      const now = next.get(remoteName);
      if (now === old) continue;
      const enabled = registry.get(old.name) === old ? registry.isToolEnabled(old.name) : true;
      unregisterOurs(registry, old);
      if (now !== undefined) this.registerLate(registry, now, enabled);
    }
    for (const [remoteName, tool] of next) if (!previous.has(remoteName)) this.registerLate(registry, tool, true);
  }

  private registerLate(registry: AttachableRegistry, tool: McpRemoteTool, enabled: boolean): void {
    try {
      registry.register(tool, { enabled });
    } catch (error) {
      this.#logger.warn(`MCP server '${this.name}': tool '${tool.name}' is left out of the registry: ${errorMessage(error)}`);
    }
  }

  private takes(remote: McpToolDescription): boolean {
    if (typeof remote?.name !== 'string' || remote.name === '' || remote.inputSchema === null || typeof remote.inputSchema !== 'object') {
      this.#logger.warn(`MCP server '${this.name}': a tool without a name or an input schema is left out`);
      return false;
    }
    const { include, exclude } = this.options;
    if (exclude?.includes(remote.name)) return false;
    if (include === undefined) return true;
    return typeof include === 'function' ? include(remote) : include.includes(remote.name);
  }

  private registeredName(remoteName: string): string {
    const given = this.options.overrides?.[remoteName]?.name;
    if (given !== undefined) return given;
    const name = remoteName.replace(NOT_IN_NAMES, '_');
    return this.options.prefix === undefined ? name : `${this.options.prefix.replace(NOT_IN_NAMES, '_')}_${name}`;
  }

  private makeTool(remote: McpToolDescription, name: string): McpRemoteTool {
    const override = this.options.overrides?.[remote.name];
    return new McpRemoteTool(
      remote,
      {
        name,
        description: override?.description ?? remote.description ?? remote.title ?? remote.annotations?.title ?? '',
        metadata: { ...metadataFromAnnotations(remote.annotations), ...override?.metadata },
        costTier: override?.costTier,
        timeoutMs: override?.timeoutMs ?? this.options.timeoutMs,
      },
      this.connection,
      this.name,
    );
  }
}

function unregisterOurs(registry: AttachableRegistry, tool: McpRemoteTool): void {
  if (registry.get(tool.name) === tool) registry.unregister(tool.name);
}

/**
 * The tools of an MCP server as registry tools. `source` is a server to start
 * (`{ command, args, env, cwd }`, spoken to over stdio), a Streamable HTTP
 * endpoint (a URL, or `{ url, headers, token }`), or a client you connected
 * (the official SDK's `Client`, 1.x or 2.x). Resolves once the server
 * answered initialize and `tools/list`; rejects with `McpServerStartError`
 * when it cannot be started or reached.
 *
 * @example
 * ```ts
 * import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { ToolRegistry } from '@victor-tools/core';
 * import { mcpTools } from '@victor-tools/mcp';
 *
 * const notes = realpathSync(mkdtempSync(join(tmpdir(), 'notes-')));
 * writeFileSync(join(notes, 'todo.md'), 'Water the plants.');
 *
 * const registry = new ToolRegistry();
 * const fs = await mcpTools({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', notes] }, { prefix: 'fs' });
 * fs.attach(registry); // fs_read_text_file, fs_write_file, ... kept in step with the server
 * const result = await registry.execute('fs_read_text_file', { path: join(notes, 'todo.md') }, { mode: 'plan' });
 * console.log(result.output); // prints: { content: 'Water the plants.' }
 * await fs.close();
 * ```
 */
export async function mcpTools(source: McpServerSource, options: McpToolsOptions = {}): Promise<McpToolSet> {
  const read = readSource(source);
  if (options.prefix !== undefined && (typeof options.prefix !== 'string' || options.prefix === '')) {
    throw new TypeError(`mcpTools: 'prefix' must be a non-empty string, got ${JSON.stringify(options.prefix)}`);
  }
  const signal: unknown = options.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError(`mcpTools: 'signal' must be an AbortSignal, got ${describeValue(signal)}`);
  if (options.signal?.aborted) throw new McpServerStartError(options.prefix ?? sourceLabel(read), START_ABORTED);
  const connection = await McpConnection.open(read, options);
  const set = new McpToolSet(connection, options);
  try {
    await unlessAborted(set.refresh(), options.signal);
  } catch (error) {
    connection.abandon();
    const reason = errorMessage(error);
    throw new McpServerStartError(connection.name, reason === START_ABORTED ? reason : `its tools could not be listed: ${reason}`);
  }
  return set;
}
