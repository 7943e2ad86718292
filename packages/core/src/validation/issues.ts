import { cutText } from '../error-text';
import { DEFAULT_MAX_ERROR_CHARS, DEFAULT_MAX_ERRORS, MIN_MAX_ERROR_CHARS } from './limits';
import { hasOwn, setOwn } from '../own-property';

/**
 * One problem with a call's arguments, as data (after ajv's `ErrorObject` and
 * TypeBox's `ValidationError`); `message` is the text `errors` holds for it.
 */
export interface ValidationIssue {
  /**
   * Where, as keys from the arguments' root (`['files', '2']`, `[]` for the
   * arguments as a whole). For a missing or an unknown property the path ends
   * with that property, as its message says. Keys longer than 120 characters
   * are shortened (ending in '...').
   */
  readonly path: readonly string[];
  /**
   * The JSON Schema keyword that failed (`required`, `type`, `enum`,
   * `additionalProperties`, `minimum`...). An `anyOf`/`oneOf` whose branches
   * all failed on their type only reads as `type`. Problems found before the
   * schema is applied: `type` (arguments that are not an object), `notJson`
   * (what JSON cannot carry), `unreadable` (a throwing getter or Proxy),
   * `invalidSchema` (the tool's schema does not compile), `validatorError`
   * (the validator threw) and `tooManyValues` (arguments over
   * `maxCheckedValues`, refused before a Standard Schema's library runs).
   * Problems a Standard Schema's library found: `refinement`.
   */
  readonly keyword: string;
  /** The problem in words a model can act on; the same text as in `errors`. */
  readonly message: string;
  /** ajv's params for the keyword (`{ missingProperty }`, `{ type }`, `{ allowedValues }`...); `{}` for the others. */
  readonly params: Readonly<Record<string, unknown>>;
}

/** How much a failed validation reports. */
export interface IssueLimits {
  /** How many problems are listed; the rest are counted. */
  readonly maxErrors?: number;
  /** The longest `errors.join('; ')` may be. */
  readonly maxErrorChars?: number;
}

const SEPARATOR = '; ';

/** The last entry of `errors` when problems were left out. */
export function moreProblems(count: number): string {
  return `... and ${count} more problem${count === 1 ? '' : 's'}`;
}

/** The last entry of `errors` when arguments over `maxCheckedValues` were checked up to their first problem only. */
export function notLookedFor(maxCheckedValues: number): string {
  return `... and perhaps more problems, not looked for in more than ${maxCheckedValues} values`;
}

/**
 * The issues a failed validation reports: the first `maxErrors` distinct
 * ones (by message), as long as their text, joined with '; ' and followed by
 * the count of the rest (or by `note`), stays within `maxErrorChars`. At
 * least one issue is listed, its message shortened if it alone is too long.
 */
export class IssueList {
  readonly issues: ValidationIssue[] = [];
  private chars = 0;
  private readonly seen = new Set<string>();
  private readonly maxErrors: number;
  private readonly maxChars: number;

  /**
   * `total`: how many issues may be offered at most, to keep room for the
   * count of the rest; `note`: the last entry of `errors` in its place,
   * always there (`notLookedFor`), for which room is always kept.
   */
  constructor(
    limits: IssueLimits,
    private readonly total: number,
    private readonly note?: string,
  ) {
    this.maxErrors = limitOf(limits.maxErrors, DEFAULT_MAX_ERRORS, 1);
    this.maxChars = limitOf(limits.maxErrorChars, DEFAULT_MAX_ERROR_CHARS, MIN_MAX_ERROR_CHARS);
  }

  /**
   * Lists `issue` unless its message repeats a listed one; false (and not
   * listed) once the list is full. `more`: whether other issues follow it.
   */
  add(issue: ValidationIssue, more: boolean): boolean {
    if (this.seen.has(issue.message)) return true;
    if (this.issues.length >= this.maxErrors) return false;
    const separator = this.issues.length > 0 ? SEPARATOR.length : 0;
    const tail = this.note ?? (more ? moreProblems(this.total) : '');
    const reserve = tail === '' ? 0 : SEPARATOR.length + tail.length;
    let listed = issue;
    if (this.chars + separator + issue.message.length + reserve > this.maxChars) {
      if (this.issues.length > 0) return false;
      listed = { ...issue, message: cutText(issue.message, this.maxChars - reserve) };
    }
    this.seen.add(issue.message);
    this.issues.push(listed);
    this.chars += separator + listed.message.length;
    return true;
  }
}

/** A limit as given (`Infinity` for none), the default when it is no number, and never below `min`. */
function limitOf(value: number | undefined, fallback: number, min: number): number {
  return typeof value === 'number' && !Number.isNaN(value) ? Math.max(min, value) : fallback;
}

/** `invalidParams`: for each top-level parameter with a listed issue, the short reason of its first one. */
export function invalidParamsOf(issues: readonly ValidationIssue[]): Record<string, string> {
  const invalidParams: Record<string, string> = {};
  for (const issue of issues) {
    const param = issue.path[0];
    // Keyed by whatever the caller sent, `__proto__` included: defined, never assigned.
    if (param !== undefined && !hasOwn(invalidParams, param)) setOwn(invalidParams, param, reasonOf(issue));
  }
  return invalidParams;
}

function reasonOf(issue: ValidationIssue): string {
  switch (issue.keyword) {
    case 'required':
      return 'required';
    case 'additionalProperties':
      return 'unknown parameter';
    case 'type':
      return `type: expected ${expectedTypes(issue.params.type)}`;
    case 'enum':
      return 'invalid enum value';
    case 'notJson':
      return 'not JSON-serializable';
    default:
      return issue.keyword;
  }
}

/** ajv's `type` param ('integer', 'string,null', or a list) as the messages say it: 'string or null'. */
export function expectedTypes(type: unknown): string {
  return String(type).split(',').join(' or ');
}
