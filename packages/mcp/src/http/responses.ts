import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { limitText } from '../limits';

/**
 * A JSON-RPC error as the HTTP answer, as the SDK's transport answers what it
 * refuses: `id: null` when the refusal is about no request in particular
 * (before any message is read), else the request's id.
 */
export function errorResponse(status: number, code: number, message: string, headers: Record<string, string> = {}, id: RequestId | null = null): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message: limitText(message, 500) }, id }, { status, headers });
}
