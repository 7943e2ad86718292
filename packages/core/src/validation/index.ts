export { validateArguments, type ValidationOptions, type ValidationOutcome } from './validate-arguments';
export { MAX_ARGUMENT_DEPTH } from './limits';
export { dropNullOptionals } from './null-optionals';
