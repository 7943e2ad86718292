import type { Logger } from '../types';
import type { ValidationOptions } from '../validation';
import type { ApprovalConfig } from '../policy/approval';
import type { LoopDetector } from '../policy/loop-detector';
import type { ToolEntry } from '../registry/tool-entry';
import type { ToolInvoker } from './invoker';
import type { Step } from './run-steps';

/** What the execute pipeline reads from its registry. */
export interface PipelineHost {
  lookup(name: string): ToolEntry | undefined;
  knownNames(): Iterable<string>;
  /** The hooks as steps (see `hookStep`); replaced, never mutated, so a call in flight keeps the hooks it started with. */
  beforeHooks: readonly Step[];
  afterHooks: readonly Step[];
  readonly logger: Logger;
  readonly validationOptions: ValidationOptions;
  /** The timeout of tools that set none; undefined for none. */
  readonly defaultTimeoutMs: number | undefined;
  /** The `approve` option as read once: who decides calls that need approval. */
  readonly approval: ApprovalConfig;
  /** undefined: no limit. */
  readonly approvalTimeoutMs: number | undefined;
  readonly loops: LoopDetector;
  readonly refuseLoops: boolean;
  readonly invoker: ToolInvoker;
}
