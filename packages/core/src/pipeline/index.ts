export { executeCall, STEPS } from './steps';
export type { PipelineHost, Step } from './tool-call';
export { Hook, toHook, type HookOptions, type HookCallback, type BeforeHookCallback, type AfterHookCallback, type AfterHookInfo } from './hook';
export { inProcessInvoker, type ToolInvocation, type ToolInvoker } from './invoker';
export { toToolResult } from './normalize-result';
export { runBatch, type BatchCall, type BatchOptions } from './batch';
