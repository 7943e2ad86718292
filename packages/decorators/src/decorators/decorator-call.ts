import { DecoratorUsageError } from '../errors/decorator-usage-error';

/** The part of a TC39 stage-3 decorator context the decorators read. */
export interface Stage3Context {
  kind: 'class' | 'method' | 'getter' | 'setter' | 'field' | 'accessor';
  name: string | symbol | undefined;
  static?: boolean;
  private?: boolean;
  metadata?: object;
  addInitializer(initializer: (this: object) => void): void;
}

/**
 * Whether a decorator was called as a TC39 stage-3 decorator `(value,
 * context)` rather than a legacy one `(target, key?, descriptor?)`: only
 * stage 3 passes a context object with a `kind`.
 */
export function isStage3Call(args: readonly unknown[]): args is [unknown, Stage3Context] {
  const context = args[1] as { kind?: unknown } | null | undefined;
  return args.length === 2 && context !== null && typeof context === 'object' && typeof context.kind === 'string';
}

/** The stage-3 metadata object, which exists once `Symbol.metadata` is defined (see polyfill.ts). */
export function metadataOf(context: Stage3Context, decorator: string): object {
  if (context.metadata) return context.metadata;
  throw new DecoratorUsageError(
    `${decorator} on '${String(context.name)}' got no decorator metadata: Symbol.metadata was undefined when the class was defined. ` +
      `Import '@victor-tools/decorators' before defining decorated classes.`,
  );
}

/**
 * What a legacy decorator was put on, in stage 3's words (`context.kind`), so
 * that usage errors read the same in both modes: a descriptor with `get` is a
 * getter, with `set` a setter, with a function value a method; no descriptor a field.
 */
export function legacyKind(descriptor: PropertyDescriptor | undefined): 'method' | 'getter' | 'setter' | 'field' {
  if (descriptor === undefined) return 'field';
  if (descriptor.get !== undefined) return 'getter';
  if (descriptor.set !== undefined) return 'setter';
  return typeof descriptor.value === 'function' ? 'method' : 'field';
}
