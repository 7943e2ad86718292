import type { BaseTool, SchemaInput } from '@victor-tools/core';
import { isBaseTool, resolveTool } from '@victor-tools/core/framework';
import { describeValue, errorMessage, errorName, isToolProvider } from '@victor-tools/core/internal';
import { FunctionBackedTool } from '../builder/from-declaration';
import { subclassProblem, toolClassAncestor } from '../builder/instance-tools';
import { classLabel } from '../builder/names';
import type { ToolBuilder } from '../builder/tool-builder';
import { hasDecoratorProtocol } from '../decorators/install-protocol';
import type { SkippedEntry } from './contracts';

/** A tool found by a scan, not registered yet. */
export interface FoundTool {
  tool: BaseTool<Record<string, unknown>, SchemaInput>;
  source: string;
}

/** What a walk over scanned values found. */
export interface Findings {
  tools: FoundTool[];
  skipped: SkippedEntry[];
}

// Realm-safe: CommonJS exports and module namespaces may come from another
// realm (jest's vm context), whose Object.prototype is not this one.
function isPlainContainer(value: object): boolean {
  if (isModuleNamespace(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * An ES module namespace, or CommonJS exports compiled from one (`__esModule`):
 * what `export * as helpers from './tools'` puts under `helpers`. It is a
 * module even when found inside another, so it is opened rather than taken
 * for data (its own file, when scanned later, is the same object).
 */
function isModuleNamespace(value: object): boolean {
  return Object.prototype.toString.call(value) === '[object Module]' || Object.prototype.hasOwnProperty.call(value, '__esModule');
}

function isClass(value: Function): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(value)) || isBaseTool(value.prototype);
}

function ownerOf(tool: BaseTool<Record<string, unknown>, SchemaInput>): string {
  return tool instanceof FunctionBackedTool ? tool.declaration.owner : classLabel(tool.constructor);
}

/**
 * Walks scanned values (module namespaces and plain objects, arrays, classes,
 * instances, function tools) and picks out every tool that `builder`'s
 * storage declares (and every `BaseTool`), building `@Tool` classes with
 * `construct`. Each value is visited once.
 */
/** A toolbox class met by a scan, built (or not) once the scan has met every class. */
interface PendingToolbox {
  target: Function;
  at: string;
  origin: string;
  /** Where its tools, or its skipped entry, go in the findings (visit order). */
  tools: number;
  skipped: number;
}

export class Collector {
  private readonly seen = new Set<unknown>();
  private readonly toolClasses: Function[] = [];
  private readonly toolboxes: PendingToolbox[] = [];
  readonly findings: Findings = { tools: [], skipped: [] };

  constructor(
    private readonly builder: ToolBuilder,
    private readonly construct: (target: Function) => object,
  ) {}

  /**
   * Visits `value`, found at `where` (an export path), from `origin` (a file,
   * or ''). Plain objects are opened only at the top (a scanned namespace or
   * module, or an array in it): deeper ones are data, such as schemas.
   */
  visit(value: unknown, where: string, origin: string, top = true): void {
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
      if (this.seen.has(value)) return;
      this.seen.add(value);
    }
    const at = origin ? `${origin}:${where}` : where;
    if (this.read(at, origin, () => Array.isArray(value))) {
      const items = value as unknown[];
      for (let i = 0; i < this.read(at, origin, () => items.length); i++) {
        if (!this.read(at, origin, () => i in items)) continue; // a hole, as forEach skips
        this.visit(this.read(`${at}[${i}]`, origin, () => items[i]), `${where}[${i}]`, origin, top);
      }
    } else if (typeof value === 'function') {
      this.visitFunction(value, at, origin);
    } else if (typeof value === 'object' && value !== null) {
      this.visitObject(value, where, at, origin, top);
    } else {
      this.findings.skipped.push({ export: at, reason: `not a tool: ${describeValue(value)}` });
    }
  }

  /**
   * Builds the toolbox classes met, once every class is known: one whose
   * `@Tool` methods a class of the same scan inherits (an abstract base
   * exported next to its implementation) is skipped, for both would register
   * the same tools under the same names.
   */
  finish(): void {
    for (const box of this.toolboxes.splice(0).reverse()) {
      const heir = this.heirOf(box.target);
      if (heir === undefined) {
        this.findings.tools.splice(box.tools, 0, ...this.found(this.builder.toolsOfInstance(this.construct(box.target)), box.origin));
        continue;
      }
      const [name, heirName] = [classLabel(box.target), classLabel(heir)];
      this.findings.skipped.splice(box.skipped, 0, {
        name,
        export: box.at,
        reason: `toolbox class '${name}' is a base of '${heirName}', which inherits its @Tool methods and is registered in its place (both would register them under the same names)`,
      });
    }
  }

  // The class of this scan that inherits `base`'s @Tool methods (the most derived one), if any.
  private heirOf(base: Function): Function | undefined {
    const records = new Set(this.builder.storage.findToolMethods(base));
    const heirs = this.toolClasses.filter(
      (c) => c !== base && Object.prototype.isPrototypeOf.call(base.prototype, c.prototype) && this.builder.storage.findToolMethods(c).some((r) => records.has(r)),
    );
    return heirs.find((c) => !heirs.some((d) => d !== c && Object.prototype.isPrototypeOf.call(c.prototype, d.prototype))) ?? heirs[0];
  }

  private found(tools: BaseTool<Record<string, unknown>, SchemaInput>[], origin: string): FoundTool[] {
    return tools.map((tool) => ({ tool, source: origin ? `${origin}:${ownerOf(tool)}` : ownerOf(tool) }));
  }

  private add(tools: BaseTool<Record<string, unknown>, SchemaInput>[], origin: string): void {
    this.findings.tools.push(...this.found(tools, origin));
  }

  private visitFunction(value: Function, at: string, origin: string): void {
    const name = classLabel(value);
    if (this.builder.isToolClass(value)) {
      this.toolClasses.push(value);
      if (this.builder.storage.findToolClass(value) === undefined) {
        this.toolboxes.push({ target: value, at, origin, tools: this.findings.tools.length, skipped: this.findings.skipped.length });
      } else {
        this.add(this.builder.toolsOfInstance(this.construct(value)), origin);
      }
    } else if (isClass(value) && !isBaseTool(value.prototype) && toolClassAncestor(this.builder.storage, value) !== undefined) {
      this.findings.skipped.push({ name, export: at, reason: subclassProblem(name, classLabel(toolClassAncestor(this.builder.storage, value)!)) });
    } else if (isClass(value)) {
      const hint = isBaseTool(value.prototype) ? 'export an instance, or decorate it with @Tool' : 'decorate it or its methods with @Tool';
      this.findings.skipped.push({ name, export: at, reason: `class '${name}' has no @Tool: ${hint}` });
    } else {
      this.findings.skipped.push({ name, export: at, reason: `function '${name}' is not a tool: wrap it with tool(options, fn)` });
    }
  }

  /**
   * `get()`, a read of the scanned value found at `at`. A getter or Proxy trap
   * that throws (a lazy export whose `require` fails, an import still in its
   * temporal dead zone) rejects the scan, as a file that throws as it loads
   * does, naming the export and its file: the value might have been a tool,
   * and a scan that left it out in silence would register a partial set.
   */
  private read<T>(at: string, origin: string, get: () => T): T {
    try {
      return get();
    } catch (error) {
      const where = at.endsWith(':') ? at.slice(0, -1) : at;
      const hint = origin ? ` Fix the export, or leave '${origin}' out with scanDirectory's ignore option.` : '';
      throw new Error(`Cannot scan '${where}': reading it threw ${errorName(error)}: ${errorMessage(error)}. Nothing was registered.${hint}`, { cause: error });
    }
  }

  private visitObject(value: object, where: string, at: string, origin: string, top: boolean): void {
    // Everything the classification below reads of the value, read here first, where a throw is named.
    const [plain, namespace, foreign, constructor] = this.read(at, origin, () => {
      const ctor: unknown = (value as { constructor?: unknown }).constructor;
      // Another library's tool protocol; ours would answer from the global storage, not the builder's.
      return [isPlainContainer(value), isModuleNamespace(value), isToolProvider(value) && !hasDecoratorProtocol(value), ctor] as const;
    });
    const tools = this.builder.toolsOfInstance(value);
    if (tools.length > 0) return this.add(tools, origin);
    if (foreign) {
      const tool = resolveTool(value);
      if (tool) return this.add([tool], origin);
    }
    if (plain) {
      if (!top && !namespace) {
        // Only what is opened or classified counts as seen: met again where it is opened (a scanned argument), it is.
        this.seen.delete(value);
        this.findings.skipped.push({ export: at, reason: 'not a tool: a plain object (data, not a module or namespace)' });
        return;
      }
      for (const key of this.read(at, origin, () => Object.keys(value))) {
        if (key === '__esModule') continue;
        const path = where ? `${where}.${key}` : key;
        this.visit(this.read(origin ? `${origin}:${path}` : path, origin, () => (value as Record<string, unknown>)[key]), path, origin, false);
      }
      // Enumerable ones only: a namespace's own Symbol.toStringTag is not an entry.
      const symbols = this.read(at, origin, () => Object.getOwnPropertySymbols(value).filter((key) => Object.prototype.propertyIsEnumerable.call(value, key)));
      for (const key of symbols) {
        const path = `${where}[${String(key)}]`;
        this.findings.skipped.push({ export: origin ? `${origin}:${path}` : path, reason: 'not scanned: a symbol-keyed entry (scans read string keys: export it under a name)' });
      }
      return;
    }
    const name = typeof constructor === 'function' ? classLabel(constructor) : 'Object';
    const parent = typeof constructor === 'function' ? toolClassAncestor(this.builder.storage, constructor) : undefined;
    const reason = parent === undefined ? `instance of '${name}' has no @Tool class or methods` : `instance of ${subclassProblem(name, classLabel(parent))}`;
    this.findings.skipped.push({ name, export: at, reason });
  }
}
