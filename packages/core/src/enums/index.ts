export { SmartEnum } from './smart-enum';
export { CostTier, type CostTierValue, type CostTierLike } from './cost-tier';
export { AccessMode, type AccessModeValue, type AccessModeLike } from './access-mode';
export { DangerLevel, type DangerLevelValue, type DangerLevelLike } from './danger-level';
export { Priority, type PriorityValue, type PriorityLike } from './priority';
export {
  ExecutionCategory,
  type ExecutionCategoryValue,
  type ExecutionCategoryLike,
} from './execution-category';
export { SchemaLevel, type SchemaLevelValue, type SchemaLevelLike } from './schema-level';
export { AgentMode, type AgentModeValue, type AgentModeLike } from './agent-mode';
