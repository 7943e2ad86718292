import type { ParamOptions, ToolOptions } from '../options';

/** Which decorator proposal produced a record. */
export type DecoratorMode = 'stage3' | 'legacy';

/**
 * What records are filed under: the class itself (legacy decorators, class
 * decorators in both modes) or a stage-3 `context.metadata` object (field and
 * method decorators, which never see their class).
 */
export type MetadataKey = object;

/** A token for constructor injection: a string, a symbol or a class. */
export type InjectionToken = string | symbol | (abstract new (...args: never[]) => unknown);

/** `@Tool` on a class. */
export interface ToolClassRecord {
  readonly target: Function;
  readonly options: ToolOptions;
  readonly mode: DecoratorMode;
}

/** `@Tool` on a method of a toolbox class. */
export interface ToolMethodRecord {
  readonly key: MetadataKey;
  readonly method: string;
  readonly options: ToolOptions;
  readonly mode: DecoratorMode;
}

/** `@Param` on a field. */
export interface ParamRecord {
  readonly key: MetadataKey;
  readonly field: string;
  readonly options: ParamOptions;
  readonly mode: DecoratorMode;
}

/** `@Inject(token)` on a constructor parameter (legacy decorators only). */
export interface InjectRecord {
  readonly target: Function;
  readonly index: number;
  readonly token: InjectionToken;
}
