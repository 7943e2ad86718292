import type { ServerResponse } from 'node:http';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { limitText } from '../limits';

/**
 * Answers an HTTP request with a JSON-RPC error body, as the SDK's transport
 * does for what it refuses: `id: null` when the refusal is about no request
 * in particular (before any message is read), else the request's id.
 */
export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  id: RequestId | null = null,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message: limitText(message, 500) }, id });
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** Answers with a JSON document (the OAuth protected resource metadata). */
export function sendJson(res: ServerResponse, status: number, document: unknown): void {
  const body = JSON.stringify(document);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'max-age=3600' });
  res.end(body);
}
