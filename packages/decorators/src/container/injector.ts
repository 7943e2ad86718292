import { MissingProviderError } from '../errors/missing-provider-error';
import { classLabel } from '../builder/names';
import type { MetadataStorage } from '../storage/metadata-storage';
import type { InjectionToken } from '../storage/inject-record';

/** Text of a token in messages: `'name'`, `Symbol(name)` or a class name. */
function tokenLabel(token: unknown): string {
  if (typeof token === 'function') return token.name || '<anonymous class>';
  return String(token);
}

/**
 * The tokens a class's constructor takes, by position: its `static inject`
 * array (both decorator modes), else `@Inject` tokens and, in legacy mode,
 * the emitted `design:paramtypes`.
 */
function constructorTokens(storage: MetadataStorage, target: Function): InjectionToken[] {
  const declared = (target as { inject?: unknown }).inject;
  if (Array.isArray(declared)) return declared as InjectionToken[];
  const injects = storage.findInjects(target);
  const paramTypes: unknown = typeof Reflect.getMetadata === 'function' ? Reflect.getMetadata('design:paramtypes', target) : undefined;
  const types = Array.isArray(paramTypes) ? (paramTypes as InjectionToken[]) : [];
  const count = Math.max(types.length, ...injects.map((r) => r.index + 1));
  return Array.from({ length: count }, (_, i) => injects.find((r) => r.index === i)?.token ?? types[i]!);
}

/** Values by token, and construction of classes from them. */
export class Injector {
  private readonly providers = new Map<InjectionToken, unknown>();

  provide(token: InjectionToken, value: unknown): void {
    this.providers.set(token, value);
  }

  /** A new instance of `target`, its constructor given the provided values of its tokens (`@Inject` ones as `storage` holds them). */
  construct(target: Function, storage: MetadataStorage): object {
    const args = constructorTokens(storage, target).map((token) => {
      if (!this.providers.has(token)) throw new MissingProviderError(classLabel(target), tokenLabel(token), token);
      return this.providers.get(token);
    });
    return new (target as new (...args: unknown[]) => object)(...args);
  }
}
