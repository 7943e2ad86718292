export { checkModePolicy, type ModePolicyDecision, type ModePolicyRule } from './mode-policy';
export {
  approvalRequirement,
  trustFrameworkApproval,
  type ApprovalRequest,
  type ApprovalCallback,
  type ApprovalDecision,
  type ApprovalRequirement,
  type ApprovalRule,
  type ApprovalGate,
  type ApprovalAsker,
} from './approval';
export type { LoopDetection } from './loop-detector';
