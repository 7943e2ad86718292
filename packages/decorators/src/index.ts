// Any new export here becomes public API: named exports only.
// The polyfill comes first: Symbol.metadata must exist before any decorated class is defined.
export { SYMBOL_METADATA } from './polyfill';
export type { ToolOptions, ToolCommonOptions, ToolMetadataOptions, ParamOptions, ParamOptionsObject, ParamsClass, ParamsDeclaration, JsonTypeName, ParamTypeConstructor } from './options';
export { Tool, type ToolDecorator } from './decorators/Tool';
export { Param, type ParamDecorator } from './decorators/Param';
export { Inject } from './decorators/Inject';
export { tool, FunctionTool, type FunctionToolOptions, type ToolFunction } from './function-tool';
export { DecoratedTool } from './builder/decorated-tool';
export { DeclaredTool, type ToolInvoker } from './builder/declared-tool';
export type { ToolDeclaration } from './builder/declaration';
export { toolsOf } from './builder/tools-of';
export { buildParams, type BuiltParams } from './builder/params-schema';
export { getMetadataStorage } from './metadata/get-metadata-storage';
export { MetadataStorage } from './metadata/metadata-storage';
export type { DecoratorMode, InjectionToken, ToolClassRecord, ToolMethodRecord, ParamRecord, InjectRecord, MetadataKey } from './metadata/records';
export { ToolContainer, type ToolContainerOptions, type ScanDirectoryOptions } from './container/tool-container';
export type { ToolRegistryLike, MetadataRegistryLike, ScanReport, RegisteredEntry, SkippedEntry } from './container/contracts';
export * from './errors';
