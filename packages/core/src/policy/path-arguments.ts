import type { JsonSchema } from '../json-schema';

// SPEC section 12: a name ending in path, file, dir, directory or cwd (plurals too).
const PATH_SUFFIX = /(?:path|file|dir|directory|cwd)s?$|directories$/i;

// Names that say "a place on disk" without one of those endings,
// taken as the name's last word (`output`, `backup_destination`, `srcFolder`)
// so that `photo` or `auto` do not count as `to`.
const PATH_WORDS = new Set([
  'filename',
  'filenames',
  'dest',
  'destination',
  'destinations',
  'output',
  'outputs',
  'out',
  'target',
  'targets',
  'source',
  'sources',
  'src',
  'srcs',
  'dests',
  'outs',
  'location',
  'locations',
  'to',
  'from',
  'dir',
  'folder',
  'folders',
  'pathname',
  'pathnames',
  'dirname',
  'dirnames',
  'root',
  'roots',
]);

/**
 * Whether an argument called `name` is taken as a path: its name ends in
 * path, file, dir, directory or cwd (`targetFile`, `FILEPATH`, `outputDir`),
 * or its last word is one of filename, dest(ination), output, out, target,
 * source, src, location, to, from, dir, folder, pathname, dirname, root
 * (`file_name`, `backupDestination`, `pathName`).
 */
export function isPathLikeName(name: string): boolean {
  // Only the end of the name matters: cut a huge name first so this stays cheap.
  const tail = name.slice(-64);
  if (PATH_SUFFIX.test(tail)) return true;
  const words = tail
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
  const last = words[words.length - 1];
  if (last === undefined) return false;
  return PATH_WORDS.has(last) || (words.length > 1 && PATH_WORDS.has(words[words.length - 2] + last));
}

// The schema nodes that may describe one value: a node, the branches of its
// anyOf/oneOf/allOf/then/else, and what its local `$ref` points to, each
// followed in turn, so that the walk below costs at most a constant per value.
// A schema with more nodes for one value than that is not guessed at: every
// string below such a value is checked as a path (checking too much can only
// refuse a call, never let one out of the sandbox).
const MAX_NODES_PER_VALUE = 256;
const BRANCH_KEYWORDS = ['anyOf', 'oneOf', 'allOf'] as const;

type Nodes = readonly JsonSchema[];
const NONE: Nodes = Object.freeze([]);

/** Stands for "every string at or below here is a path". */
const EVERY_STRING_A_PATH: JsonSchema = { format: 'path' };
EVERY_STRING_A_PATH.items = EVERY_STRING_A_PATH;
EVERY_STRING_A_PATH.additionalProperties = EVERY_STRING_A_PATH;
const EVERYTHING: Nodes = Object.freeze([EVERY_STRING_A_PATH]);

function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What the children of a value described by a set of nodes are described by. */
interface Children {
  /** Per key some node declares in `properties`. */
  readonly properties: Map<string, Nodes>;
  /** For any other key. */
  readonly otherProperties: Nodes;
  /** Per position of the longest tuple (`items` as an array). */
  readonly tupleItems: readonly Nodes[];
  /** For any other position. */
  readonly otherItems: Nodes;
}

/** Reads a schema once: where its `$ref`s lead, and each node's expansion, both cached. */
class SchemaReader {
  private readonly expanded = new WeakMap<JsonSchema, Nodes>();
  private readonly children = new WeakMap<Nodes, Children>();
  private ids: Map<string, JsonSchema> | undefined;

  constructor(private readonly root: JsonSchema) {}

