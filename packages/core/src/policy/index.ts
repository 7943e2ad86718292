export { checkModePolicy, type ModePolicyDecision, type ModePolicyRule } from './mode-policy';
export type { ApprovalRequest, ApprovalCallback, ApprovalDecision } from './approval';
export type { LoopDetection } from './loop-detector';
