import { SYMBOL_METADATA } from '../polyfill';
import type { InjectRecord } from './inject-record';
import type { ParamRecord } from './param-record';
import type { RecordKey } from './record-key';
import type { ToolClassRecord } from './tool-class-record';
import type { ToolMethodRecord } from './tool-method-record';

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The keys a class's records may be filed under, base class first: each
 * class in its chain, then its own stage-3 metadata object.
 */
function recordKeysOf(target: Function): RecordKey[] {
  const keys: RecordKey[] = [];
  for (let c: unknown = target; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const own = Object.prototype.hasOwnProperty.call(c, SYMBOL_METADATA) ? (c as unknown as Record<symbol, unknown>)[SYMBOL_METADATA] : undefined;
    if (own !== null && typeof own === 'object') keys.unshift(own);
    keys.unshift(c);
  }
  return keys;
}

/**
 * Everything the decorators recorded. Decorators only `collect*`; the
 * builder reads with `find*`. Tests `clear()` it or work on a `clone()`.
 */
export class MetadataStorage {
  private readonly toolClasses = new Map<Function, ToolClassRecord>();
  private readonly toolMethods = new Map<RecordKey, ToolMethodRecord[]>();
  private readonly params = new Map<RecordKey, ParamRecord[]>();
  private readonly injects = new Map<Function, InjectRecord[]>();

  /** Records `@Tool` on a class (`@Tool` refuses a second one on the same class). */
  collectToolClass(record: ToolClassRecord): void {
    this.toolClasses.set(record.target, record);
  }

  /** Records `@Tool` on a toolbox method. */
  collectToolMethod(record: ToolMethodRecord): void {
    push(this.toolMethods, record.key, record);
  }

  /** Records `@Param` on a field. */
  collectParam(record: ParamRecord): void {
    push(this.params, record.key, record);
  }

  /** Records `@Inject(token)` on a constructor parameter. */
  collectInject(record: InjectRecord): void {
    push(this.injects, record.target, record);
  }

  /** The `@Tool` record of exactly this class (not inherited). */
  findToolClass(target: Function): ToolClassRecord | undefined {
    return this.toolClasses.get(target);
  }

  /** Whether `@Tool` is already recorded on this method of exactly this class (key). */
  hasToolMethod(key: RecordKey, method: string): boolean {
    return (this.toolMethods.get(key) ?? []).some((record) => record.method === method);
  }

  /** The `@Tool` methods of a class and its bases; a subclass's record for a method wins. */
  findToolMethods(target: Function): ToolMethodRecord[] {
    const byMethod = new Map<string, ToolMethodRecord>();
    for (const key of recordKeysOf(target)) {
      for (const record of this.toolMethods.get(key) ?? []) byMethod.set(record.method, record);
    }
    return [...byMethod.values()];
  }

  /** The `@Param` fields of a class and its bases, in declaration order, base fields first. */
  findParams(target: Function): ParamRecord[] {
    const byField = new Map<string, ParamRecord>();
    for (const key of recordKeysOf(target)) {
      for (const record of this.params.get(key) ?? []) byField.set(record.field, record);
    }
    return [...byField.values()];
  }

  /** The `@Inject` tokens of a class's constructor, by parameter index. */
  findInjects(target: Function): InjectRecord[] {
    return [...(this.injects.get(target) ?? [])].sort((a, b) => a.index - b.index);
  }

  /** Whether a class carries any tool record (`@Tool` on it or on a method). */
  isToolClass(target: Function): boolean {
    return this.findToolClass(target) !== undefined || this.findToolMethods(target).length > 0;
  }

  /** Forgets every record (for tests). */
  clear(): void {
    this.toolClasses.clear();
    this.toolMethods.clear();
    this.params.clear();
    this.injects.clear();
  }

  /** An independent copy holding the same records. */
  clone(): MetadataStorage {
    const copy = new MetadataStorage();
    for (const record of this.toolClasses.values()) copy.collectToolClass(record);
    for (const list of this.toolMethods.values()) list.forEach((r) => copy.collectToolMethod(r));
    for (const list of this.params.values()) list.forEach((r) => copy.collectParam(r));
    for (const list of this.injects.values()) list.forEach((r) => copy.collectInject(r));
    return copy;
  }
}
