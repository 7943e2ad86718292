// The logger every test registry gets (not a test file): quiet, and each
// method a jest spy, so a test can assert what was logged.
import type { Logger } from '@victor-tools/core';

/** A fresh quiet logger whose methods are jest spies. */
export function quietLogger(): { [K in keyof Logger]: jest.Mock } {
  return { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
}
