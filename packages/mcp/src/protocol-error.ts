/**
 * A JSON-RPC error the SDK sends as it is: its `message` goes on the wire
 * unchanged. The SDK's own `McpError` prefixes its message with
 * `MCP error <code>: `, and the client prefixes it once more when it wraps
 * the answer, so thrown from a handler it arrives double-prefixed.
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}
