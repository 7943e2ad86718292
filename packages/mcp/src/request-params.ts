import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, InitializeRequestSchema, ListToolsRequestSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { describeValue } from '@victor-tools/core/internal';

/** What the SDK's request schemas answer when they refuse a request: its problems, each at a path. */
interface SchemaCheck {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly ParamsIssue[] } };
}

interface ParamsIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: string;
}

/**
 * The requests whose params the SDK checks with its own schemas before its
 * handler runs: a malformed one (`protocolVersion: 5`, `cursor: 5`) got
 * -32603 with every zod issue as a multi-line JSON dump. `tools/call` and
 * `logging/setLevel` are read by the server itself (`call-request.ts`,
 * `client-log.ts`).
 */
const CHECKED: Readonly<Record<string, SchemaCheck>> = {
  initialize: InitializeRequestSchema as unknown as SchemaCheck,
  'tools/list': ListToolsRequestSchema as unknown as SchemaCheck,
};

/**
 * Answers a request of `CHECKED` whose params its schema refuses with
 * InvalidParams (-32602) and one line naming the first problem, as
 * `tools/call` is answered, before the SDK sees it. Wraps the `onmessage`
 * the SDK's server set on `transport` when it connected.
 */
export function answerMalformedParams(transport: Transport, onerror: (error: Error) => void): void {
  const dispatch = transport.onmessage;
  if (dispatch === undefined) return;
  transport.onmessage = (message, extra) => {
    const problem = paramsProblem(message);
    if (problem === undefined) return dispatch(message, extra);
    const answer: JSONRPCMessage = { jsonrpc: '2.0', id: problem.id, error: { code: ErrorCode.InvalidParams, message: problem.message } };
    transport.send(answer, { relatedRequestId: problem.id }).catch(onerror);
  };
}

/** The one-line refusal of a request whose params its method's schema refuses; undefined when they are fine (or not checked). */
export function paramsProblem(message: unknown): { id: RequestId; message: string } | undefined {
  if (!isRecord(message) || typeof message.method !== 'string' || !isRequestId(message.id)) return undefined;
  const schema = Object.hasOwn(CHECKED, message.method) ? CHECKED[message.method] : undefined;
  const checked = schema?.safeParse(message);
  if (checked === undefined || checked.success) return undefined;
  const [first, ...others] = checked.error.issues;
  const more = others.length === 0 ? '' : ` (and ${others.length} more ${others.length === 1 ? 'problem' : 'problems'})`;
  return { id: message.id, message: `Invalid ${message.method} request: ${describeIssue(first, message)}${more}` };
}

function describeIssue(issue: ParamsIssue | undefined, message: Record<string, unknown>): string {
  if (issue === undefined) return 'params are malformed';
  const path = issue.path.map(String);
  const name = path.length <= 1 ? path.join('.') || 'the request' : `'${path.slice(1).join('.')}'`;
  if (issue.code === 'invalid_type' && issue.expected !== undefined) {
    return `${name} must be ${withArticle(issue.expected)}, got ${describeValue(valueAt(message, issue.path))}`;
  }
  return `${name}: ${issue.message}`;
}

function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}
