import { cutText } from '../error-text';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ToolValidationResult } from '../results';
import type { JsonSchema } from '../json-schema';
import { compileWithAjv } from './ajv-instance';
import { coerceArguments } from './coerce';
import { describeErrors, jsonTypeOf } from './error-messages';
import { invalidParamsOf, IssueList, moreProblems, notLookedFor, type IssueLimits, type ValidationIssue } from './issues';
import { copyJson, NonJsonArgumentError } from './json-copy';
import { checkedValuesLimit, MAX_ECHO_CHARS } from './limits';
import { buildNullPlan, dropNullsInPlace, type NullPlan } from './null-optionals';
import { applyPrototypeNamedDefaults, declaresPrototypeNamedDefault, PROTOTYPE_NAMES } from './prototype-defaults';
import { holdsMoreValuesThan } from './value-count';

/** Options of a validation (`validateArguments`, `CompiledSchema.validate`). */
export interface ValidationOptions {
  /** Safe coercion of numeric strings and 'true'/'false', on the copy (never inside anyOf/oneOf). */
  coerce?: boolean;
  /**
   * Take a `null` for an optional, non-nullable property as absent (removed
   * from the copy before validation, so defaults apply), as OpenAI strict-mode
   * models send null for what they would leave out (see `dropNullOptionals`).
   * Off by default here, so this function and `BaseTool.validateParameters*`
   * give JSON Schema's own verdict; `ToolRegistry` turns it on by default.
   */
  nullAsAbsent?: boolean;
  /** How many problems a failure lists (20 by default); the rest are counted: "... and N more problems". At least 1. */
  maxErrors?: number;
  /** The longest the joined error text (`errors.join('; ')`) of a failure may be: 2048 characters by default, at least 80. */
  maxErrorChars?: number;
  /**
   * The most values (the arguments, and every item and property value in
   * them) whose problems are all looked for: 50,000 by default. Larger
   * arguments that fail are reported with their first problem and
   * `... and perhaps more problems, not looked for in more than N values`,
   * and a Standard Schema's library does not run on them (see
   * `DEFAULT_MAX_CHECKED_VALUES`). `Infinity`: no limit.
   */
  maxCheckedValues?: number;
}

/** The verdict on the arguments plus the copy of them (defaults applied) that a tool runs with. */
export interface ValidationOutcome {
  result: ToolValidationResult;
  value: Record<string, unknown>;
}

/**
 * A schema compiled once, to validate many calls' arguments (TypeBox's
 * `Validator`, ajv's `ValidateFunction`): made by `compileSchema(schema)`.
 */
export interface CompiledSchema {
  /** The schema it was compiled from. */
  readonly schema: JsonSchema | boolean;
  /** Why the schema could not be compiled (every validation then fails with this text), or undefined. */
  readonly schemaError: string | undefined;
  /**
   * Validates `args` (see `validateArguments`): never mutates them, never
   * throws; `value` is the copy of them that the tool should run with.
   */
  validate(args: unknown, options?: ValidationOptions): ValidationOutcome;
}

/** What `check` answers for arguments that failed: the failure (what was wrong, and the copy checked), in a class of its own so that a successful copy (any plain object) is never taken for one. */
export class InvalidArguments {
  constructor(readonly failure: ValidationOutcome) {}
}

/**
 * A compiled schema and what the preparation of arguments needs to know
 * about it, worked out once: where a null may be taken as absent
 * (`NullPlan`), whether a default must be applied before ajv (see
 * `prototype-defaults.ts`). Two validators (see `ajv-instance.ts`): one that
 * stops at the first problem gives every call its verdict; the one that
 * finds every problem is compiled on the first failure, and runs on failing
 * arguments of at most `maxCheckedValues` values.
 */
export class SchemaCompilation implements CompiledSchema {
  readonly schemaError: string | undefined;
  private readonly validator: ValidateFunction | undefined;
  private everyProblem: ValidateFunction | undefined;
  private readonly ownProperties: boolean = false;
  private readonly nulls: NullPlan | undefined;
  private readonly prototypeDefaults: boolean;

