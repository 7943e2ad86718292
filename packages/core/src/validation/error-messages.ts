import { MAX_ECHO_CHARS } from './limits';
import { cutText } from '../error-text';
import type { ErrorObject } from 'ajv';
import { displayPath } from './display';
import { expectedTypes, IssueList, type IssueLimits, type ValidationIssue } from './issues';

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

/**
 * ajv's errors as issues worded for a model (see the README), alternatives
 * folded, within `limits`; `omitted` counts the errors left out (after
 * folding). Only the listed errors are worded, so a million wrong items cost
 * a pass over ajv's array, not a million messages. `note`: the last entry of
 * `errors` that will follow the issues in place of the count (room is kept for it).
 */
export function describeErrors(
  errors: readonly ErrorObject[],
  data: unknown,
  limits: IssueLimits,
  note?: string,
): { issues: ValidationIssue[]; omitted: number } {
  const folded = foldAlternatives(errors);
  const list = new IssueList(limits, folded.length, note);
  for (let i = 0; i < folded.length; i++) {
    if (!list.add(describeError(folded[i], data), i + 1 < folded.length)) return { issues: list.issues, omitted: folded.length - i };
  }
  return { issues: list.issues, omitted: 0 };
}

/**
 * Under `anyOf`/`oneOf`, ajv reports the errors of every failing branch and
 * then the combinator's own error, in that order. Walking back from the end,
 * a combinator claims the run of errors just before it that lie under its
 * schema path and its instance path (its branches'), and stands for them:
 * when all of them are type errors at its own place, it reads as one type
 * error ("expected string or null"); otherwise as its own generic error, so
 * the model is not told contradictory things. Each error is looked at once or
 * twice: linear in ajv's array, however many array items share the union.
 * (Errors from a `$ref` inside a branch carry the referenced schema's path,
 * so they stay on their own.)
 */
function foldAlternatives(errors: readonly ErrorObject[]): ErrorObject[] {
  const folded: ErrorObject[] = [];
  let i = errors.length - 1;
  while (i >= 0) {
    const error = errors[i];
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') {
      folded.push(error);
      i--;
      continue;
    }
    const schemaPrefix = `${error.schemaPath}/`;
    const here = error.instancePath;
    let start = i;
    while (start > 0) {
      const inner = errors[start - 1];
      const under = inner.instancePath === here || inner.instancePath.startsWith(`${here}/`);
      if (!under || !inner.schemaPath.startsWith(schemaPrefix)) break;
      start--;
    }
    folded.push(start < i ? asTypeError(error, errors, start, i) : error);
    i = start - 1;
  }
  return folded.reverse();
}

/** The combinator `error` as one type error when its branch errors `errors[from..to)` are all type errors at its place. */
function asTypeError(error: ErrorObject, errors: readonly ErrorObject[], from: number, to: number): ErrorObject {
  const types = new Set<string>();
  for (let k = from; k < to; k++) {
    const inner = errors[k];
    if (inner.keyword !== 'type' || inner.instancePath !== error.instancePath) return error;
    for (const type of String((inner.params as { type: unknown }).type).split(',')) types.add(type);
  }
  return { ...error, keyword: 'type', params: { type: [...types].join(',') } };
}

function describeError(error: ErrorObject, data: unknown): ValidationIssue {
  const path = parsePointer(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const full = [...path, cutText(String(params.missingProperty), MAX_ECHO_CHARS)];
      return issue(full, error, `Required parameter '${displayPath(full)}' is missing`);
    }
    case 'additionalProperties': {
      const full = [...path, cutText(String(params.additionalProperty), MAX_ECHO_CHARS)];
      return issue(full, error, `Unknown parameter '${displayPath(full)}'`);
    }
    case 'type': {
      const got = jsonTypeOf(valueAt(data, error.instancePath));
      const subject = path.length ? `Parameter '${displayPath(path)}' has` : 'Parameters have';
      return issue(path, error, `${subject} wrong type: expected ${expectedTypes(params.type)}, got ${got}`);
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(reprValue).join(', ');
      const subject = path.length ? `Parameter '${displayPath(path)}'` : 'Parameters';
      return issue(path, error, `${subject} must be one of: [${allowed}]`);
    }
    default: {
      const where = path.length ? ` at '${displayPath(path)}'` : '';
      return issue(path, error, `Validation error${where}: ${error.message ?? error.keyword}`);
    }
  }
}

function issue(path: string[], error: ErrorObject, message: string): ValidationIssue {
  return { path, keyword: error.keyword, message, params: clippedParams(error.params as Record<string, unknown>) };
}

/** ajv's params, with strings from the arguments (an unknown key of 16 MB) shortened. */
function clippedParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(params)) {
    const value = params[key];
    out[key] = typeof value === 'string' ? cutText(value, MAX_ECHO_CHARS) : value;
  }
  return out;
}

/** '/o/x' to ['o', 'x'] (JSON Pointer, RFC 6901 escapes undone), each key shortened past 120 characters. */
function parsePointer(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => cutText(s.replace(/~1/g, '/').replace(/~0/g, '~'), MAX_ECHO_CHARS));
}

/** The value at a JSON Pointer in the copy ajv checked (read with the full keys, not the shortened ones). */
function valueAt(data: unknown, pointer: string): unknown {
  if (!pointer) return data;
  let current: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    if (current === null || typeof current !== 'object') return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    current = Object.prototype.hasOwnProperty.call(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return current;
}
