/**
 * What records are filed under: the class itself (legacy decorators, class
 * decorators in both modes) or a stage-3 `context.metadata` object (field and
 * method decorators, which never see their class).
 */
export type RecordKey = object;

/** Which decorator proposal produced a record. */
export type DecoratorMode = 'stage3' | 'legacy';
