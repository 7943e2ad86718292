// The public API: what users program against. Any new export here becomes
// public API: named exports only. Builder internals live in ./internal.
// The polyfill comes first: Symbol.metadata must exist before any decorated class is defined.
import './polyfill';

// Declaring tools
export { Tool, type ToolDecorator, type ToolClassInstance } from './decorators/tool';
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
export type { ToolRegistryLike, MetadataRegistryLike, ScanReport, RegisteredEntry, SkippedEntry } from './container/contracts';

// The record storage (a container's `storage` option; tests clear or clone it)
export { getMetadataStorage } from './storage/get-metadata-storage';
export { MetadataStorage } from './storage/metadata-storage';
export type { DecoratorMode, RecordKey } from './storage/record-key';
export type { ToolClassRecord } from './storage/tool-class-record';
export type { ToolMethodRecord } from './storage/tool-method-record';
export type { ParamRecord } from './storage/param-record';
export type { InjectRecord, InjectionToken } from './storage/inject-record';

// Errors
export { DecoratorUsageError } from './errors/decorator-usage-error';
export { DuplicateToolNameError } from './errors/duplicate-tool-name-error';
export { MissingDescriptionError } from './errors/missing-description-error';
export { MissingParamTypeError } from './errors/missing-param-type-error';
export { MissingProviderError } from './errors/missing-provider-error';
export { ParamsClassError } from './errors/params-class-error';
