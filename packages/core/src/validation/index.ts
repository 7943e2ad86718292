export {
  compileSchema,
  validateArguments,
  type CompiledSchema,
  type ValidationOptions,
  type ValidationOutcome,
} from './validate-arguments';
export type { ValidationIssue } from './issues';
export { MAX_ARGUMENT_DEPTH, DEFAULT_MAX_ERRORS, DEFAULT_MAX_ERROR_CHARS, DEFAULT_MAX_CHECKED_VALUES } from './limits';
export { dropNullOptionals } from './null-optionals';
