import { SmartEnum, resolveEnum } from './smart-enum';

/** The plain values of `SchemaLevel`, as `.value`, `toJSON()` and `SchemaLevel.from` use them. */
export type SchemaLevelValue = 'full' | 'compact' | 'stub';
/** A `SchemaLevel` or its plain value. */
export type SchemaLevelLike = SchemaLevel | SchemaLevelValue;

/** How verbose a tool's schema is, to fit a context budget. */
export class SchemaLevel extends SmartEnum<SchemaLevelValue> {
  static readonly FULL = new SchemaLevel('full', 500, 100, true);
  static readonly COMPACT = new SchemaLevel('compact', 150, 50, true);
  static readonly STUB = new SchemaLevel('stub', 80, 25, false);

  private constructor(
    value: SchemaLevelValue,
    readonly maxDescriptionChars: number,
    readonly maxParamDescriptionChars: number,
    readonly includeOptionalParams: boolean,
  ) {
    super(value);
    Object.freeze(this);
  }

  static values(): readonly SchemaLevel[] {
    return SCHEMA_LEVELS;
  }

  static from(value: SchemaLevelLike): SchemaLevel {
    return resolveEnum('SchemaLevel', SCHEMA_LEVELS, value);
  }
}

const SCHEMA_LEVELS: readonly SchemaLevel[] = Object.freeze([SchemaLevel.FULL, SchemaLevel.COMPACT, SchemaLevel.STUB]);
Object.freeze(SchemaLevel);