  constructor(readonly schema: JsonSchema | boolean) {
    let prototypeDefaults = false;
    try {
      const scan = scanSchema(schema);
      prototypeDefaults = scan.prototypeNamedDefault;
      if (scan.protoProperty !== undefined) {
        this.schemaError = `Invalid parameters schema: it declares a parameter named '__proto__' at '${scan.protoProperty}', which ajv skips without validating. Rename the parameter.`;
      } else {
        this.ownProperties = scan.namesPrototypeMember;
        const validator = compileWithAjv(asDraft7(schema), this.ownProperties, false);
        // An `$async` schema validates into a promise, which would read as a pass.
        if ((validator as { $async?: unknown }).$async === true) throw new Error("'$async: true' is not supported: validation is synchronous");
        this.validator = validator;
        this.nulls = buildNullPlan(schema);
      }
    } catch (err) {
      // Whatever goes wrong with a schema (ajv's refusal, a schema nested past the stack) is the schema's error.
      this.schemaError = `Invalid parameters schema: ${messageOf(err)}. Fix the tool's parameters schema (JSON Schema Draft 7).`;
    }
    this.prototypeDefaults = prototypeDefaults;
  }

  validate(args: unknown, options: ValidationOptions = {}): ValidationOutcome {
    const checked = this.check(args, options);
    return checked instanceof InvalidArguments ? checked.failure : { result: ToolValidationResult.success(), value: checked };
  }

  /**
   * The steps, in order: copy, drop nulls (`nullAsAbsent`), coerce, apply the
   * defaults ajv cannot, validate (ajv applies the other defaults). The
   * validated copy itself on success (no result object is built: the
   * registry's path), an `InvalidArguments` otherwise. Never throws.
   */
  check(args: unknown, options: ValidationOptions): Record<string, unknown> | InvalidArguments {
    const input = args === undefined ? {} : args;
    if (input === null || typeof input !== 'object') return notAnObject(input, options);
    let data: Record<string, unknown>;
    try {
      // Inside the try: `Array.isArray` throws on a revoked Proxy.
      if (Array.isArray(input)) return notAnObject(input, options);
      data = copyJson(input) as Record<string, unknown>;
    } catch (err) {
      if (err instanceof NonJsonArgumentError) return single(options, err.message, 'notJson', err.path.map((key) => cutText(key, MAX_ECHO_CHARS)), { problem: err.problem });
      return single(options, `Parameters could not be read: ${messageOf(err)}`, 'unreadable');
    }
    const validator = this.validator;
    if (validator === undefined) return single(options, this.schemaError ?? 'Invalid parameters schema', 'invalidSchema', [], {}, data);

    // On the private copy only: the caller's object keeps its nulls.
    if (options.nullAsAbsent === true && this.nulls !== undefined) dropNullsInPlace(this.nulls, data);
    if (options.coerce === true) data = coerceArguments(this.schema, data) as Record<string, unknown>;
    if (this.prototypeDefaults) applyPrototypeNamedDefaults(this.schema, data);
    try {
      if (validator(data)) return data;
      return this.describeFailure(data, takeErrors(validator), options);
    } catch (err) {
      // ajv's deep-equal calls `valueOf` of objects (`uniqueItems`, `enum`, `const`): data such as `{ valueOf: 1 }` makes it throw.
      return single(options, `Parameters could not be validated: ${messageOf(err)}`, 'validatorError', [], {}, data);
    }
  }

  /**
   * The failure of `data`, whose first problem is `first`: every problem
   * (listed and counted within the limits) when `data` holds at most
   * `maxCheckedValues` values, else the first one and a note that others
   * were not looked for. Throws what ajv throws.
   */
  private describeFailure(data: Record<string, unknown>, first: readonly ErrorObject[], options: ValidationOptions): InvalidArguments {
    const limit = checkedValuesLimit(options.maxCheckedValues);
    if (holdsMoreValuesThan(data, limit)) {
      const note = notLookedFor(limit);
      return failure(describeErrors(first, data, options, note).issues, 0, data, note);
    }
    this.everyProblem ??= compileWithAjv(asDraft7(this.schema), this.ownProperties, true);
    // Both validators give the same verdict; should they not, the first problem is still a true one.
    const every = this.everyProblem(data) ? first : takeErrors(this.everyProblem);
    const { issues, omitted } = describeErrors(every, data, options);
    return failure(issues, omitted, data);
  }
}

/** A validator's errors, which it would otherwise keep (with all they hold) until its next run. */
function takeErrors(validator: ValidateFunction): ErrorObject[] {
  const errors = validator.errors ?? [];
  validator.errors = null;
  return errors;
}

function failure(issues: ValidationIssue[], omitted: number, data: Record<string, unknown>, note?: string): InvalidArguments {
  const errors = issues.map((issue) => issue.message);
  if (note !== undefined) errors.push(note);
  else if (omitted > 0) errors.push(moreProblems(omitted));
  return new InvalidArguments({
    result: ToolValidationResult.failure(errors, invalidParamsOf(issues), issues, omitted),
    value: data,
  });
}

