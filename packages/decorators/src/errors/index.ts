export { MissingDescriptionError } from './missing-description-error';
export { MissingParamTypeError } from './missing-param-type-error';
export { MissingProviderError } from './missing-provider-error';
export { DuplicateToolNameError } from './duplicate-tool-name-error';
export { DecoratorUsageError } from './decorator-usage-error';
export { ParamsClassError } from './params-class-error';
