// Any new export here becomes public API: named exports only.
// The polyfill comes first: Symbol.metadata must exist before any decorated class is defined.
export { SYMBOL_METADATA } from './polyfill';
export type { ToolOptions, ToolCommonOptions, ToolMetadataOptions, ParamOptions, ParamOptionsObject, ParamsClass, ParamsDeclaration, JsonTypeName, ParamTypeConstructor } from './options';
export { Tool, type ToolDecorator } from './decorators/tool';
export { Param, type ParamDecorator } from './decorators/param';
export { Inject } from './decorators/inject';
export { tool, FunctionTool, type FunctionToolOptions, type ToolFunction } from './function-tool';
export { DecoratedTool } from './builder/decorated-tool';
export { DeclaredTool, type ToolInvoker } from './builder/declared-tool';
export type { ToolDeclaration } from './builder/declaration';
export { toolsOf } from './builder/tools-of';
export { buildParams, type BuiltParams } from './builder/params-schema';
export { getMetadataStorage } from './storage/get-metadata-storage';
export { MetadataStorage } from './storage/metadata-storage';
export type { DecoratorMode, RecordKey } from './storage/record-key';
export type { ToolClassRecord } from './storage/tool-class-record';
export type { ToolMethodRecord } from './storage/tool-method-record';
export type { ParamRecord } from './storage/param-record';
export type { InjectRecord, InjectionToken } from './storage/inject-record';
export { ToolContainer, type ToolContainerOptions, type ScanDirectoryOptions } from './container/tool-container';
export type { ToolRegistryLike, MetadataRegistryLike, ScanReport, RegisteredEntry, SkippedEntry } from './container/contracts';
export * from './errors';