/** A failure with one issue (found before ajv ran), its message within the limits too. */
function single(
  limits: IssueLimits,
  message: string,
  keyword: string,
  path: string[] = [],
  params: Record<string, unknown> = {},
  data: Record<string, unknown> = {},
): InvalidArguments {
  const list = new IssueList(limits, 1);
  list.add({ path, keyword, message, params }, false);
  return failure(list.issues, 0, data);
}

/** Arguments that are not a JSON object: `null`, a string, an array... */
function notAnObject(input: unknown, limits: IssueLimits): InvalidArguments {
  return single(limits, `Parameters must be an object, got ${jsonTypeOf(input)}`, 'type', [], { type: 'object' });
}

/** The text of whatever was thrown, even a value whose own conversion throws. */
function messageOf(err: unknown): string {
  try {
    return err instanceof Error ? String(err.message) : String(err);
  } catch {
    return `a thrown ${typeof err} that cannot be shown`;
  }
}

/** Keywords whose values are data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/**
 * The schema as ajv's Draft 7 instance must read it. A root `$schema` naming
 * another draft (2019-09, 2020-12) is dropped: ajv would refuse the whole
 * schema, and the keywords tools use mean the same in every draft but one.
 * That one is the tuple: 2020-12's `prefixItems` then `items` for the rest
 * (what zod and MCP servers write) becomes Draft 7's `items` list then
 * `additionalItems`; read as Draft 7, its `items: false` refused every
 * array, and its `items` schema applied to every item. Nodes are copied only
 * where something changes.
 */
function asDraft7(schema: JsonSchema | boolean): JsonSchema | boolean {
  const done = new Map<object, unknown>();
  const visit = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (done.has(node)) return done.get(node);
    done.set(node, node); // a cycle reads the node as it is
    let copy: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key) && !Array.isArray(node)) continue;
      const seen = visit(value);
      if (seen !== value) (copy ??= (Array.isArray(node) ? [...node] : { ...node }) as Record<string, unknown>)[key] = seen;
    }
    let result = copy ?? (node as Record<string, unknown>);
    if (!Array.isArray(result) && Array.isArray(result.prefixItems)) {
      const { prefixItems, items, ...rest } = result;
      result = items === undefined ? { ...rest, items: prefixItems } : { ...rest, items: prefixItems, additionalItems: items };
    }
    done.set(node, result);
    return result;
  };
  const draft7 = visit(schema) as JsonSchema | boolean;
  if (typeof draft7 !== 'object' || !('$schema' in draft7)) return draft7;
  const { $schema: _ignored, ...rest } = draft7;
  return rest;
}

/**
 * One walk over the schema, for what must be known before compiling:
 * `protoProperty`, where a `properties` map declares `__proto__` (ajv leaves
 * such a property out of `properties` and `additionalProperties` on purpose,
 * so the tool would get it unvalidated, or never); `namesPrototypeMember`,
 * whether `properties`, `required` or `dependencies` names a property like
 * `constructor` (ajv then needs `ownProperties`); `prototypeNamedDefault`,
 * whether some `properties` gives such a property a default.
 */
function scanSchema(schema: unknown): { protoProperty?: string; namesPrototypeMember: boolean; prototypeNamedDefault: boolean } {
  let namesPrototypeMember = false;
  let prototypeNamedDefault = false;
  const seen = new Set<object>();
  const named = (names: unknown): boolean => Array.isArray(names) && names.some((name) => PROTOTYPE_NAMES.has(name as string));
  const visit = (node: unknown, path: string[]): string | undefined => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return undefined;
    seen.add(node);
    const record = node as Record<string, unknown>;
    const { properties, required, dependencies } = record;
    if (properties !== null && typeof properties === 'object') {
      if (Object.prototype.hasOwnProperty.call(properties, '__proto__')) return [...path, 'properties', '__proto__'].join('.');
      namesPrototypeMember ||= named(Object.keys(properties));
      prototypeNamedDefault ||= declaresPrototypeNamedDefault(properties);
    }
    namesPrototypeMember ||= named(required);
    if (dependencies !== null && typeof dependencies === 'object') {
      // Both the names depended on and, for property dependencies, the names they require.
      namesPrototypeMember ||= named(Object.keys(dependencies)) || Object.values(dependencies).some(named);
    }
    for (const key of Object.keys(record)) {
      const found = visit(record[key], [...path, key]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const protoProperty = visit(schema, []);
  return { protoProperty, namesPrototypeMember, prototypeNamedDefault };
}