  /** `node` and every node it stands for through branches and `$ref`s (without repeats; EVERYTHING past MAX_NODES_PER_VALUE). */
  expand(node: JsonSchema | undefined): Nodes {
    if (!isSchema(node)) return NONE;
    let nodes = this.expanded.get(node);
    if (nodes !== undefined) return nodes;
    const seen = new Set<JsonSchema>();
    const pending: JsonSchema[] = [node];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (seen.has(next)) continue;
      if (seen.size === MAX_NODES_PER_VALUE) {
        this.expanded.set(node, EVERYTHING);
        return EVERYTHING;
      }
      seen.add(next);
      const target = typeof next.$ref === 'string' ? this.resolve(next.$ref) : undefined;
      if (target !== undefined) pending.push(target);
      for (const keyword of BRANCH_KEYWORDS) {
        const branches = next[keyword];
        if (Array.isArray(branches)) for (const branch of branches) if (isSchema(branch)) pending.push(branch);
      }
      if (isSchema(next.then)) pending.push(next.then);
      if (isSchema(next.else)) pending.push(next.else);
    }
    nodes = [...seen];
    this.expanded.set(node, nodes);
    return nodes;
  }

  /** The nodes that may describe the value under `key` of an object described by `nodes`. */
  property(nodes: Nodes, key: string): Nodes {
    const children = this.childrenOf(nodes);
    return children.properties.get(key) ?? children.otherProperties;
  }

  /** The nodes that may describe item `index` of an array described by `nodes`. */
  item(nodes: Nodes, index: number): Nodes {
    const children = this.childrenOf(nodes);
    return index < children.tupleItems.length ? children.tupleItems[index] : children.otherItems;
  }

  // Worked out once per set of nodes (each set is itself cached, so the same
  // object comes back for the same place in the schema): a value's children
  // then cost a map lookup, whatever the number of branches.
  private childrenOf(nodes: Nodes): Children {
    let children = this.children.get(nodes);
    if (children !== undefined) return children;
    // Where a key is not declared: any pattern's schema (whether it matches the key or
    // not: a path declared there is checked rather than missed), and additionalProperties.
    const fallbacks = nodes.map((node) => {
      const found: JsonSchema[] = [];
      if (isSchema(node.patternProperties)) for (const pattern of Object.values(node.patternProperties)) if (isSchema(pattern)) found.push(pattern);
      if (isSchema(node.additionalProperties)) found.push(node.additionalProperties);
      return found;
    });
    const declared = new Set<string>();
    for (const node of nodes) if (isSchema(node.properties)) for (const key of Object.keys(node.properties)) declared.add(key);
    const properties = new Map<string, Nodes>();
    for (const key of declared) {
      const under: JsonSchema[] = [];
      nodes.forEach((node, i) => {
        const own = isSchema(node.properties) && Object.prototype.hasOwnProperty.call(node.properties, key) ? node.properties[key] : undefined;
        if (isSchema(own)) under.push(own);
        else under.push(...fallbacks[i]);
      });
      properties.set(key, this.expandAll(under));
    }
    let tupleLength = 0;
    for (const node of nodes) if (Array.isArray(node.items)) tupleLength = Math.max(tupleLength, node.items.length);
    const itemsAt = (index: number): Nodes => {
      const under: JsonSchema[] = [];
      for (const node of nodes) {
        const items = node.items;
        if (Array.isArray(items)) {
          const at = index < items.length ? items[index] : node.additionalItems;
          if (isSchema(at)) under.push(at);
        } else if (isSchema(items)) {
          under.push(items);
        }
      }
      return this.expandAll(under);
    };
    children = {
      properties,
      otherProperties: this.expandAll(fallbacks.flat()),
      tupleItems: Array.from({ length: tupleLength }, (_, index) => itemsAt(index)),
      otherItems: itemsAt(tupleLength),
    };
    this.children.set(nodes, children);
    return children;
  }

  private expandAll(under: JsonSchema[]): Nodes {
    if (under.length === 0) return NONE;
    if (under.length === 1) return this.expand(under[0]);
    const all = new Set<JsonSchema>();
    for (const child of under) {
      for (const node of this.expand(child)) {
        if (all.size === MAX_NODES_PER_VALUE) return EVERYTHING;
        all.add(node);
      }
    }
    return [...all];
  }

  /** The node a `$ref` names: a JSON pointer into the root (`#/definitions/P`), or an `$id` of the root or one nested in it. */
  private resolve(ref: string): JsonSchema | undefined {
    if (ref.startsWith('#')) return this.pointer(ref.slice(1));
    this.ids ??= collectIds(this.root);
    return this.ids.get(ref);
  }

  private pointer(fragment: string): JsonSchema | undefined {
    let node: unknown = this.root;
    if (fragment === '' || fragment === '/') return isSchema(node) ? node : undefined;
    let tokens: string[];
    try {
      tokens = decodeURIComponent(fragment).split('/').slice(1);
    } catch {
      return undefined;
    }
    for (const token of tokens) {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
      node = (node as Record<string, unknown>)[key];
    }
    return isSchema(node) ? node : undefined;
  }
}

