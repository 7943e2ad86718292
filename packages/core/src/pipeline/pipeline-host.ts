import type { Logger } from '../types';
import type { ValidationOptions } from '../validation';
import type { ApprovalCallback } from '../policy/approval';
import type { LoopDetector } from '../policy/loop-detector';
import type { ToolEntry } from '../registry/tool-entry';
import type { AfterHookCallback, BeforeHookCallback, Hook } from './hook';
import type { ToolInvoker } from './invoker';

/** What the execute pipeline reads from its registry. */
export interface PipelineHost {
  lookup(name: string): ToolEntry | undefined;
  knownNames(): Iterable<string>;
  /** Replaced, never mutated, so a call in flight keeps the hooks it started with. */
  beforeHooks: readonly Hook<BeforeHookCallback>[];
  afterHooks: readonly Hook<AfterHookCallback>[];
  readonly logger: Logger;
  readonly validationOptions: ValidationOptions;
  /** The timeout of tools that set none; undefined for none. */
  readonly defaultTimeoutMs: number | undefined;
  readonly approve: ApprovalCallback | undefined;
  /** undefined: no limit. */
  readonly approvalTimeoutMs: number | undefined;
  readonly loops: LoopDetector;
  readonly refuseLoops: boolean;
  readonly invoker: ToolInvoker;
}
