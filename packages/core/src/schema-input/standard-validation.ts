import { cutText, errorMessage } from '../error-text';
import { ToolValidationResult } from '../results';
import { displayPath } from '../validation/display';
import { invalidParamsOf, IssueList, moreProblems, type IssueLimits, type ValidationIssue } from '../validation/issues';
import { checkedValuesLimit, MAX_ECHO_CHARS } from '../validation/limits';
import { holdsMoreValuesThan } from '../validation/value-count';
import type { StandardSchemaV1 } from './standard-schema';

/** What a Standard Schema's `~standard.validate` made of a value: its output (transforms applied), or the failure in victor's words. */
export type StandardOutcome = { readonly value: unknown } | { readonly failure: ToolValidationResult };

/**
 * The keyword of a problem a Standard Schema's library found once ajv had
 * passed the arguments: a check JSON Schema does not express (a zod
 * `.refine()`, a valibot `check`, an arktype narrow). Also the short reason
 * in `invalidParams`.
 */
export const STANDARD_KEYWORD = 'refinement';

/** How much a Standard Schema's validation may do and report: `maxErrors` and `maxErrorChars` as for ajv, and `maxCheckedValues`. */
export interface StandardLimits extends IssueLimits {
  /** The most values the library is run on (`DEFAULT_MAX_CHECKED_VALUES`, 50,000, by default); larger arguments are refused before it runs. */
  readonly maxCheckedValues?: number;
}

/**
 * Runs `schema['~standard'].validate(value)`: its output, or its issues worded
 * as victor words ajv's "anything else" (`Validation error at 'end': <the
 * library's message>`; `Validation error: <message>` for the arguments as a
 * whole), within `limits` as ajv's are. A promise when the library answers
 * one (async refinements); it never rejects, and nothing here throws: a
 * library that throws is a failure too (`Parameters could not be validated: ...`).
 *
 * A `value` of more than `maxCheckedValues` values is refused before the
 * library runs (`Parameters hold more than 50000 values, too many for the
 * checks of zod in one call; send fewer values per call`): libraries collect
 * every issue, at up to about 15 µs and 1 KB each, and cannot be told to stop.
 */
export function runStandardValidation(schema: StandardSchemaV1, value: unknown, limits: StandardLimits): StandardOutcome | Promise<StandardOutcome> {
  let answer: StandardSchemaV1.Result<unknown> | Promise<StandardSchemaV1.Result<unknown>>;
  try {
    const max = checkedValuesLimit(limits.maxCheckedValues);
    if (holdsMoreValuesThan(value, max)) return tooManyValues(schema, max, limits);
    answer = schema['~standard'].validate(value);
  } catch (error) {
    return thrown(error, limits);
  }
  if (isPromiseLike(answer)) {
    return Promise.resolve(answer).then(
      (result) => outcomeOf(result, limits),
      (error: unknown) => thrown(error, limits),
    );
  }
  return outcomeOf(answer, limits);
}

function isPromiseLike(value: unknown): value is PromiseLike<StandardSchemaV1.Result<unknown>> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}

function outcomeOf(result: StandardSchemaV1.Result<unknown>, limits: IssueLimits): StandardOutcome {
  try {
    if (result === null || typeof result !== 'object') return thrown(new TypeError(`~standard.validate answered ${typeof result}`), limits);
    const issues = result.issues;
    if (!issues) return { value: (result as StandardSchemaV1.SuccessResult<unknown>).value };
    return { failure: describeStandardIssues(issues, limits) };
  } catch (error) {
    return thrown(error, limits);
  }
}

function thrown(error: unknown, limits: IssueLimits): StandardOutcome {
  return single(limits, 'validatorError', `Parameters could not be validated: ${errorMessage(error)}`, {});
}

function tooManyValues(schema: StandardSchemaV1, max: number, limits: IssueLimits): StandardOutcome {
  const vendor = schema['~standard'].vendor;
  const library = typeof vendor === 'string' && vendor !== '' ? cutText(vendor, MAX_ECHO_CHARS) : 'its library';
  const message = `Parameters hold more than ${max} values, too many for the checks of ${library} in one call; send fewer values per call`;
  return single(limits, 'tooManyValues', message, { limit: max });
}

/** A failure of one issue about the arguments as a whole. */
function single(limits: IssueLimits, keyword: string, message: string, params: Record<string, unknown>): StandardOutcome {
  const list = new IssueList(limits, 1);
  list.add({ path: [], keyword, message, params }, false);
  return { failure: ToolValidationResult.failure(list.issues.map((issue) => issue.message), {}, list.issues) };
}

/** A Standard Schema's issues as a failed `ToolValidationResult`: the first `maxErrors`, the rest counted, the text bounded. */
export function describeStandardIssues(issues: readonly StandardSchemaV1.Issue[], limits: IssueLimits): ToolValidationResult {
  const total = issues.length === 0 ? 1 : issues.length;
  const list = new IssueList(limits, total);
  let omitted = 0;
  if (issues.length === 0) list.add(issueOf({ message: 'the schema refused the arguments without saying why' }), false);
  for (let i = 0; i < issues.length; i++) {
    if (!list.add(issueOf(issues[i]), i + 1 < issues.length)) {
      omitted = issues.length - i;
      break;
    }
  }
  const errors = list.issues.map((issue) => issue.message);
  if (omitted > 0) errors.push(moreProblems(omitted));
  return ToolValidationResult.failure(errors, invalidParamsOf(list.issues), list.issues, omitted);
}

function issueOf(issue: StandardSchemaV1.Issue): ValidationIssue {
  const path = pathOf(issue.path);
  const text = typeof issue.message === 'string' && issue.message !== '' ? errorMessage(issue.message) : 'invalid value';
  const message = path.length > 0 ? `Validation error at '${displayPath(path)}': ${text}` : `Validation error: ${text}`;
  return { path, keyword: STANDARD_KEYWORD, message, params: {} };
}

// Standard paths hold keys or `{ key }` segments; symbols are shown by their
// description, and keys the caller sent are echoed at most 120 characters long.
function pathOf(path: StandardSchemaV1.Issue['path']): string[] {
  if (!Array.isArray(path)) return [];
  return path.map((segment: PropertyKey | StandardSchemaV1.PathSegment) => {
    const key = segment !== null && typeof segment === 'object' ? segment.key : segment;
    return cutText(typeof key === 'symbol' ? (key.description ?? 'symbol') : String(key), MAX_ECHO_CHARS);
  });
}
