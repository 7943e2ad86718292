import type { ToolOptions } from '../options';
import type { DecoratorMode } from './record-key';

/** `@Tool` on a class. */
export interface ToolClassRecord {
  readonly target: Function;
  readonly options: ToolOptions;
  readonly mode: DecoratorMode;
}
