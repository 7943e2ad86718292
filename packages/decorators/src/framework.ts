// `@victor-tools/decorators/framework`: for code that builds on the
// decorators rather than using them: the record storage `@Tool`, `@Param`
// and `@Inject` write (a container's `storage` option; a test that clears or
// clones it; a tool reading its own declarations). Public API, covered by
// semver like the root (its report is api/decorators-framework.api.md).
// Named exports only.
// The polyfill comes first: Symbol.metadata must exist before any decorated class is defined.
import './polyfill';

export { getMetadataStorage } from './storage/get-metadata-storage';
export { MetadataStorage } from './storage/metadata-storage';
export type { DecoratorMode, RecordKey } from './storage/record-key';
export type { ToolClassRecord } from './storage/tool-class-record';
export type { ToolMethodRecord } from './storage/tool-method-record';
export type { ParamRecord } from './storage/param-record';
export type { InjectRecord } from './storage/inject-record';
