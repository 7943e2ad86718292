// Builder internals, for this repository's own tests, benchmarks and tools
// (`@victor-tools/decorators/internal`): not public API, free to change.
// Named exports only.
import './polyfill';

export { SYMBOL_METADATA } from './polyfill';
export { ToolBuilder, globalToolBuilder } from './builder/tool-builder';
export { FunctionBackedTool, answeringFromDeclaration, type DeclarationSource, type ToolClass } from './builder/from-declaration';
export { decorateBaseToolClass } from './builder/base-tool-class';
export type { ToolDeclaration } from './builder/declaration';
export type { BuiltParams } from './builder/params-schema';
export { protocolToolOf } from './builder/instance-tools';
