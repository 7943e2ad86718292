import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  type ClientCapabilities,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { ClientRequestOptions, ElicitRequest, ElicitResult, SampleRequest, SampleResult, ToolClient } from '@victor-tools/core/framework';
import { eitherSignal } from '@victor-tools/core/internal';

/** Thrown (as a rejection) when a tool asks the client for what it did not declare. */
export class ClientCapabilityError extends Error {
  constructor(readonly capability: 'sampling' | 'elicitation') {
    super(`The MCP client did not declare the '${capability}' capability, so it cannot be asked for ${capability === 'sampling' ? 'a completion' : 'input'}. Check ctx.client.${capability === 'sampling' ? 'canSample' : 'canElicit'} first.`);
    this.name = 'ClientCapabilityError';
  }
}

/**
 * `ctx.client` for one call: requests to the client that made it, sent on
 * the call's own stream (so they reach it over Streamable HTTP too) and
 * given up when the call is cancelled. Undefined when the client declared
 * neither `sampling` nor `elicitation`, and where the client's capabilities
 * are unknown (a stateless HTTP server sees no initialize).
 */
export function toolClientFor(
  capabilities: ClientCapabilities | undefined,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): ToolClient | undefined {
  const canSample = capabilities?.sampling !== undefined;
  const canElicit = capabilities?.elicitation !== undefined;
  if (!canSample && !canElicit) return undefined;
  // The tool's signal and the request's as one, let go of once the client answered.
  const send = async <T>(request: ServerRequest, schema: Parameters<typeof extra.sendRequest>[1], options: ClientRequestOptions | undefined): Promise<T> => {
    const either = eitherSignal(extra.signal, options?.signal);
    try {
      return (await extra.sendRequest(request, schema, { signal: either.signal, timeout: options?.timeoutMs })) as T;
    } finally {
      either.release();
    }
  };
  return Object.freeze({
    canSample,
    canElicit,
    async sample(params: SampleRequest, options?: ClientRequestOptions): Promise<SampleResult> {
      if (!canSample) throw new ClientCapabilityError('sampling');
      const request = { method: 'sampling/createMessage', params } as ServerRequest;
      return send<SampleResult>(request, CreateMessageResultSchema, options);
    },
    async elicit(params: ElicitRequest, options?: ClientRequestOptions): Promise<ElicitResult> {
      if (!canElicit) throw new ClientCapabilityError('elicitation');
      const request = { method: 'elicitation/create', params } as ServerRequest;
      return send<ElicitResult>(request, ElicitResultSchema, options);
    },
  });
}
