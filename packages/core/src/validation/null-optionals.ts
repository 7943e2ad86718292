import { copyJson } from './json-copy';
import { isNode, resolveLocalRef as resolve, type SchemaNode } from './schema-node';

// OpenAI strict mode makes every property required and the optional ones
// nullable, so a strict model sends `null` for what it would have left out.
// Such a null is taken as absent before validation: it is removed,
// the schema's default (if any) then applies, and the tool sees what it declared.
//
// Which nulls go is worked out once per schema (a "plan"), so a call only
// looks at the few places where such a null could be, and a schema without
// any optional, non-nullable property costs nothing at all.

/**
 * Where the nulls to remove can be, for one value of a schema: `drop` names the
 * optional, null-rejecting properties of an object; `properties` the plans of
 * property values that hold more; `items` the plan of every array item (or, for
 * a tuple, of the item at each index) and `rest` that of the items past a
 * tuple (draft 7 `additionalItems`, 2020-12 `items` beside `prefixItems`).
 * Plans of recursive schemas are cyclic.
 */
export interface NullPlan {
  readonly drop: string[];
  readonly properties: Array<[string, NullPlan]>;
  items: NullPlan | Array<NullPlan | undefined> | undefined;
  rest: NullPlan | undefined;
}

/**
 * Whether `schema` certainly refuses `null`: a `type` without 'null', an `enum`
 * without null, a non-null `const`, every `anyOf`/`oneOf` branch refusing it,
 * or one `allOf` branch refusing it; `nullable: true` accepts it. An empty or
 * untyped schema (`{}`, `true`), an unresolvable `$ref` or anything else
 * unsure accepts it, so such a null is left for validation to judge.
 */
function rejectsNull(schema: unknown, root: unknown = schema, depth = 0): boolean {
  const node = resolve(schema, root);
  if (node === false) return true;
  if (!isNode(node) || depth > 32) return false;
  if (node.nullable === true) return false;
  const type = node.type;
  if (typeof type === 'string' && type !== 'null') return true;
  if (Array.isArray(type) && !type.includes('null')) return true;
  if (Array.isArray(node.enum) && !node.enum.includes(null)) return true;
  if (Object.prototype.hasOwnProperty.call(node, 'const') && node.const !== null) return true;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches) && branches.length > 0 && branches.every((b) => rejectsNull(b, root, depth + 1))) return true;
  }
  const all = node.allOf;
  return Array.isArray(all) && all.some((b) => rejectsNull(b, root, depth + 1));
}

/**
 * The plan of `schema` (see `NullPlan`), or `undefined` when no value of it can
 * hold a null to remove. It follows `properties`, `items`, local `$ref`s and
 * the members of `allOf`, `anyOf` and `oneOf`; not `additionalProperties` (a
 * map's values are not optional parameters).
 */
export function buildNullPlan(schema: unknown): NullPlan | undefined {
  const build: PlanBuild = { root: schema, plans: new Map(), unions: new Map(), ids: new Map() };
  const root = planOf(schema, build);
  if (root === undefined) return undefined;
  return prune(root, usefulPlans(build.plans)) ? root : undefined;
}

interface PlanBuild {
  readonly root: unknown;
  /** The plan of each schema node met (and of each union of nodes, keyed by the plan's own stand-in node). */
  readonly plans: Map<object, NullPlan>;
  /** The stand-in node of each union of several schemas one value must match, by their ids. */
  readonly unions: Map<string, SchemaNode>;
  readonly ids: Map<object, number>;
}

// Past this many planned nodes a schema gets no further plans: its nulls are left for validation to judge.
const MAX_PLANNED_NODES = 10_000;

