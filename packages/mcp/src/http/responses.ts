import type { ServerResponse } from 'node:http';
import { cutText } from '../limits';

/**
 * Answers an HTTP request with a JSON-RPC error body (`id: null`), as the
 * SDK's transport does for what it refuses before any message is read.
 */
export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message: cutText(message, 500) }, id: null });
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}
