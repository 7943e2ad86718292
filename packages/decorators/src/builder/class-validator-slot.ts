import type { JsonSchema } from '@victor-tools/core';
import { setOwn } from '@victor-tools/core/internal';
import { DecoratorUsageError } from '../errors/decorator-usage-error';
import { classLabel } from './names';

/** A readable problem class-validator found, in the format of SPEC section 4's "anything else" row. */
export interface ClassValidatorProblem {
  path: string;
  message: string;
  constraint: string;
}

/**
 * What `@victor-tools/decorators/class-validator` brings when imported: the
 * class-validator constraints of a `@Param` class as JSON Schema keywords,
 * their enforcement, and class-transformer's instances. Without it nothing
 * here loads class-validator or class-transformer (optional peer
 * dependencies: together with libphonenumber-js, which class-validator
 * needs, about 15 MB that most users do not want).
 */
export interface ClassValidatorBridge {
  /** Whether class-validator holds constraints for `target` (or its bases). */
  hasRules(target: Function): boolean;
  /** The JSON Schema keywords the constraints of `target` stand for, per field, and its required fields. */
  schema(target: Function): { properties: Record<string, JsonSchema>; required: string[] } | undefined;
  /** class-validator's findings on an instance of `target` made from `args`. */
  validate(target: Function, args: Record<string, unknown>): ClassValidatorProblem[];
  /** An instance of `target` made from `args` (class-transformer's `plainToInstance`). */
  toInstance(target: Function, args: Record<string, unknown>): object;
}

// On globalThis, so that every copy of this package in the process sees the bridge once it is imported.
const SLOT = Symbol.for('victor-tools.decorators.class-validator-bridge');

/** Installs the bridge (done by importing `@victor-tools/decorators/class-validator`). */
export function installClassValidatorBridge(bridge: ClassValidatorBridge): void {
  (globalThis as Record<symbol, unknown>)[SLOT] = bridge;
}

/** The bridge, once `@victor-tools/decorators/class-validator` was imported. */
export function classValidatorBridge(): ClassValidatorBridge | undefined {
  return (globalThis as Record<symbol, ClassValidatorBridge | undefined>)[SLOT];
}

/**
 * Whether `target`'s class-validator constraints are to be enforced: with
 * the bridge, whether it has any. Without it, a class that does have some
 * (class-validator keeps them on `globalThis`, where they are seen without
 * loading it) is an error at build time rather than constraints silently
 * ignored.
 */
export function classValidatorRules(target: Function): boolean {
  const bridge = classValidatorBridge();
  if (bridge !== undefined) return bridge.hasRules(target);
  const storage = (globalThis as { classValidatorMetadataStorage?: { getTargetValidationMetadatas?: Function } }).classValidatorMetadataStorage;
  if (typeof storage?.getTargetValidationMetadatas !== 'function') return false;
  const rules: unknown = storage.getTargetValidationMetadatas(target, '', true, false);
  if (!Array.isArray(rules) || rules.length === 0) return false;
  throw new DecoratorUsageError(
    `Params class '${classLabel(target)}' has class-validator constraints, which victor-tools reads only with its class-validator bridge: ` +
      `add import '@victor-tools/decorators/class-validator' once, before the tools are built (with class-validator, class-transformer ` +
      `and class-validator-jsonschema installed), or remove the constraints.`,
  );
}

/**
 * An instance of the params class made from the checked arguments: by
 * class-transformer with the bridge; otherwise a new instance (its
 * initializers run) with the arguments' own properties set on it, which is
 * what `plainToInstance` does for classes without class-transformer
 * decorators (nested objects stay as they are).
 */
export function toParamsInstance(target: Function, args: Record<string, unknown>): object {
  const bridge = classValidatorBridge();
  if (bridge !== undefined) return bridge.toInstance(target, args);
  const instance = new (target as new () => Record<string, unknown>)();
  for (const key of Object.keys(args)) {
    setOwn(instance, key, args[key]); // a `__proto__` key must not set the prototype
  }
  return instance;
}
