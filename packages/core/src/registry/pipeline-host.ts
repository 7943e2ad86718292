import type { Logger, ToolExecutionContext } from '../types';
import type { ValidationOptions } from '../validation';
import type { ApprovalCallback } from './approval';
import type { AfterHookCallback, BeforeHookCallback, Hook } from './hook';
import type { LoopDetector } from './loop-detector';
import type { TimeoutScheduler } from './timeout';
import type { ToolEntry } from './tool-entry';

/** What the execute pipeline reads from its registry. */
export interface PipelineHost {
  lookup(name: string): ToolEntry | undefined;
  knownNames(): Iterable<string>;
  /** Replaced, never mutated, so a call in flight keeps the hooks it started with. */
  beforeHooks: readonly Hook<BeforeHookCallback>[];
  afterHooks: readonly Hook<AfterHookCallback>[];
  readonly logger: Logger;
  readonly validationOptions: ValidationOptions;
  readonly defaultTimeoutMs: number;
  readonly approve: ApprovalCallback | undefined;
  readonly approvalTimeoutMs: number | undefined;
  readonly loops: LoopDetector;
  readonly refuseLoops: boolean;
  readonly timeouts: TimeoutScheduler;
}

/** What hooks and the approval request get as context when the caller gave none. */
export const EMPTY_CONTEXT: ToolExecutionContext = Object.freeze({});

/** A value `await` would wait for: an object or function with a callable `then`. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
