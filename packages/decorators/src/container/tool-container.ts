import type { BaseTool } from '@victor-tools/core';
import { DuplicateToolNameError } from '../errors/duplicate-tool-name-error';
import { ToolBuilder } from '../builder/tool-builder';
import { getMetadataStorage } from '../storage/get-metadata-storage';
import type { InjectionToken } from '../storage/inject-record';
import type { MetadataStorage } from '../storage/metadata-storage';
import { Collector, type FoundTool } from './collector';
import type { MetadataRegistryLike, ScanReport, ContainerRegistry } from './contracts';
import { createDefaultRegistry, defaultMetadataRegistry } from './default-registry';
import { Injector } from './injector';
import { directoryLoader, type ScanDirectoryOptions } from './directory-loader';

/** Options of `new ToolContainer(options)`. */
export interface ToolContainerOptions {
  /** Where scanned tools are registered; default: a new core `ToolRegistry`. */
  registry?: ContainerRegistry;
  /** Refreshed from the registry after each scan; default: `ToolMetadataRegistry.getInstance()`. */
  metadataRegistry?: MetadataRegistryLike;
  /**
   * The decorator records scans build from; default: a clone of the
   * process-wide `getMetadataStorage()`, taken at each scan (after
   * `scanDirectory` has loaded its files).
   */
  storage?: MetadataStorage;
}

/**
 * Finds tools (`@Tool` classes, toolbox methods, `tool()` functions,
 * `BaseTool` instances), builds their classes with constructor injection, and
 * registers them in a `ToolRegistry` and its metadata registry.
 *
 * @example
 * ```ts
 * import { ToolRegistry } from '@victor-tools/core';
 * import { Tool, ToolContainer } from '@victor-tools/decorators';
 *
 * interface Clock { now(): string }
 *
 * @Tool({ name: 'current_time', description: 'Tell the time.', accessMode: 'readonly' })
 * class CurrentTime {
 *   static inject = ['clock'];
 *   constructor(private readonly clock: Clock) {}
 *   execute() { return this.clock.now(); }
 * }
 *
 * const registry = new ToolRegistry();
 * const container = new ToolContainer({ registry });
 * container.provide('clock', { now: () => '12:00' });
 * // container.scanDirectory('dist/tools') imports a folder's files and scans them the same way.
 * const report = container.scan(CurrentTime);
 * console.log(report.registered.map((entry) => entry.name)); // prints: [ 'current_time' ]
 * console.log((await registry.execute('current_time', {})).output); // prints: 12:00
 * ```
 */
export class ToolContainer {
  /** The registry scanned tools go to. */
  readonly registry: ContainerRegistry;
  /** The metadata registry refreshed after scans. */
  readonly metadataRegistry: MetadataRegistryLike;
  private readonly injector = new Injector();
  private readonly sources = new Map<string, string>();
  // One instance per class: scanning a class again hands the registry the same tools (a no-op), as for an instance.
  private readonly instances = new WeakMap<Function, object>();
  private readonly builder: ToolBuilder | undefined;

  constructor(options: ToolContainerOptions = {}) {
    this.registry = options.registry ?? createDefaultRegistry();
    this.metadataRegistry = options.metadataRegistry ?? defaultMetadataRegistry();
    this.builder = options.storage && new ToolBuilder(options.storage);
  }

  /**
   * Provides `value` for constructor parameters declared with `token`
   * (`static inject = [token, ...]`, or `@Inject(token)` in legacy mode, or
   * the parameter's class in legacy mode).
   */
  provide(token: InjectionToken, value: unknown): this {
    this.injector.provide(token, value);
    return this;
  }

  /** Registers every tool in `things` (module namespaces, arrays, classes, instances, function tools). */
  scan(...things: unknown[]): ScanReport {
    const collector = this.collector();
    things.forEach((thing, i) => collector.visit(thing, `arguments[${i}]`, ''));
    return this.register(collector);
  }

  /**
   * Imports the files under `dir` that match `include` and registers every
   * tool they export. Node.js only: the file-system part comes from the
   * `@victor-tools/decorators/node` entry point, which plain Node.js loads by
   * itself and a bundle must import (the error says so).
   */
  async scanDirectory(dir: string, options: ScanDirectoryOptions = {}): Promise<ScanReport> {
    const modules = await directoryLoader()(dir, options);
    // Only now: loading the files is what records their decorators.
    const collector = this.collector();
    for (const [origin, loaded] of modules) {
      if ('skipped' in loaded) collector.findings.skipped.push({ export: origin, reason: loaded.skipped });
      else collector.visit(loaded.exports, '', origin);
    }
    return this.register(collector);
  }

  // As TypeGraphQL's schema generator: build from the given storage, or from a
  // clone of the global one, so one scan sees one consistent set of records.
  private collector(): Collector {
    const builder = this.builder ?? new ToolBuilder(getMetadataStorage().clone());
    return new Collector(builder, (target) => {
      let instance = this.instances.get(target);
      if (!instance) this.instances.set(target, (instance = this.injector.construct(target, builder.storage)));
      return instance;
    });
  }

  // Every name is checked before anything is registered, and a tool the registry refuses
  // undoes the others: a failed scan leaves the registry as it was.
  private register(collector: Collector): ScanReport {
    collector.finish();
    const report: ScanReport = { registered: [], skipped: collector.findings.skipped };
    const claimed = new Map<string, string>();
    const accepted: FoundTool[] = [];
    for (const found of collector.findings.tools) {
      if (this.registry.get(found.tool.name) === found.tool) {
        report.skipped.push({ name: found.tool.name, export: found.source, reason: 'already registered' });
        continue;
      }
      for (const name of [found.tool.name, ...found.tool.aliases]) this.claim(name, found, claimed);
      accepted.push(found);
    }
    const done: FoundTool[] = [];
    try {
      for (const found of accepted) {
        this.registry.register(found.tool);
        done.push(found);
      }
    } catch (error) {
      // The registry refused one (its name, schema or options): the tools this scan registered go too.
      for (const found of done) this.registry.unregister(found.tool.name);
      throw error;
    }
    for (const found of accepted) {
      this.sources.set(found.tool.name, found.source);
      report.registered.push({ name: found.tool.name, source: found.source });
    }
    if (accepted.length > 0) this.refreshMetadata();
    return report;
  }

  private claim(name: string, found: FoundTool, claimed: Map<string, string>): void {
    const existing = claimed.get(name) ?? (this.registry.has(name) ? this.existingSource(name) : undefined);
    if (existing !== undefined) throw new DuplicateToolNameError(name, found.source, existing);
    claimed.set(name, found.source);
  }

  private existingSource(name: string): string {
    const tool: BaseTool | undefined = this.registry.get(name);
    const registeredAs = tool?.name ?? name;
    return this.sources.get(registeredAs) ?? `tool '${registeredAs}' already in the registry`;
  }

  private refreshMetadata(): void {
    this.metadataRegistry.refreshFromTools(this.registry.listTools({ onlyEnabled: false }));
  }
}
