export { InvalidPropertyKeyError } from './invalid-property-key-error';
export { InvalidToolNameError } from './invalid-tool-name-error';
export { UnknownProviderError } from './unknown-provider-error';
