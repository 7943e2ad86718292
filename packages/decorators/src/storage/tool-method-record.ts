import type { ToolOptions } from '../options';
import type { DecoratorMode, RecordKey } from './record-key';

/** `@Tool` on a method of a toolbox class. */
export interface ToolMethodRecord {
  readonly key: RecordKey;
  readonly method: string;
  readonly options: ToolOptions;
  readonly mode: DecoratorMode;
}
