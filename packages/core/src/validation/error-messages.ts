import type { ErrorObject } from 'ajv';
import { displayPath, type JsonCopy } from './json-copy';

/** One problem, worded for a model, and the top-level parameter it concerns. */
export interface ArgumentProblem {
  message: string;
  /** Top-level parameter name, or undefined for a problem with the arguments as a whole. */
  param?: string;
  /** The short reason stored in `invalidParams[param]`. */
  reason: string;
}

/**
 * The JSON type name of a value as models know them: `null`, `array`,
 * `object`, `string`, `number` (integral or not) and `boolean`.
 */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Python-repr style: strings in single quotes, numbers bare, anything else as JSON. */
function reprValue(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** Turns ajv's errors into the messages models read (see the README), deduplicated, in ajv's order. */
export function describeErrors(errors: readonly ErrorObject[], data: JsonCopy): ArgumentProblem[] {
  const problems: ArgumentProblem[] = [];
  const seen = new Set<string>();
  for (const error of collapseAlternatives(errors)) {
    const problem = describeError(error, data);
    if (seen.has(problem.message)) continue;
    seen.add(problem.message);
    problems.push(problem);
  }
  return problems;
}

/**
 * Under `anyOf`/`oneOf` ajv reports every failing branch and then the
 * combinator. The branches' errors are folded into the combinator's: when
 * every branch failed only on its type at the same place, the result reads
 * as one type error ("expected string or null"), otherwise as one generic
 * error, so the model is not told contradictory things.
 */
function collapseAlternatives(errors: readonly ErrorObject[]): ErrorObject[] {
  const combinators = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  if (combinators.length === 0) return [...errors];
  const owner = (e: ErrorObject): ErrorObject | undefined =>
    combinators.find((c) => c !== e && e.schemaPath.startsWith(`${c.schemaPath}/`));
  const branches = new Map<ErrorObject, ErrorObject[]>(combinators.map((c) => [c, []]));
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    const parent = owner(error);
    if (parent) branches.get(parent)?.push(error);
    else kept.push(error);
  }
  return kept.map((error) => {
    const inner = branches.get(error);
    if (!inner || inner.length === 0) return error;
    const onlyTypes = inner.every((e) => e.keyword === 'type' && e.instancePath === error.instancePath);
    if (!onlyTypes) return error;
    const types = [...new Set(inner.flatMap((e) => String((e.params as { type: unknown }).type).split(',')))];
    return { ...error, keyword: 'type', params: { type: types.join(',') } };
  });
}

function describeError(error: ErrorObject, data: JsonCopy): ArgumentProblem {
  const path = parsePointer(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const full = [...path, String(params.missingProperty)];
      return { message: `Required parameter '${displayPath(full)}' is missing`, param: full[0], reason: 'required' };
    }
    case 'additionalProperties': {
      const full = [...path, String(params.additionalProperty)];
      return { message: `Unknown parameter '${displayPath(full)}'`, param: full[0], reason: 'unknown parameter' };
    }
    case 'type': {
      const expected = String(params.type).split(',').join(' or ');
      const got = jsonTypeOf(valueAt(data, path));
      const subject = path.length ? `Parameter '${displayPath(path)}' has` : 'Parameters have';
      return {
        message: `${subject} wrong type: expected ${expected}, got ${got}`,
        param: path[0],
        reason: `type: expected ${expected}`,
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(reprValue).join(', ');
      const subject = path.length ? `Parameter '${displayPath(path)}'` : 'Parameters';
      return { message: `${subject} must be one of: [${allowed}]`, param: path[0], reason: 'invalid enum value' };
    }
    default: {
      const where = path.length ? ` at '${displayPath(path)}'` : '';
      return { message: `Validation error${where}: ${error.message ?? error.keyword}`, param: path[0], reason: error.keyword };
    }
  }
}

/** '/o/x' to ['o', 'x'] (JSON Pointer, RFC 6901 escapes undone). */
function parsePointer(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(data: JsonCopy, path: readonly string[]): unknown {
  let current: unknown = data;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
