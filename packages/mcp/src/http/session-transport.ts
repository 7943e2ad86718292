import { StreamableHTTPServerTransport, type StreamableHTTPServerTransportOptions } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { InFlightRequests } from '../request-ids';

/**
 * The SDK's transport for one session, noting each answer it sends in the
 * session's `InFlightRequests`: a request id is free again once its answer
 * went out.
 */
export class SessionTransport extends StreamableHTTPServerTransport {
  constructor(
    options: StreamableHTTPServerTransportOptions,
    private readonly requests: InFlightRequests,
  ) {
    super(options);
  }

  override send(message: JSONRPCMessage, options?: { relatedRequestId?: RequestId }): Promise<void> {
    this.requests.sent(message);
    return super.send(message, options);
  }
}
