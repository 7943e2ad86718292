export { ToolRegistry } from './tool-registry';
export { ToolRegistrationError } from './tool-registration-error';
export type {
  ToolRegistryOptions,
  RegisterOptions,
  ListToolsOptions,
  ToolSchemaOptions,
  ToolsByCostOptions,
  CostSummary,
  RegistryChangeEvent,
} from './options';
