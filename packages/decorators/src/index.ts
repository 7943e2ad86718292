// The public API: what users program against. Any new export here becomes
// public API: named exports only. The record types of the metadata storage
// (for code that reads declarations itself) are in ./framework
// (`@victor-tools/decorators/framework`, semver-covered too);
// builder internals, for this repository's own tests, live in src/internal.ts.
// The polyfill comes first: Symbol.metadata must exist before any decorated class is defined.
import './polyfill';

// Declaring tools
export { Tool, type ToolDecorator, type ToolClassInstance, type ToolClassArgumentOrder, type ToolMethodArgumentOrder } from './decorators/tool';
export { Param, type ParamDecorator } from './decorators/param';
export { Inject } from './decorators/inject';
export { tool, type FunctionToolOptions } from './function-tool';
export type { InferArgs, ParametersOf } from './schema-types';
export { DecoratedTool } from './builder/decorated-tool';
export { toolsOfInstance } from './builder/instance-tools';
export type {
  ToolOptions,
  ToolCommonOptions,
  ToolMetadataOptions,
  ToolFunction,
  ParamOptions,
  ParamOptionsObject,
  ParamsClass,
  ParamsDeclaration,
  JsonTypeName,
  ParamTypeConstructor,
} from './options';

// Scanning, injection, registration
export { ToolContainer, type ToolContainerOptions } from './container/tool-container';
export type { ScanDirectoryOptions } from './container/directory-loader';
export type { ContainerRegistry, MetadataRegistryLike, ScanReport, RegisteredEntry, SkippedEntry } from './container/contracts';

// The metadata storage the decorators write (a container's `storage` option;
// tests clear or clone it); its record types are in ./framework.
export { getMetadataStorage } from './storage/get-metadata-storage';
export { MetadataStorage } from './storage/metadata-storage';
export type { InjectionToken } from './storage/inject-record';

// Errors
export { DecoratorUsageError } from './errors/decorator-usage-error';
export { DuplicateToolNameError } from './errors/duplicate-tool-name-error';
export { MissingDescriptionError } from './errors/missing-description-error';
export { MissingParamTypeError } from './errors/missing-param-type-error';
export { MissingProviderError } from './errors/missing-provider-error';
export { ParamsClassError } from './errors/params-class-error';