function planOf(schema: unknown, build: PlanBuild): NullPlan | undefined {
  const node = resolve(schema, build.root);
  if (!isNode(node)) return undefined;
  const known = build.plans.get(node);
  if (known !== undefined) return known;
  if (build.plans.size >= MAX_PLANNED_NODES) return undefined;
  const plan: NullPlan = { drop: [], properties: [], items: undefined, rest: undefined };
  // Registered before descending, so a recursive schema points back here rather than looping.
  build.plans.set(node, plan);

  // The schemas one object value may have to match: the node and, within it,
  // its allOf, anyOf and oneOf members. Which branch of a union the value
  // belongs to is unknown, so a null is dropped only where every one that
  // names the property agrees: none requires it, none accepts null for it.
  const parts = partsOf(node, build.root);
  const declared = new Map<string, unknown[]>();
  const keep = new Set<string>();
  for (const part of parts) {
    if (Array.isArray(part.required)) for (const name of part.required) if (typeof name === 'string') keep.add(name);
    const properties = part.properties;
    if (!isNode(properties)) continue;
    for (const name of Object.keys(properties)) {
      const property = properties[name];
      if (!rejectsNull(property, build.root)) keep.add(name);
      const list = declared.get(name);
      if (list === undefined) declared.set(name, [property]);
      else list.push(property);
    }
  }
  for (const [name, schemas] of declared) {
    if (!keep.has(name)) plan.drop.push(name);
    const child = planOf(unionOf(schemas, build), build);
    if (child !== undefined) plan.properties.push([name, child]);
  }
  // Arrays: one item schema for all (`items: {...}`), or a tuple (draft 7
  // `items: [...]` then `additionalItems`, 2020-12 `prefixItems` then `items`).
  // Parts that disagree on the shape (a tuple beside another tuple or a list)
  // get no item plan: their nulls are left for validation to judge.
  const items: unknown[] = [];
  const tuples: unknown[][] = [];
  const rests: unknown[] = [];
  for (const part of parts) {
    const tuple = Array.isArray(part.items) ? part.items : Array.isArray(part.prefixItems) ? part.prefixItems : undefined;
    if (tuple === undefined) {
      if (part.items !== undefined) items.push(part.items);
      continue;
    }
    tuples.push(tuple);
    const rest = Array.isArray(part.items) ? part.additionalItems : part.items;
    if (rest !== undefined) rests.push(rest);
  }
  if (tuples.length === 1 && items.length === 0) {
    plan.items = tuples[0].map((item) => planOf(item, build));
    if (rests.length === 1) plan.rest = planOf(rests[0], build);
  } else if (tuples.length === 0 && items.length > 0) {
    plan.items = planOf(unionOf(items, build), build);
  }
  return plan;
}

/** `node` and the members of its allOf, anyOf and oneOf, at any depth, local `$ref`s resolved. */
function partsOf(node: SchemaNode, root: unknown): SchemaNode[] {
  const parts: SchemaNode[] = [];
  const visit = (schema: unknown, depth: number): void => {
    const resolved = resolve(schema, root);
    if (!isNode(resolved) || depth > 32 || parts.includes(resolved)) return;
    parts.push(resolved);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const members = resolved[key];
      if (Array.isArray(members)) for (const member of members) visit(member, depth + 1);
    }
  };
  visit(node, 0);
  return parts;
}

/**
 * One schema standing for several that a value may have to match (a property
 * named in several union branches): their anyOf, so a null inside is dropped
 * only where all of them agree. The same schemas give the same node, so a
 * recursive schema ends in a known plan rather than looping.
 */
function unionOf(schemas: unknown[], build: PlanBuild): unknown {
  const nodes: SchemaNode[] = [];
  for (const schema of schemas) {
    const node = resolve(schema, build.root);
    if (!isNode(node)) return undefined;
    if (!nodes.includes(node)) nodes.push(node);
  }
  if (nodes.length === 1) return nodes[0];
  const key = nodes
    .map((node) => {
      let id = build.ids.get(node);
      if (id === undefined) build.ids.set(node, (id = build.ids.size));
      return id;
    })
    .sort((a, b) => a - b)
    .join(',');
  let union = build.unions.get(key);
  if (union === undefined) build.unions.set(key, (union = { anyOf: nodes }));
  return union;
}

