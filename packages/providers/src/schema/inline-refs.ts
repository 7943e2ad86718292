import type { JsonSchema } from '@victor-tools/core';
import { setOwn } from '@victor-tools/core/internal';
import { type DropLog, ONE_SCHEMA, SCHEMA_LISTS, SCHEMA_RECORDS, isSchema, joinPath, typeList } from './walk';

/** How often one `$ref` may be inlined inside itself before a recursive schema is cut. */
export const MAX_REF_REPEATS = 3;
/** How many schema nodes inlining may write in all, so a schema of many shared definitions stays bounded. */
export const MAX_INLINED_NODES = 2_000;

/**
 * `schema` with its local `$ref`s (`#/$defs/x`, `#/definitions/x`) replaced
 * by copies of what they point to, for a format without references; the
 * definitions themselves are left out. A recursive reference is inlined
 * `MAX_REF_REPEATS` levels deep and then cut to its type with a description
 * saying so, reported as a removed `$ref`; so is every reference once
 * `MAX_INLINED_NODES` nodes are written. A reference that cannot be resolved
 * is left for the exporter to report.
 */
export function inlineLocalRefs(schema: JsonSchema, log: DropLog, provider: string): JsonSchema {
  const root = schema;
  let written = 0;
  const inline = (node: JsonSchema, path: string, chain: string[]): JsonSchema => {
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const target = resolvePointer(root, ref);
      if (target !== undefined) {
        const { $ref: _ref, ...siblings } = node;
        void _ref;
        const repeats = chain.filter((each) => each === ref).length;
        if (repeats >= MAX_REF_REPEATS || written >= MAX_INLINED_NODES) return cut(target, siblings, ref, path, log, provider, repeats >= MAX_REF_REPEATS);
        return inline({ ...target, ...siblings }, path, [...chain, ref]);
      }
    }
    written += 1;
    const out: JsonSchema = {};
    for (const [keyword, value] of Object.entries(node)) {
      // The definitions are only what references point to; once inlined they are not sent.
      if (keyword === '$defs' || keyword === 'definitions') continue;
      if (ONE_SCHEMA.includes(keyword) && isSchema(value)) out[keyword] = inline(value, joinPath(path, keyword), chain);
      else if (SCHEMA_LISTS.includes(keyword) && Array.isArray(value)) {
        out[keyword] = value.map((each, i) => (isSchema(each) ? inline(each, joinPath(path, keyword, i), chain) : each));
      } else if (SCHEMA_RECORDS.includes(keyword) && isSchema(value)) {
        const record: Record<string, unknown> = {};
        for (const [key, each] of Object.entries(value)) setOwn(record, key, isSchema(each) ? inline(each, joinPath(path, keyword, key), chain) : each);
        out[keyword] = record;
      } else setOwn(out, keyword, value);
    }
    return out;
  };
  const out = inline(schema, '', []);
  for (const keyword of ['$defs', 'definitions'] as const) {
    if (schema[keyword] !== undefined) log.rewritten(keyword, '', `${provider} has no references; the definitions are inlined where they are used`);
  }
  return out;
}

function cut(target: JsonSchema, siblings: JsonSchema, ref: string, path: string, log: DropLog, provider: string, recursive: boolean): JsonSchema {
  const type = typeList(target).find((t) => t !== 'null') ?? 'object';
  const why = recursive ? `the recursive '${ref}' is inlined ${MAX_REF_REPEATS} levels deep and cut here` : `inlining stopped after ${MAX_INLINED_NODES} schema nodes`;
  const said = typeof target.description === 'string' && target.description !== '' ? `${target.description} ` : '';
  log.removed('$ref', path, `${provider} has no references; ${why}, so the model is not told the shape below (the registry still checks it)`);
  return { ...siblings, type, description: `${said}(Its shape is not shown at this depth.)` };
}

/** The subschema a local JSON pointer (`#`, `#/$defs/x`) names in `root`, or undefined. */
function resolvePointer(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  let target: unknown = root;
  for (const raw of ref === '#' ? [] : ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined; // a malformed %-escape: left for the exporter to report, as any reference it cannot resolve
    }
    if (!isSchema(target) || !Object.prototype.hasOwnProperty.call(target, key)) return undefined;
    target = target[key];
  }
  return isSchema(target) ? target : undefined;
}
