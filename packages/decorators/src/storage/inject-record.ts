/** A token for constructor injection: a string, a symbol or a class. */
export type InjectionToken = string | symbol | (abstract new (...args: never[]) => unknown);

/** `@Inject(token)` on a constructor parameter (legacy decorators only). */
export interface InjectRecord {
  readonly target: Function;
  readonly index: number;
  readonly token: InjectionToken;
}
