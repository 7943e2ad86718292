import { errorMessage } from '../error-text';
import { hasOwn } from '../own-property';
import type { Logger } from '../logger';
import type { ToolLogFunction, ToolLogLevel } from '../context';

/** Which Logger method takes each level of a tool's log message. */
const LOGGER_METHOD: Record<ToolLogLevel, keyof Logger> = {
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'error',
  alert: 'error',
  emergency: 'error',
};

/**
 * The most log messages of one call a door passes on to the caller (an MCP
 * client's notifications, a queue caller's progress events); past it, one
 * warning says the rest were dropped (`DROPPED_LOGS_MESSAGE`). A tool logging
 * in a loop must not flood the caller.
 */
export const MAX_LOGS_PER_CALL = 100;

/** The warning a door sends, once, in place of the log messages of a call past `MAX_LOGS_PER_CALL`. */
export const DROPPED_LOGS_MESSAGE = `further log messages of this call were dropped (more than ${MAX_LOGS_PER_CALL})`;

interface LoggingCall {
  readonly name: string;
  readonly settled: boolean;
  readonly callerLog: unknown;
  readonly host: { readonly logger: Logger };
}

/**
 * `ctx.log` of a call: to the caller's `ctx.log` while the call runs (with
 * `logger` only when there is one), to the registry's logger otherwise (no caller's log, or the call has settled: a
 * tool still logging after its timeout is worth seeing). An unknown level
 * counts as 'info'. Never throws into the tool.
 */
export function logToolMessage(call: LoggingCall, level: ToolLogLevel, message: string, data: unknown, logger?: string): void {
  try {
    if (typeof call.callerLog === 'function' && !call.settled) {
      if (logger === undefined) (call.callerLog as ToolLogFunction)(level, message, data);
      else (call.callerLog as ToolLogFunction)(level, message, data, logger);
      return;
    }
    const method = hasOwn(LOGGER_METHOD, level) ? LOGGER_METHOD[level] : 'info';
    const line = `Tool '${call.name}'${typeof logger === 'string' ? ` (${logger})` : ''}: ${message}`;
    if (data === undefined) call.host.logger[method](line);
    else call.host.logger[method](line, data);
  } catch (error) {
    try {
      call.host.logger.debug(`A log message of tool '${call.name}' could not be delivered: ${errorMessage(error)}`);
    } catch {
      // The logger itself is broken; a tool's log line is not worth failing its call over.
    }
  }
}
