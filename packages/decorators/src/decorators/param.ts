import { capText, editDistance } from '@victor-tools/core/internal';
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

// @Param's own options, and the JSON Schema keywords (2020-12, draft-07, OpenAPI's) a parameter may carry.
const KNOWN_KEYS = [
  'type', 'description', 'optional', 'path',
  'title', 'default', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', 'nullable', 'format',
  'enum', 'const', 'multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'pattern', 'contentMediaType', 'contentEncoding',
  'items', 'prefixItems', 'additionalItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems', 'unevaluatedItems',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'required', 'minProperties', 'maxProperties',
  'dependentRequired', 'dependentSchemas', 'dependencies', 'unevaluatedProperties',
  'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', '$ref', '$defs', 'definitions', '$id', '$comment', '$anchor',
];

/**
 * A key an edit or two from a known one (`descripton`, `minLenght`,
 * `maxlength`) would be kept as an unknown keyword and never read: refused,
 * naming the right one. Other unknown keys (and those under 4 characters) pass as custom keywords (`x-order`).
 */
function checkKeySpelling(options: ParamOptions, field: unknown): void {
  if (options === null || typeof options !== 'object') return;
  for (const key of Object.keys(options)) {
    if (key.length < 4 || KNOWN_KEYS.includes(key) || key.startsWith('x-')) continue;
    let close: string | undefined;
    let closest = 3;
    for (const known of KNOWN_KEYS) {
      // Keys whose lengths differ by more than two are never near misses: not worth measuring.
      const edits = Math.abs(key.length - known.length) > 2 ? 3 : editDistance(key.toLowerCase(), known.toLowerCase());
      // Two edits only for long names: `sample` or `minimal` is a custom keyword, not a misspelt `example` or `minimum`.
      if (edits < closest && edits <= (known.length < 9 ? 1 : 2)) [close, closest] = [known, edits];
    }
    if (close === undefined) continue;
    throw new DecoratorUsageError(`@Param on '${String(field)}': unknown option '${capText(key)}'; did you mean '${close}'? Options are type, description, optional, path and JSON Schema keywords.`);
  }
}

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
      checkKeySpelling(options, context.name);
      storage.collectParam({ key: metadataOf(context, '@Param'), field: context.name, options, mode: 'stage3' });
      return;
    }
    const [target, key, descriptor] = args as [unknown, unknown, PropertyDescriptor | undefined];
    if (typeof target === 'function' && key === undefined) throw usage('class', target.name);
    if (typeof target === 'function') throw usage(`static ${legacyKind(descriptor)}`, key);
    if (typeof key !== 'string' || descriptor !== undefined || target === null || typeof target !== 'object') throw usage(legacyKind(descriptor), key);
    checkTypeNames(options, key);
    checkKeySpelling(options, key);
    storage.collectParam({ key: target.constructor, field: key, options, mode: 'legacy' });
  }
  return decorate as ParamDecorator;
}
