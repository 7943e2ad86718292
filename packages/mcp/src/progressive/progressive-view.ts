import { Priority, ToolRegistry, ToolResult, type BaseTool, type ToolCallContext, type ToolExecutionContext } from '@victor-tools/core';
import type { RegistryChangeEvent } from '@victor-tools/core/framework';
import { missingScopes } from '../scopes';
import type { ServableRegistry } from '../servable-registry';
import { MAX_SEARCH_LIMIT, SearchToolsTool, type FoundTool } from './search-tools-tool';
import type { ProgressiveOptions } from './types';

/**
 * One connection's view of a registry under progressive disclosure: it lists
 * the search tool, the pinned tools (named in `pinned`, or of priority
 * CRITICAL) and the tools this connection's searches enabled; it runs only
 * those. Every enabling sends `tools/list_changed` through `onChange`.
 */
export class ProgressiveView implements ServableRegistry {
  private readonly enabled = new Set<string>();
  private readonly listeners = new Set<(event: RegistryChangeEvent) => void>();
  private readonly searchTool: SearchToolsTool;
  // The search tool runs through a registry of its own: validation and messages as for any tool.
  private readonly own = new ToolRegistry();
  private readonly pinned: ReadonlySet<string>;

  constructor(
    private readonly base: ServableRegistry,
    private readonly options: ProgressiveOptions,
    private readonly context: ToolExecutionContext | undefined,
  ) {
    const limit = options.limit ?? 5;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      throw new RangeError(`progressive.limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}, got ${String(options.limit)}`);
    }
    if (typeof options.searcher?.search !== 'function' || typeof options.searcher.refreshFromTools !== 'function') {
      throw new TypeError('progressive.searcher must rank tools: pass a ToolMetadataRegistry of @victor-tools/metadata (refreshFromTools and search)');
    }
    this.searchTool = new SearchToolsTool(options.searchToolName ?? 'search_tools', limit, (query, max, ctx) => this.find(query, max, ctx));
    this.own.register(this.searchTool);
    this.pinned = new Set(options.pinned ?? []);
  }

  *listTools(): Iterable<BaseTool> {
    yield this.searchTool;
    for (const tool of this.base.listTools()) if (tool.name !== this.searchTool.name && this.shows(tool)) yield tool;
  }

  get(name: string): BaseTool | undefined {
    if (name === this.searchTool.name) return this.searchTool;
    const tool = this.lookUp(name);
    return tool !== undefined && this.shows(tool) ? tool : undefined;
  }

  isToolEnabled(name: string): boolean {
    if (name === this.searchTool.name) return true;
    const tool = this.get(name);
    return tool !== undefined && (this.base.isToolEnabled?.(tool.name) ?? true);
  }

  async execute(name: string, args?: Record<string, unknown>, ctx?: ToolExecutionContext): Promise<ToolResult> {
    if (name === this.searchTool.name) return this.own.execute(name, args, ctx);
    const tool = this.lookUp(name);
    if (tool !== undefined && !this.shows(tool)) {
      return ToolResult.fail(`Tool '${name}' is not enabled in this session: call ${this.searchTool.name} with what you want to do to find and enable it`);
    }
    return this.base.execute(name, args, ctx);
  }

  onChange(listener: (event: RegistryChangeEvent) => void): () => void {
    this.listeners.add(listener);
    const unsubscribe = this.base.onChange(listener);
    return () => {
      this.listeners.delete(listener);
      unsubscribe();
    };
  }

  /**
   * What the searcher indexes: every tool of the registry, disabled ones too,
   * with the registry's enabled check, as `selectTools(registry)` gives a
   * shared `ToolMetadataRegistry`. The index is then the same whoever asks
   * (callers with other scopes, `selectTools`), so none rebuilds it in turn,
   * and its own `search` still leaves out disabled tools; what this caller
   * may not call is filtered out of the results.
   */
  private searchable(listed: readonly BaseTool[]): Iterable<BaseTool> & { listTools(): Iterable<BaseTool>; isToolEnabled(name: string): boolean } {
    const all = [...this.base.listTools({ onlyEnabled: false })].filter((tool) => tool.name !== this.searchTool.name);
    const shown = new Set(listed.map((tool) => tool.name));
    return {
      [Symbol.iterator]: () => all[Symbol.iterator](),
      listTools: () => all,
      isToolEnabled: (name) => this.base.isToolEnabled?.(name) ?? shown.has(name),
    };
  }

  private shows(tool: BaseTool): boolean {
    return this.enabled.has(tool.name) || this.pinned.has(tool.name) || isCritical(tool);
  }

  private lookUp(name: string): BaseTool | undefined {
    if (this.base.get !== undefined) return this.base.get(name);
    for (const tool of this.base.listTools()) if (tool.name === name || tool.aliases.includes(name)) return tool;
    return undefined;
  }

  /**
   * Ranks every listed tool of the registry that the caller's scopes allow
   * for `query`, enables the best `limit` for this connection, and announces
   * the change. Tools the mode refuses are left out as in `tools/list`: in
   * EXPLORE, WRITE, EXECUTE and MIXED tools only with a sandbox (`ctx.sandbox`, else
   * the server context's). A tool the caller may not call is neither named nor enabled:
   * its name and description are as hidden as in `tools/list`.
   */
  private async find(query: string, limit: number, ctx: ToolCallContext): Promise<FoundTool[]> {
    const listed = [...this.base.listTools()].filter((tool) => tool.name !== this.searchTool.name);
    const { searcher } = this.options;
    searcher.refreshFromTools(this.searchable(listed));
    const byName = new Map(listed.filter((tool) => missingScopes(tool, ctx.auth).length === 0).map((tool) => [tool.name, tool]));
    // The mode and sandbox the found tools would run with: the call's, else the server's context (a sandbox
    // lets EXPLORE keep WRITE, EXECUTE and MIXED tools, as tools/list does; their paths are checked when they run).
    const policy = ctx.mode !== undefined ? ctx : this.context;
    const options = { limit, mode: policy?.mode, sandbox: policy?.sandbox, filter: (name: string) => byName.has(name) };
    const results = searcher.searchAsync ? await searcher.searchAsync(query, options) : searcher.search(query, options);
    const found: FoundTool[] = [];
    let added = false;
    for (const { name, score } of results.slice(0, limit)) {
      const tool = byName.get(name);
      if (tool === undefined) continue;
      if (!this.enabled.has(name)) {
        this.enabled.add(name);
        added = true;
      }
      found.push({ name, description: tool.description, score });
    }
    if (added) for (const listener of this.listeners) listener({ type: 'enable', name: found[0].name });
    return found;
  }
}

function isCritical(tool: BaseTool): boolean {
  try {
    const priority = tool.metadata?.priority;
    return priority !== undefined && Priority.from(priority) === Priority.CRITICAL;
  } catch {
    return false;
  }
}
