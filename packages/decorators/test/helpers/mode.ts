import 'reflect-metadata';
import '@victor-tools/decorators';

// The same test files run compiled as stage-3 decorators and as legacy
// experimentalDecorators; only the latter emits design:type, which tells the
// two apart without trusting an environment variable.
const probe = (...args: unknown[]): void => void args;

class Probe {
  @probe value!: number;
}

/** Whether this run compiled the tests with legacy `experimentalDecorators` + `emitDecoratorMetadata`. */
export const isLegacy: boolean = Reflect.getMetadata('design:type', Probe.prototype, 'value') === Number;

/**
 * Applies legacy property decorators (class-validator's) through a decorator
 * type that also type-checks under stage 3; only call it in legacy-mode tests.
 */
export function legacy(...decorators: PropertyDecorator[]): (...args: unknown[]) => void {
  return (target, key) => decorators.forEach((decorate) => decorate(target as object, key as string));
}
