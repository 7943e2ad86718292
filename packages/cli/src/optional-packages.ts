import type * as Queue from '@victor-tools/queue';
import type * as Semantic from '@victor-tools/semantic';
import { MissingPackageError } from './errors/missing-package-error';

// The CLI's heavy optional parts, loaded by the commands that use them:
// @victor-tools/queue brings BullMQ, ioredis, luxon and msgpackr (about 12 MB),
// tsx brings esbuild (about 22 MB with its native binary), @victor-tools/semantic
// its word vectors (about 12 MB). All are optional peer dependencies, so
// `npm install @victor-tools/cli` leaves them out until a user asks for them.

/** Whether `error` says that `specifier` itself cannot be found (not some module it requires). */
export function isMissingModule(error: unknown, specifier: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'MODULE_NOT_FOUND' && typeof message === 'string' && message.startsWith(`Cannot find module '${specifier}'`);
}

/** `@victor-tools/queue`, or a `MissingPackageError` naming `neededBy` and the install command. */
export function loadQueue(neededBy: string): typeof Queue {
  try {
    return require('@victor-tools/queue') as typeof Queue;
  } catch (error) {
    if (isMissingModule(error, '@victor-tools/queue')) throw new MissingPackageError('@victor-tools/queue', neededBy, 'BullMQ on Redis');
    throw error;
  }
}

/** `@victor-tools/semantic`, or a `MissingPackageError` naming `neededBy` and the install command. */
export function loadSemantic(neededBy: string): typeof Semantic {
  try {
    return require('@victor-tools/semantic') as typeof Semantic;
  } catch (error) {
    if (isMissingModule(error, '@victor-tools/semantic')) throw new MissingPackageError('@victor-tools/semantic', neededBy, 'offline word vectors');
    throw error;
  }
}
