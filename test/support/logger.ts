// The loggers test registries get (not a test file): quiet, with jest spies
// where a test asserts what was logged, or recording nothing at all.
import type { Logger } from '@victor-tools/core';

/** A fresh quiet logger whose methods are jest spies. */
export function quietLogger(): { [K in keyof Logger]: jest.Mock } {
  return { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
}

/** A logger that drops everything and records nothing: for registries that log a lot (fuzzing) and tests that never look. */
export const silentLogger: Logger = Object.freeze({ debug() {}, info() {}, warn() {}, error() {} });
