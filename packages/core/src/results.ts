import type { ToolContentBlock } from './mcp-types';
import type { ValidationIssue } from './validation/issues';
import { describeValue } from './error-text';

/** Fields accepted by `new ToolResult(...)`. */
export interface ToolResultInit {
  success: boolean;
  output?: unknown;
  error?: string;
  metadata?: Record<string, unknown>;
}

/** A result's error is text a model reads: an Error gives its message (its name when the message is empty). */
function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  // An Error of another realm (a vm context, a worker's) fails instanceof but carries the tag.
  if (error instanceof Error || Object.prototype.toString.call(error) === '[object Error]') {
    const { message, name } = error as Error;
    return typeof message === 'string' && message !== '' ? message : String(name);
  }
  throw new TypeError(`ToolResult.error must be a string (or an Error, for its message), got ${describeValue(error)}.`);
}

/** What a tool call produced: an output on success, an error a model can read otherwise. */
export class ToolResult {
  readonly success: boolean;
  readonly output: unknown;
  readonly error?: string;
  readonly metadata?: Record<string, unknown>;
  // A private field: the result's own keys and its JSON stay the contract's four.
  #content: readonly ToolContentBlock[] | undefined;

  constructor(init: ToolResultInit) {
    if (init === null || typeof init !== 'object' || typeof init.success !== 'boolean') {
      const got = init === null || typeof init !== 'object' ? init : init.success;
      throw new TypeError(
        `ToolResult.success must be a boolean, got ${describeValue(got)}. Use ToolResult.ok(output) or ToolResult.fail(error).`,
      );
    }
    this.success = init.success;
    this.output = init.output ?? null;
    if (init.error !== undefined) this.error = errorText(init.error);
    if (init.metadata !== undefined) this.metadata = init.metadata;
  }

  /** A successful result carrying `output`. */
  static ok(output: unknown, metadata?: Record<string, unknown>): ToolResult {
    return new ToolResult({ success: true, output, metadata });
  }

  /** A failed result carrying a readable `error` (an `Error` gives its message). */
  static fail(error: string | Error, metadata?: Record<string, unknown>): ToolResult {
    return new ToolResult({ success: false, output: null, error: errorText(error), metadata });
  }

  /**
   * A successful result carrying MCP content blocks (text, image, audio,
   * embedded resource, resource link, mixed), which an MCP server sends as
   * they are. `output` is what every other route sees (the CLI, provider
   * adapters, JSON); without it, the blocks' text form (`contentText`).
   * Throws a TypeError when `blocks` is not an array of objects with a string `type`.
   */
  static withContent(blocks: readonly ToolContentBlock[], output?: unknown, metadata?: Record<string, unknown>): ToolResult {
    if (!Array.isArray(blocks)) throw new TypeError(`ToolResult.withContent expects an array of content blocks, got ${describeValue(blocks)}.`);
    blocks.forEach((block, index) => {
      if (block === null || typeof block !== 'object' || typeof (block as { type?: unknown }).type !== 'string') {
        throw new TypeError(`ToolResult.withContent: block ${index} is not a content block (an object with a string 'type', such as { type: 'text', text }).`);
      }
    });
    const content = Object.freeze([...blocks]);
    const result = new ToolResult({ success: true, output: output === undefined ? contentText(content) : output, metadata });
    result.#content = content;
    return result;
  }

  /** The MCP content blocks of a result made by `withContent`; undefined for every other result. */
  get content(): readonly ToolContentBlock[] | undefined {
    return this.#content;
  }

  /** A copy with `extra` merged into the metadata (content blocks kept). */
  withMetadata(extra: Record<string, unknown>): ToolResult {
    const copy = new ToolResult({
      success: this.success,
      output: this.output,
      error: this.error,
      metadata: { ...this.metadata, ...extra },
    });
    copy.#content = this.#content;
    return copy;
  }

  /** Exactly `success`, `output`, `error` and `metadata`; absent ones left out. */
  toJSON(): ToolResultInit {
    const json: ToolResultInit = { success: this.success, output: this.output };
    if (this.error !== undefined) json.error = this.error;
    if (this.metadata !== undefined) json.metadata = this.metadata;
    return json;
  }
}

/**
 * The text form of content blocks, for routes that carry text only: text
 * blocks as they are, an embedded text resource as its text, the others as
 * a bracketed note (`[image: image/png, 1.2 KB]`, `[resource: test://x]`),
 * one block per line.
 */
export function contentText(blocks: readonly ToolContentBlock[]): string {
  return blocks.map(blockText).join('\n');
}

function blockText(block: ToolContentBlock): string {
  switch (block.type) {
    case 'text':
      return String(block.text);
    case 'image':
    case 'audio':
      return `[${block.type}: ${String(block.mimeType)}, ${sizeOfBase64(block.data)}]`;
    case 'resource': {
      const resource = block.resource as { uri?: unknown; text?: unknown; mimeType?: unknown };
      return typeof resource?.text === 'string' ? resource.text : `[resource: ${String(resource?.uri)}${resource?.mimeType ? `, ${String(resource.mimeType)}` : ''}]`;
    }
    case 'resource_link':
      return `[resource link: ${String(block.uri)}${block.name ? ` (${String(block.name)})` : ''}]`;
    default:
      return `[${String((block as { type: unknown }).type)} content]`;
  }
}

function sizeOfBase64(data: unknown): string {
  if (typeof data !== 'string') return 'no data';
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  const bytes = Math.max(0, Math.floor((data.length * 3) / 4) - padding);
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
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