// What a reader caches is bounded by its schema (keys it declares, nodes it
// holds), never by arguments, so one reader serves every call of a tool.
const readers = new WeakMap<JsonSchema, SchemaReader>();

function readerOf(schema: JsonSchema): SchemaReader {
  let reader = readers.get(schema);
  if (reader === undefined) readers.set(schema, (reader = new SchemaReader(schema)));
  return reader;
}

/** Every `$id` in `root` (TypeBox's `Type.Ref` names its target so), walked once without recursion. */
function collectIds(root: JsonSchema): Map<string, JsonSchema> {
  const ids = new Map<string, JsonSchema>();
  const seen = new Set<object>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object' || seen.has(next)) continue;
    seen.add(next);
    if (!Array.isArray(next) && typeof (next as JsonSchema).$id === 'string' && !ids.has((next as JsonSchema).$id as string)) {
      ids.set((next as JsonSchema).$id as string, next as JsonSchema);
    }
    for (const value of Object.values(next)) if (value !== null && typeof value === 'object') pending.push(value);
  }
  return ids;
}

/** A string argument that names a path, and where it sits (`files.2.dest`). */
export interface PathArgument {
  readonly where: string;
  readonly value: string;
}

interface Visit {
  value: unknown;
  /** The schema nodes that may describe the value (see SchemaReader.expand). */
  nodes: Nodes;
  where: string;
  /** Whether the nearest named key above (or the value's own key) is path-like. */
  named: boolean;
}

/**
 * Every string in `args` that names a path: a string whose schema declares
 * `format: 'path'`, or which sits under a path-like name (the string itself,
 * or the items of an array of strings). Objects and arrays are walked at any
 * depth; the keys of nested objects are judged by name too. The schema is
 * followed through `properties`, `patternProperties`, `additionalProperties`,
 * `items` (tuples too), `anyOf`/`oneOf`/`allOf`/`then`/`else` branches and
 * `$ref`s within it, so a path declared in a union (a nullable array of
 * paths), a record or a definition is found. Each value is visited once,
 * without recursion, at a bounded cost per value, so the walk is linear in
 * the size of the (already validated, so JSON) arguments.
 */
export function findPathArguments(args: Readonly<Record<string, unknown>>, schema: JsonSchema | undefined): PathArgument[] {
  const found: PathArgument[] = [];
  const reader = isSchema(schema) ? readerOf(schema) : undefined;
  const stack: Visit[] = [{ value: args, nodes: reader ? reader.expand(schema) : NONE, where: '', named: false }];
  while (stack.length > 0) {
    const { value, nodes, where, named } = stack.pop()!;
    if (typeof value === 'string') {
      if (named || nodes.some((node) => node.format === 'path')) found.push({ where, value });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const itemNodes = reader && nodes.length > 0 ? reader.item(nodes, i) : NONE;
        stack.push({ value: value[i], nodes: itemNodes, where: where === '' ? String(i) : `${where}.${i}`, named });
      }
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const child = (value as Record<string, unknown>)[key];
        // Only strings and containers can hold a path; numbers and booleans are skipped unvisited.
        if (child === null || (typeof child !== 'string' && typeof child !== 'object')) continue;
        const childNodes = reader && nodes.length > 0 ? reader.property(nodes, key) : NONE;
        stack.push({ value: child, nodes: childNodes, where: where === '' ? key : `${where}.${key}`, named: isPathLikeName(key) });
      }
    }
  }
  return found;
}
