import { SmartEnum, resolveEnum } from './smart-enum';

/** The plain values of `Priority`, as `.value`, `toJSON()` and `Priority.from` use them. */
export type PriorityValue = 1 | 2 | 3 | 4 | 5;
/** A `Priority` or its plain value. */
export type PriorityLike = Priority | PriorityValue;

/** How strongly a tool should be offered; 1 is the most important. */
export class Priority extends SmartEnum<PriorityValue> {
  static readonly CRITICAL = new Priority(1);
  static readonly HIGH = new Priority(2);
  static readonly MEDIUM = new Priority(3);
  static readonly LOW = new Priority(4);
  static readonly CONTEXTUAL = new Priority(5);

  private constructor(value: PriorityValue) {
    super(value);
    Object.freeze(this);
  }

  /** Equal to the value: lower weighs more. */
  get weight(): number {
    return this.value;
  }

  static values(): readonly Priority[] {
    return PRIORITIES;
  }

  static from(value: PriorityLike): Priority {
    return resolveEnum('Priority', PRIORITIES, value);
  }
}

const PRIORITIES: readonly Priority[] = Object.freeze([
  Priority.CRITICAL,
  Priority.HIGH,
  Priority.MEDIUM,
  Priority.LOW,
  Priority.CONTEXTUAL,
]);
Object.freeze(Priority);
