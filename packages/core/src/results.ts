import type { ValidationIssue } from './validation/issues';

/** Fields accepted by `new ToolResult(...)`. */
export interface ToolResultInit {
  success: boolean;
  output?: unknown;
  error?: string;
  metadata?: Record<string, unknown>;
}

/** What a tool call produced: an output on success, an error a model can read otherwise. */
export class ToolResult {
  readonly success: boolean;
  readonly output: unknown;
  readonly error?: string;
  readonly metadata?: Record<string, unknown>;

  constructor(init: ToolResultInit) {
    if (init === null || typeof init !== 'object' || typeof init.success !== 'boolean') {
      const got = init === null || typeof init !== 'object' ? init : init.success;
      throw new TypeError(
        `ToolResult.success must be a boolean, got ${got === null ? 'null' : typeof got}. Use ToolResult.ok(output) or ToolResult.fail(error).`,
      );
    }
    this.success = init.success;
    this.output = init.output ?? null;
    if (init.error !== undefined) this.error = init.error;
    if (init.metadata !== undefined) this.metadata = init.metadata;
  }

  /** A successful result carrying `output`. */
  static ok(output: unknown, metadata?: Record<string, unknown>): ToolResult {
    return new ToolResult({ success: true, output, metadata });
  }

  /** A failed result carrying a readable `error`. */
  static fail(error: string, metadata?: Record<string, unknown>): ToolResult {
    return new ToolResult({ success: false, output: null, error, metadata });
  }

  /** A copy with `extra` merged into the metadata. */
  withMetadata(extra: Record<string, unknown>): ToolResult {
    return new ToolResult({
      success: this.success,
      output: this.output,
      error: this.error,
      metadata: { ...this.metadata, ...extra },
    });
  }

  /** Exactly `success`, `output`, `error` and `metadata`; absent ones left out. */
  toJSON(): ToolResultInit {
    const json: ToolResultInit = { success: this.success, output: this.output };
    if (this.error !== undefined) json.error = this.error;
    if (this.metadata !== undefined) json.metadata = this.metadata;
    return json;
  }
}

/** The outcome of validating a call's arguments: every error, not only the first. */
export class ToolValidationResult {
  // Private fields, so the result's own keys (and its JSON) stay the three of
  // the contract: `valid`, `errors`, `invalidParams`.
  readonly #issues: readonly ValidationIssue[];
  readonly #omittedIssues: number;

  constructor(
    readonly valid: boolean,
    readonly errors: string[] = [],
    readonly invalidParams: Record<string, string> = {},
    issues: readonly ValidationIssue[] = [],
    omittedIssues = 0,
  ) {
    this.#issues = issues;
    this.#omittedIssues = omittedIssues;
  }

  /** The listed problems as data (`{ path, keyword, message, params }`), one per entry of `errors` but the count of the rest. */
  get issues(): readonly ValidationIssue[] {
    return this.#issues;
  }

  /** How many problems were left out of `issues` and `errors` (whose last entry then says "... and N more problems"). */
  get omittedIssues(): number {
    return this.#omittedIssues;
  }

  /** Valid arguments: no errors. */
  static success(): ToolValidationResult {
    return new ToolValidationResult(true, [], {});
  }

  /** Invalid arguments: the errors, the reason per top-level parameter, and the problems as data. */
  static failure(
    errors: string[],
    invalidParams: Record<string, string> = {},
    issues: readonly ValidationIssue[] = [],
    omittedIssues = 0,
  ): ToolValidationResult {
    return new ToolValidationResult(false, errors, invalidParams, issues, omittedIssues);
  }
}
