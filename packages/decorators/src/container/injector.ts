import { MissingProviderError } from '../errors/missing-provider-error';
import { isDeclaredClassPrototype } from '../builder/base-tool-class';
import { classLabel } from '../builder/names';
import { DecoratorUsageError } from '../errors/decorator-usage-error';
import type { MetadataStorage } from '../storage/metadata-storage';
import type { InjectionToken } from '../storage/inject-record';

/** Text of a token in messages: `'name'`, `Symbol(name)` or a class name. */
function tokenLabel(token: unknown): string {
  if (typeof token === 'function') return token.name || '<anonymous class>';
  return String(token);
}

/**
 * The tokens a class declares for its own constructor, by position: its own
 * `static inject` array (both decorator modes), else its own `@Inject` tokens
 * and, in legacy mode, its own emitted `design:paramtypes`; `undefined` when
 * it declares none. Own, never inherited: a subclass's constructor is not its parent's.
 */
function ownTokens(storage: MetadataStorage, target: Function): InjectionToken[] | undefined {
  if (Object.prototype.hasOwnProperty.call(target, 'inject')) {
    const declared = (target as { inject?: unknown }).inject;
    if (Array.isArray(declared)) return declared as InjectionToken[];
  }
  const injects = storage.findInjects(target);
  const paramTypes: unknown = typeof Reflect.getOwnMetadata === 'function' ? Reflect.getOwnMetadata('design:paramtypes', target) : undefined;
  if (injects.length === 0 && !Array.isArray(paramTypes)) return undefined;
  const types = Array.isArray(paramTypes) ? (paramTypes as InjectionToken[]) : [];
  const count = Math.max(types.length, ...injects.map((r) => r.index + 1));
  return Array.from({ length: count }, (_, i) => injects.find((r) => r.index === i)?.token ?? types[i]!);
}

/**
 * The tokens `target`'s constructor takes: the class's own, else, for a class
 * with no constructor of its own, its parent's (and so on up). Legacy mode
 * emits `design:paramtypes` for every decorated class that has a constructor
 * of its own; stage 3 emits nothing, so there a class that declares no tokens
 * and whose constructor takes parameters (an implicit one takes none) is
 * refused rather than handed its parent's tokens. The class `@Tool` makes over
 * a `BaseTool` subclass has the user's class's constructor.
 */
function constructorTokens(storage: MetadataStorage, target: Function): InjectionToken[] {
  for (let c: unknown = target; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const own = ownTokens(storage, c);
    if (own !== undefined) return own;
    if (!isDeclaredClassPrototype(c.prototype) && c.length > 0) throw undeclaredTokens(target, c.length);
  }
  return [];
}

// design:paramtypes says Object for an interface, a union or any: a token nobody means to provide.
const OBJECT_TOKEN_HINT =
  " The parameter's type is an interface, a union or any, which TypeScript emits as Object: " +
  "name its token with @Inject('token') on the parameter or static inject = ['token', ...] on the class, and provide that token.";

/**
 * A constructor that takes parameters while nothing says what to pass
 * (stage 3 emits no parameter types): building it anyway would hand it
 * `undefined` in silence.
 */
function undeclaredTokens(target: Function, length: number): DecoratorUsageError {
  const count = length === 1 ? '1 parameter' : `${length} parameters`;
  return new DecoratorUsageError(
    `Cannot construct '${classLabel(target)}': its constructor takes ${count}, and no injection token says what to pass ` +
      '(stage-3 decorators emit no parameter types; legacy ones only with emitDecoratorMetadata). ' +
      "Declare one per parameter, in order, as static inject = [Db, 'config'], and provide each with container.provide(token, value).",
  );
}

/** Values by token, and construction of classes from them. */
export class Injector {
  private readonly providers = new Map<InjectionToken, unknown>();

  provide(token: InjectionToken, value: unknown): void {
    this.providers.set(token, value);
  }

  /** A new instance of `target`, its constructor given the provided values of its tokens (`@Inject` ones as `storage` holds them). */
  construct(target: Function, storage: MetadataStorage): object {
    // `static inject = []` says "pass nothing" on purpose (a constructor whose parameters are optional).
    const tokens = constructorTokens(storage, target);
    const args = tokens.map((token) => {
      if (!this.providers.has(token)) throw new MissingProviderError(classLabel(target), tokenLabel(token), token, token === Object ? OBJECT_TOKEN_HINT : '');
      return this.providers.get(token);
    });
    try {
      return new (target as new (...args: unknown[]) => object)(...args);
    } catch (error) {
      // The raw error names neither the class nor the scan that built it.
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`Cannot construct '${classLabel(target)}': its constructor threw ${reason}. Nothing was registered.`, { cause: error });
    }
  }
}
