import type { ParamOptions } from '../options';
import type { DecoratorMode, RecordKey } from './record-key';

/** `@Param` on a field. */
export interface ParamRecord {
  readonly key: RecordKey;
  readonly field: string;
  readonly options: ParamOptions;
  readonly mode: DecoratorMode;
}
