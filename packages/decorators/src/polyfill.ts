import 'reflect-metadata';

// Node 20 has no `Symbol.metadata`, and TypeScript's stage-3 decorator emit
// only creates `context.metadata` when the symbol exists as the class is
// defined. Every decorated class imports this package first, so defining the
// symbol here (as the registry-wide key that Node 22+ and other polyfills
// also use) gives stage-3 decorators their metadata object. reflect-metadata
// above gives legacy decorators `Reflect.getMetadata` ('design:type').
(Symbol as { metadata?: symbol }).metadata ??= Symbol.for('Symbol.metadata');

/** The `Symbol.metadata` key, present once this module has loaded. */
export const SYMBOL_METADATA: symbol = (Symbol as { metadata?: symbol }).metadata as symbol;
