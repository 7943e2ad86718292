/** A schema (or subschema) object, as the walks over schemas see it. */
export type SchemaNode = Record<string, unknown>;

export function isNode(value: unknown): value is SchemaNode {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The target of a local `$ref` (`#`, `#/definitions/x`, `#/$defs/x`...) in
 * `root`, following chains of refs; `node` itself when it is no ref;
 * `undefined` for any other ref, a missing target or a loop of refs.
 */
export function resolveLocalRef(node: unknown, root: unknown): unknown {
  let current = node;
  for (let hops = 0; isNode(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (hops > 32 || (ref !== '#' && !ref.startsWith('#/'))) return undefined;
    let target: unknown = root;
    for (const raw of ref === '#' ? [] : ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (target === null || typeof target !== 'object' || !Object.prototype.hasOwnProperty.call(target, key)) return undefined;
      target = (target as Record<string, unknown>)[key];
    }
    current = target;
  }
  return current;
}
