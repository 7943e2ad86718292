import { ErrorCode, type JSONRPCRequest, type LoggingLevel, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import type { ToolLogFunction, ToolLogLevel } from '@victor-tools/core/framework';
import { DROPPED_LOGS_MESSAGE, MAX_LOGS_PER_CALL } from '@victor-tools/core/internal';
import { MAX_LOGGER_NAME_LENGTH, MAX_LOG_DATA_LENGTH, MAX_LOG_MESSAGE_LENGTH, limitText } from './limits';
import { JsonRpcError } from './protocol-error';
import { describeValue } from '@victor-tools/core/internal';

/** MCP's levels, least severe first (RFC 5424's, as `logging/setLevel` takes them). */
const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/**
 * The level a client asked for with `logging/setLevel`, for one connection
 * (stdio, an HTTP session; a stateless HTTP request is a connection of its
 * own, so there a level set by one request does not reach the next). Until
 * the client sets one, every message is sent, as the SDK's own server does.
 */
export class ClientLogLevel {
  private min = 0;

  set(level: LoggingLevel): void {
    this.min = Math.max(0, LEVELS.indexOf(level));
  }

  allows(level: LoggingLevel): boolean {
    return LEVELS.indexOf(level) >= this.min;
  }
}

/** The level of a `logging/setLevel` request, or an InvalidParams error (-32602) saying what MCP takes. */
export function readLogLevel(request: JSONRPCRequest): LoggingLevel {
  const level = (request.params as { level?: unknown } | undefined)?.level;
  if (typeof level === 'string' && (LEVELS as readonly string[]).includes(level)) return level as LoggingLevel;
  const shown = typeof level === 'string' ? `'${limitText(level, 100)}'` : describeValue(level);
  throw new JsonRpcError(ErrorCode.InvalidParams, `Invalid logging/setLevel request: 'level' must be one of ${LEVELS.join(', ')}; got ${shown}`);
}

/**
 * `ctx.log` of a call under MCP: each message at or above the client's level
 * becomes a `notifications/message` (`logger`: the logger the tool named,
 * such as an upstream server's own for a tool of `mcpTools`, else the tool's
 * name; `data`: the message, or `{ message, data }` when the tool gave
 * data), sent on the
 * call's own stream. An unknown level counts as `info`. Data JSON cannot
 * carry, or over 64 KB of JSON, is replaced by a note saying so; a message
 * that cannot be delivered (the client left) is dropped. At most 100
 * messages of one call are sent (core's `MAX_LOGS_PER_CALL`, as the queue
 * does), then one warning says the rest were dropped. Core's pipeline
 * calls this only while the call runs (later messages go to the registry's
 * logger), so nothing is sent after the result.
 */
export function clientLogFunction(
  level: ClientLogLevel,
  logger: string,
  send: (notification: LoggingMessageNotification) => Promise<void>,
): ToolLogFunction {
  let sent = 0;
  return (requested: ToolLogLevel, message: string, data?: unknown, named?: string) => {
    const severity: LoggingLevel = LEVELS.includes(requested) ? requested : 'info';
    if (!level.allows(severity) || sent > MAX_LOGS_PER_CALL) return;
    sent += 1;
    if (sent > MAX_LOGS_PER_CALL) {
      if (level.allows('warning')) send({ method: 'notifications/message', params: { level: 'warning', logger, data: DROPPED_LOGS_MESSAGE } }).catch(() => undefined);
      return;
    }
    const text = limitText(String(message), MAX_LOG_MESSAGE_LENGTH);
    const from = typeof named === 'string' && named !== '' ? limitText(named, MAX_LOGGER_NAME_LENGTH) : logger;
    const params = { level: severity, logger: from, data: data === undefined ? text : { message: text, data: sendable(data) } };
    send({ method: 'notifications/message', params }).catch(() => undefined);
  };
}

/** `data` as plain JSON data, or a note when it is not JSON or too large. */
function sendable(data: unknown): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(data);
  } catch (error) {
    return `[data left out: it cannot be sent as JSON (${error instanceof Error ? error.message : String(error)})]`;
  }
  if (json === undefined) return `[data left out: ${typeof data} cannot be sent as JSON]`;
  if (json.length > MAX_LOG_DATA_LENGTH) return `[data left out: ${json.length} characters of JSON, over the limit of ${MAX_LOG_DATA_LENGTH}]`;
  return JSON.parse(json) as unknown;
}
