// Builder internals, for this repository's own tests, benchmarks and tools
// (`@victor-tools/decorators/internal`): not public API, free to change.
// Named exports only.
import './polyfill';

export { SYMBOL_METADATA } from './polyfill';
export { ToolBuilder, globalToolBuilder } from './builder/tool-builder';
export { DeclaredTool, declaredToolClass, type DeclaredToolSource, type ToolClass } from './builder/declared-tool';
export { declareBaseToolClass } from './builder/base-tool-class';
export type { ToolDeclaration } from './builder/declaration';
export type { BuiltParams } from './builder/params-schema';
export { protocolToolOf } from './builder/instance-tools';
