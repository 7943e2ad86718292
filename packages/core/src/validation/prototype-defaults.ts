import { copyJson } from './json-copy';
import { MAX_ARGUMENT_DEPTH } from './limits';
import { hasOwn, setOwn } from '../own-property';
import { isNode, resolveLocalRef } from './schema-node';

// The arguments are ordinary objects, so they answer to every name of
// Object.prototype (`constructor`, `toString`...). ajv, with `ownProperties`
// (see ajv-instance.ts), checks `required` and `properties` on own keys only,
// but it applies a default
// only where `data.constructor === undefined`, which an ordinary object never
// is. Defaults for such names are therefore applied here, before ajv runs, for
// the schemas that have one: ajv then finds the property there and checks it.

/** Every name an ordinary object answers to through its prototype. */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Whether `properties` gives a default to a name of `PROTOTYPE_NAMES`. */
export function declaresPrototypeNamedDefault(properties: unknown): boolean {
  if (!isNode(properties)) return false;
  for (const name of Object.keys(properties)) {
    const property = properties[name];
    if (PROTOTYPE_NAMES.has(name) && isNode(property) && hasOwn(property, 'default')) return true;
  }
  return false;
}

/**
 * Applies, in place on the copy of the arguments, the defaults of properties
 * named like an Object.prototype member, where ajv would apply them: through
 * `properties`, `items` (tuples too), `allOf` and local `$ref`s. Not through
 * `additionalProperties`, `patternProperties`, `dependencies` or
 * `then`/`else` (see the README).
 */
export function applyPrototypeNamedDefaults(schema: unknown, data: unknown): void {
  apply(schema, schema, data, 0, new Map());
}

/**
 * `visited` holds, per object of the arguments, the schema nodes already
 * applied to it: each pair is visited once, so the walk stays within schema
 * size times argument size even for `allOf: [{ $ref: '#' }, { $ref: '#' }]`.
 */
function apply(schema: unknown, root: unknown, data: unknown, depth: number, visited: Map<object, Set<object>>): void {
  const node = resolveLocalRef(schema, root);
  if (!isNode(node) || data === null || typeof data !== 'object' || depth > MAX_ARGUMENT_DEPTH) return;
  let applied = visited.get(data);
  if (applied === undefined) visited.set(data, (applied = new Set()));
  if (applied.has(node)) return;
  applied.add(node);
  if (Array.isArray(data)) {
    const items = node.items;
    for (let i = 0; i < data.length; i++) apply(Array.isArray(items) ? items[i] : items, root, data[i], depth + 1, visited);
  } else {
    const record = data as Record<string, unknown>;
    const properties = node.properties;
    if (isNode(properties)) {
      for (const name of Object.keys(properties)) {
        const property = properties[name];
        if (PROTOTYPE_NAMES.has(name) && !hasOwn(record, name) && isNode(property) && hasOwn(property, 'default')) {
          const value = defaultValue(property.default);
          if (value !== undefined) setOwn(record, name, value);
        }
        if (hasOwn(record, name)) apply(property, root, record[name], depth + 1, visited);
      }
    }
  }
  if (Array.isArray(node.allOf)) for (const branch of node.allOf) apply(branch, root, data, depth, visited);
}

/** A fresh copy of a default (each call gets its own), or undefined when JSON cannot carry it. */
function defaultValue(value: unknown): unknown {
  try {
    return copyJson(value);
  } catch {
    return undefined;
  }
}
