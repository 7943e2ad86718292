// `@victor-tools/decorators/framework`: for code that builds on the
// decorators rather than using them: the records `@Tool`, `@Param` and
// `@Inject` write into the metadata storage (`getMetadataStorage()` at the
// root), for code that reads declarations itself. Public API, covered by
// semver like the root (its report is api/decorators-framework.api.md).
// Named exports only.
export type { DecoratorMode, RecordKey } from './storage/record-key';
export type { ToolClassRecord } from './storage/tool-class-record';
export type { ToolMethodRecord } from './storage/tool-method-record';
export type { ParamRecord } from './storage/param-record';
export type { InjectRecord } from './storage/inject-record';
