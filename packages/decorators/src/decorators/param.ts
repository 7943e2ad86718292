import { DecoratorUsageError } from '../errors/decorator-usage-error';
import { getMetadataStorage } from '../storage/get-metadata-storage';
import type { ParamOptions } from '../options';
import { isStage3Call, legacyKind, metadataOf } from './decorator-call';

/** What `@Param(options)` returns: a field decorator in either decorator mode. */
export interface ParamDecorator {
  /** Stage 3. */
  (value: undefined, context: ClassFieldDecoratorContext): void;
  /** Legacy. */
  (target: object, propertyKey: string | symbol): void;
}

function usage(kind: string, name: unknown): DecoratorUsageError {
  return new DecoratorUsageError(`@Param cannot decorate the ${kind} '${String(name)}'. Put it on an instance field of a params class.`);
}

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

/** A `type` naming no JSON Schema type compiles into a schema that fails every call: refused where it is written. */
function checkTypeNames(options: ParamOptions, field: unknown): void {
  const type = options !== null && typeof options === 'object' ? (options as { type?: unknown }).type : undefined;
  const names: unknown[] = typeof type === 'string' ? [type] : Array.isArray(type) ? type : [];
  const wrong = names.find((name) => typeof name !== 'string' || !JSON_TYPES.includes(name));
  if (wrong === undefined) return;
  throw new DecoratorUsageError(
    `@Param on '${String(field)}': type ${JSON.stringify(wrong) ?? String(wrong)} is no JSON Schema type. ` +
      `Use one of ${JSON_TYPES.map((name) => `'${name}'`).join(', ')}, or a class (String, Number, Boolean, Date, a params class).`,
  );
}

/**
 * Declares a parameter on a field of a params class: the field's name is the
 * parameter's, its initializer the default; `options` give the type, a
 * description and any JSON Schema keyword, or are a TypeBox schema.
 */
export function Param(options: ParamOptions = {}): ParamDecorator {
  function decorate(...args: unknown[]): void {
    const storage = getMetadataStorage();
    if (isStage3Call(args)) {
      const [, context] = args;
      if (context.kind !== 'field' || context.static || typeof context.name !== 'string') throw usage(context.static ? `static ${context.kind}` : context.kind, context.name);
      checkTypeNames(options, context.name);
      storage.collectParam({ key: metadataOf(context, '@Param'), field: context.name, options, mode: 'stage3' });
      return;
    }
    const [target, key, descriptor] = args as [unknown, unknown, PropertyDescriptor | undefined];
    if (typeof target === 'function' && key === undefined) throw usage('class', target.name);
    if (typeof target === 'function') throw usage(`static ${legacyKind(descriptor)}`, key);
    if (typeof key !== 'string' || descriptor !== undefined || target === null || typeof target !== 'object') throw usage(legacyKind(descriptor), key);
    checkTypeNames(options, key);
    storage.collectParam({ key: target.constructor, field: key, options, mode: 'legacy' });
  }
  return decorate as ParamDecorator;
}
