import { ErrorCode, JSONRPCMessageSchema, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { hash53 } from '@victor-tools/core/internal';
import { limitText } from './limits';

/** How many ids of cancelled requests a connection keeps taken (the oldest is freed past it). */
export const MAX_CANCELLED_IDS = 256;

/** String ids longer than this are kept as a hash of them: a cancelled id must not hold megabytes. */
const LONGEST_KEPT_ID = 64;

/**
 * The ids of a connection's requests still waiting for their answer, so that
 * one reused while the first is in flight can be refused. The SDK keys a
 * request's answer, its stream and its cancellation by id alone: a second
 * request with the same id would take over the first's stream, get its
 * result, and leave the first stream open forever.
 *
 * A cancelled request gets no answer, and nothing tells when it settles:
 * the SDK runs the cancellation a moment later, and a request reusing the
 * id by then would be the one aborted, while the cancelled one's result went
 * out under the id. MCP forbids reusing an id in a session anyway, so the
 * ids of the last `MAX_CANCELLED_IDS` cancelled requests stay taken for the
 * connection (long string ids as a hash), the memory bounded.
 */
export class InFlightRequests {
  private readonly ids = new Set<RequestId>();
  /** Keys of cancelled requests' ids, oldest first. */
  private readonly cancelled = new Set<RequestId>();

  /** How many requests are waiting for their answer. */
  get size(): number {
    return this.ids.size;
  }

  /**
   * Takes the ids of the requests among `messages` (one JSON-RPC message or
   * a batch) as in flight. When one is in flight already, or appears twice,
   * takes none and returns it.
   */
  claim(messages: unknown): RequestId | undefined {
    const ids = requestIdsOf(messages);
    const seen = new Set<RequestId>();
    for (const id of ids) {
      if (this.ids.has(id) || seen.has(id) || this.isCancelled(id)) return id;
      seen.add(id);
    }
    for (const id of ids) this.ids.add(id);
    return undefined;
  }

  /** Frees the ids of the requests among `messages`: they were refused before anything ran them. */
  forget(messages: unknown): void {
    for (const id of requestIdsOf(messages)) this.ids.delete(id);
  }

  /** Notes a message the server sends: an answer ends its request. */
  sent(message: unknown): void {
    if (isAnswer(message)) this.ids.delete(message.id);
  }

  /**
   * Notes a message the client sent: a cancellation ends the request it
   * names (the SDK sends it no answer), whose id stays taken.
   */
  received(messages: unknown): void {
    for (const message of Array.isArray(messages) ? messages : [messages]) {
      const id = cancelledId(message);
      if (id === undefined || !this.ids.delete(id)) continue;
      this.cancelled.add(cancelledKey(id));
      if (this.cancelled.size > MAX_CANCELLED_IDS) this.cancelled.delete(this.cancelled.values().next().value!);
    }
  }

  /** Whether `id` is that of a request the client cancelled (among the last `MAX_CANCELLED_IDS`). */
  isCancelled(id: RequestId): boolean {
    return this.cancelled.has(cancelledKey(id));
  }
}

/** The JSON-RPC error answering a request whose id is in flight already, or was a cancelled request's. */
export function duplicateIdError(id: RequestId, cancelled = false): { code: number; message: string } {
  const shown = typeof id === 'string' ? `'${limitText(id, 100)}'` : String(id);
  const why = cancelled ? 'was used by a request cancelled in this session' : 'is already in use by a request not answered yet';
  return { code: ErrorCode.InvalidRequest, message: `Invalid Request: request id ${shown} ${why}; give each request its own id` };
}

/** How a cancelled id is kept: as it is, or a long string as its length and a hash (a clash refuses an id, never lets one through). */
function cancelledKey(id: RequestId): RequestId {
  if (typeof id !== 'string' || id.length <= LONGEST_KEPT_ID) return id;
  return `\u0000${id.length}:${hash53(id).toString(36)}`;
}

/** The answer to JSON that is not a JSON-RPC 2.0 message, at every door. */
export const NOT_JSON_RPC = 'Invalid Request: not a JSON-RPC 2.0 message';

/**
 * The id to answer with when `messages` (one JSON-RPC message or a batch,
 * parsed from JSON) is not one the SDK can read: a value that is not a
 * JSON-RPC 2.0 message, an empty batch, or a batch holding one. `null` when
 * it names no id; undefined when the messages are fine.
 */
export function invalidRequestId(messages: unknown): RequestId | null | undefined {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return null;
  for (const message of list) {
    if (JSONRPCMessageSchema.safeParse(message).success) continue;
    const id = isRecord(message) ? message.id : undefined;
    return isRequestId(id) ? id : null;
  }
  return undefined;
}

function requestIdsOf(messages: unknown): RequestId[] {
  const ids: RequestId[] = [];
  for (const message of Array.isArray(messages) ? messages : [messages]) {
    if (isRecord(message) && typeof message.method === 'string' && isRequestId(message.id)) ids.push(message.id);
  }
  return ids;
}

function isAnswer(message: unknown): message is { id: RequestId } {
  return isRecord(message) && isRequestId(message.id) && message.method === undefined && ('result' in message || 'error' in message);
}

function cancelledId(message: unknown): RequestId | undefined {
  if (!isRecord(message) || message.method !== 'notifications/cancelled' || !isRecord(message.params)) return undefined;
  const id = message.params.requestId;
  return isRequestId(id) ? id : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}
