import { SmartEnum, resolveEnum } from './smart-enum';

/** The plain values of `DangerLevel`, as `.value`, `toJSON()` and `DangerLevel.from` use them. */
export type DangerLevelValue = 'safe' | 'low' | 'medium' | 'high' | 'critical';
/** A `DangerLevel` or its plain value. */
export type DangerLevelLike = DangerLevel | DangerLevelValue;

/** How much harm a mistaken call can do. */
export class DangerLevel extends SmartEnum<DangerLevelValue> {
  static readonly SAFE = new DangerLevel('safe', 0, '');
  static readonly LOW = new DangerLevel('low', 1, 'This tool may have minor side effects.');
  static readonly MEDIUM = new DangerLevel('medium', 2, 'This tool modifies state; review its arguments before confirming.');
  static readonly HIGH = new DangerLevel('high', 3, 'This tool can cause significant, hard to reverse changes.');
  static readonly CRITICAL = new DangerLevel('critical', 4, 'This tool can cause irreversible damage; confirm only if you are certain.');

  private constructor(
    value: DangerLevelValue,
    readonly weight: number,
    /** A sentence to show the user before a call; '' for SAFE. */
    readonly warningMessage: string,
  ) {
    super(value);
    Object.freeze(this);
  }

  /** MEDIUM and above ask for confirmation. */
  get requiresConfirmation(): boolean {
    return this.weight >= 2;
  }

  static values(): readonly DangerLevel[] {
    return DANGER_LEVELS;
  }

  static from(value: DangerLevelLike): DangerLevel {
    return resolveEnum('DangerLevel', DANGER_LEVELS, value);
  }
}

const DANGER_LEVELS: readonly DangerLevel[] = Object.freeze([
  DangerLevel.SAFE,
  DangerLevel.LOW,
  DangerLevel.MEDIUM,
  DangerLevel.HIGH,
  DangerLevel.CRITICAL,
]);
Object.freeze(DangerLevel);
