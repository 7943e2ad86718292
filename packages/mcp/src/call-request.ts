import { ErrorCode, type JSONRPCRequest, type ProgressToken } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcError } from './protocol-error';
import { describeValue } from '@victor-tools/core/internal';

/**
 * The longest `progressToken` taken, in characters. It is echoed in every
 * progress notification of the call: an identifier, not a payload.
 */
export const MAX_PROGRESS_TOKEN_LENGTH = 1000;

/** The parts of a `tools/call` request the server uses. */
export interface CallRequest {
  name: string;
  args: Record<string, unknown>;
  /** Set when the client asked for progress notifications. */
  progressToken?: ProgressToken;
}

/**
 * Reads the params of a `tools/call` request, or throws an InvalidParams
 * error with a one-line message. The SDK's own check answers a malformed
 * request (`arguments` an array, a string or null) with code -32603 and a
 * dump of every zod issue, so the server reads the request itself. A
 * string `progressToken` over 1,000 characters is refused too: every
 * progress notification would carry it back.
 */
export function readCallRequest(request: JSONRPCRequest): CallRequest {
  const params = request.params as Record<string, unknown> | undefined;
  if (params === undefined || params === null || typeof params !== 'object' || Array.isArray(params)) {
    throw invalid(`params must be an object, got ${describeValue(params)}`);
  }
  const { name, arguments: args } = params;
  if (typeof name !== 'string') throw invalid(`'name' must be a string, got ${describeValue(name)}`);
  if (args !== undefined && !isObject(args)) throw invalid(`'arguments' must be an object, got ${describeValue(args)}`);
  const meta = params._meta;
  const token = isObject(meta) ? meta.progressToken : undefined;
  const progressToken = typeof token === 'string' || (typeof token === 'number' && Number.isFinite(token)) ? token : undefined;
  if (typeof progressToken === 'string' && progressToken.length > MAX_PROGRESS_TOKEN_LENGTH) {
    throw invalid(`'_meta.progressToken' must be at most ${MAX_PROGRESS_TOKEN_LENGTH} characters, got ${progressToken.length}`);
  }
  return { name, args: (args as Record<string, unknown> | undefined) ?? {}, progressToken };
}

function invalid(problem: string): JsonRpcError {
  return new JsonRpcError(ErrorCode.InvalidParams, `Invalid tools/call request: ${problem}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
