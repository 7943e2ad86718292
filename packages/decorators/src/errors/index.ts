export { MissingDescriptionError } from './MissingDescriptionError';
export { MissingParamTypeError } from './MissingParamTypeError';
export { MissingProviderError } from './MissingProviderError';
export { DuplicateToolNameError } from './DuplicateToolNameError';
export { DecoratorUsageError } from './DecoratorUsageError';
export { ParamsClassError } from './ParamsClassError';
