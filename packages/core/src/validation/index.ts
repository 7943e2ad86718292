export { validateArguments, type ValidationOptions, type ValidationOutcome } from './validate-arguments';
export { MAX_ARGUMENT_DEPTH } from './json-copy';
// For the registry's hot path only; not re-exported from the package.
export { checkArguments, ArgumentFailureBox, type ArgumentFailure } from './validate-arguments';
export { getCompiledSchema, type CompiledSchema } from './validator-cache';
