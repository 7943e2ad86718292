import { SmartEnum, resolveEnum } from './smart-enum';

/** The plain values of `ExecutionCategory`, as `.value`, `toJSON()` and `ExecutionCategory.from` use them. */
export type ExecutionCategoryValue = 'read_only' | 'write' | 'compute' | 'network' | 'execute' | 'mixed';
/** An `ExecutionCategory` or its plain value. */
export type ExecutionCategoryLike = ExecutionCategory | ExecutionCategoryValue;

const CONFLICTS: Record<ExecutionCategoryValue, readonly ExecutionCategoryValue[]> = {
  read_only: [],
  compute: [],
  network: [],
  write: ['write', 'mixed', 'execute'],
  execute: ['execute', 'write', 'mixed'],
  mixed: ['write', 'execute', 'mixed'],
};

/** What running a tool does to shared state; decides what may run in parallel. */
export class ExecutionCategory extends SmartEnum<ExecutionCategoryValue> {
  static readonly READ_ONLY = new ExecutionCategory('read_only');
  static readonly WRITE = new ExecutionCategory('write');
  static readonly COMPUTE = new ExecutionCategory('compute');
  static readonly NETWORK = new ExecutionCategory('network');
  static readonly EXECUTE = new ExecutionCategory('execute');
  static readonly MIXED = new ExecutionCategory('mixed');

  private constructor(value: ExecutionCategoryValue) {
    super(value);
    Object.freeze(this);
  }

  /** READ_ONLY, COMPUTE and NETWORK calls can run beside each other. */
  get canParallelize(): boolean {
    return CONFLICTS[this.value].length === 0;
  }

  /** Whether two calls of these categories must not overlap (symmetric). */
  conflictsWith(other: ExecutionCategoryLike): boolean {
    return CONFLICTS[this.value].includes(ExecutionCategory.from(other).value);
  }

  static values(): readonly ExecutionCategory[] {
    return EXECUTION_CATEGORIES;
  }

  static from(value: ExecutionCategoryLike): ExecutionCategory {
    return resolveEnum('ExecutionCategory', EXECUTION_CATEGORIES, value);
  }
}

const EXECUTION_CATEGORIES: readonly ExecutionCategory[] = Object.freeze([
  ExecutionCategory.READ_ONLY,
  ExecutionCategory.WRITE,
  ExecutionCategory.COMPUTE,
  ExecutionCategory.NETWORK,
  ExecutionCategory.EXECUTE,
  ExecutionCategory.MIXED,
]);
Object.freeze(ExecutionCategory);
