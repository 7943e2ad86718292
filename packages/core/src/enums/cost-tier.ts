import { SmartEnum, resolveEnum } from './smart-enum';

/** The plain values of `CostTier`, as `.value`, `toJSON()` and `CostTier.from` use them. */
export type CostTierValue = 'free' | 'low' | 'medium' | 'high';
/** A `CostTier` or its plain value, as every option accepts. */
export type CostTierLike = CostTier | CostTierValue;

/** How expensive a tool is to call; `weight` orders the tiers. */
export class CostTier extends SmartEnum<CostTierValue> {
  static readonly FREE = new CostTier('free', 0);
  static readonly LOW = new CostTier('low', 1);
  static readonly MEDIUM = new CostTier('medium', 2);
  static readonly HIGH = new CostTier('high', 3);

  private constructor(
    value: CostTierValue,
    readonly weight: number,
  ) {
    super(value);
    Object.freeze(this);
  }

  static values(): readonly CostTier[] {
    return COST_TIERS;
  }

  static from(value: CostTierLike): CostTier {
    return resolveEnum('CostTier', COST_TIERS, value);
  }
}

const COST_TIERS: readonly CostTier[] = Object.freeze([CostTier.FREE, CostTier.LOW, CostTier.MEDIUM, CostTier.HIGH]);
Object.freeze(CostTier);
