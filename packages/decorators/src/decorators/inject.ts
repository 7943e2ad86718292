import { DecoratorUsageError } from '../errors/decorator-usage-error';
import { getMetadataStorage } from '../storage/get-metadata-storage';
import type { InjectionToken } from '../storage/inject-record';

/**
 * Names the token a constructor parameter is injected with (legacy
 * `experimentalDecorators` only: stage 3 has no parameter decorators; there,
 * give the class a `static inject = [tokens]` array instead).
 */
export function Inject(token: InjectionToken): ParameterDecorator {
  return (target: object, propertyKey: string | symbol | undefined, index: number) => {
    if (typeof target !== 'function' || propertyKey !== undefined) {
      throw new DecoratorUsageError(
        `@Inject(${String(typeof token === 'function' ? token.name : token)}) only decorates constructor parameters. ` +
          `With stage-3 decorators, declare the class's tokens as static inject = [...].`,
      );
    }
    getMetadataStorage().collectInject({ target, index, token });
  };
}