/** The plans with something to drop in them or below them (a fixpoint, because plans may be cyclic). */
function usefulPlans(plans: Map<object, NullPlan>): Set<NullPlan> {
  const useful = new Set<NullPlan>();
  for (const plan of plans.values()) if (plan.drop.length > 0) useful.add(plan);
  let grew = true;
  while (grew) {
    grew = false;
    for (const plan of plans.values()) {
      if (useful.has(plan)) continue;
      const children = [...plan.properties.map(([, child]) => child), ...(Array.isArray(plan.items) ? plan.items : [plan.items]), plan.rest];
      if (children.some((child) => child !== undefined && useful.has(child))) {
        useful.add(plan);
        grew = true;
      }
    }
  }
  return useful;
}

/** Cuts the branches leading to nothing to drop; whether `root` itself is useful. */
function prune(root: NullPlan, useful: Set<NullPlan>): boolean {
  const seen = new Set<NullPlan>();
  const visit = (plan: NullPlan): void => {
    if (seen.has(plan)) return;
    seen.add(plan);
    const kept = plan.properties.filter(([, child]) => useful.has(child));
    plan.properties.length = 0;
    plan.properties.push(...kept);
    if (plan.rest !== undefined && !useful.has(plan.rest)) plan.rest = undefined;
    if (Array.isArray(plan.items)) {
      plan.items = plan.items.map((item) => (item !== undefined && useful.has(item) ? item : undefined));
      // The positions still count when only the items past them hold nulls to drop.
      if (plan.rest === undefined && plan.items.every((item) => item === undefined)) plan.items = undefined;
    } else if (plan.items !== undefined && !useful.has(plan.items)) {
      plan.items = undefined;
    }
    for (const [, child] of plan.properties) visit(child);
    if (Array.isArray(plan.items)) {
      for (const item of plan.items) if (item !== undefined) visit(item);
    } else if (plan.items !== undefined) {
      visit(plan.items);
    }
    if (plan.rest !== undefined) visit(plan.rest);
  };
  if (!useful.has(root)) return false;
  visit(root);
  return true;
}

/**
 * Removes, in place, the nulls `plan` says to drop from `value`: for the
 * registry's own copy of the arguments, never a caller's object.
 */
export function dropNullsInPlace(plan: NullPlan, value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = plan.items;
    const rest = plan.rest;
    if (items === undefined && rest === undefined) return;
    for (let i = 0; i < value.length; i++) {
      const itemPlan = Array.isArray(items) ? (i < items.length ? items[i] : rest) : items;
      if (itemPlan !== undefined) dropNullsInPlace(itemPlan, value[i]);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  const drop = plan.drop;
  for (let i = 0; i < drop.length; i++) {
    if (record[drop[i]] === null) delete record[drop[i]];
  }
  const properties = plan.properties;
  for (let i = 0; i < properties.length; i++) {
    const child = record[properties[i][0]];
    if (child !== null && typeof child === 'object') dropNullsInPlace(properties[i][1], child);
  }
}

const plansBySchema = new WeakMap<object, NullPlan | null>();

/**
 * A copy of `args` without the `null`s an OpenAI strict-mode model sends for
 * the parameters it would have left out: a `null` for a
 * property that `schema` declares optional (not in its object's `required`)
 * and whose own schema refuses null is removed, at the top level, in nested
 * objects and in array items, so validation then applies the defaults. A null
 * the schema accepts (`type: ['x', 'null']`, `nullable: true`, an untyped
 * `{}`...) or one for a required property is kept. `args` is never changed:
 * the result is a copy made as validation makes it (JSON's semantics, see
 * `validateArguments`). Arguments that are not an object, or that JSON cannot
 * carry (a cycle, NaN...), are returned as they are, for validation to judge.
 * `ToolRegistry.execute` does this by itself (`nullAsAbsent`, on by
 * default); this is for other routes.
 */
export function dropNullOptionals<T>(schema: unknown, args: T): T {
  if (args === null || typeof args !== 'object') return args;
  let copy: unknown;
  try {
    copy = copyJson(args);
  } catch {
    return args;
  }
  if (schema !== null && typeof schema === 'object') {
    let plan = plansBySchema.get(schema);
    if (plan === undefined) {
      plan = buildNullPlan(schema) ?? null;
      plansBySchema.set(schema, plan);
    }
    if (plan !== null) dropNullsInPlace(plan, copy);
  }
  return copy as T;
}
