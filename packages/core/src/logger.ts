import { describeValue } from './error-text';

/** Where the registry reports what it does not throw (hook failures, approvals). */
export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

const LOGGER_METHODS = ['debug', 'info', 'warn', 'error'] as const;

/**
 * The registry's view of a user's logger: checked once (all four methods),
 * and a method that throws is swallowed, because a log line must never fail
 * the call it reports on.
 */
export function guardedLogger(logger: unknown): Logger {
  const missing =
    logger === null || typeof logger !== 'object'
      ? [...LOGGER_METHODS]
      : LOGGER_METHODS.filter((method) => typeof (logger as Record<string, unknown>)[method] !== 'function');
  if (missing.length > 0) {
    throw new TypeError(`logger must be an object with debug, info, warn and error methods (like the console), got ${describeValue(logger)}${missing.length < 4 ? ` without ${missing.join(', ')}` : ''}.`);
  }
  const target = logger as Logger;
  const guard =
    (method: (typeof LOGGER_METHODS)[number]) =>
    (message: string, ...details: unknown[]): void => {
      try {
        target[method](message, ...details);
      } catch {
        // Nowhere left to report it.
      }
    };
  return { debug: guard('debug'), info: guard('info'), warn: guard('warn'), error: guard('error') };
}
