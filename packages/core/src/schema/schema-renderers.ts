import type { BaseTool } from '../base-tool';
import type { SchemaLevel } from '../enums';

/**
 * Renders a tool's schema in one provider's format at a schema level, for
 * selection and export. `@victor-tools/providers` ships one per provider;
 * core and the metadata package only know this shape.
 */
export interface SchemaRenderer {
  /** The provider's name: 'openai', 'anthropic', 'gemini', 'mcp'... */
  readonly name: string;
  render(tool: BaseTool, level: SchemaLevel): unknown;
}

// One table per process, even with two copies of core installed, so that a
// renderer registered by one copy of @victor-tools/providers is found by the
// metadata package whichever copy of core each of them loaded.
const TABLE_KEY = Symbol.for('victor-tools.schema-renderers');

function table(): Map<string, SchemaRenderer> {
  const holder = globalThis as unknown as Record<symbol, Map<string, SchemaRenderer> | undefined>;
  return (holder[TABLE_KEY] ??= new Map<string, SchemaRenderer>());
}

/**
 * Makes `renderer` findable by its name, so options that take a provider
 * (such as `selectTools({ provider: 'anthropic' })` in the metadata package)
 * accept the name as well as the renderer. `@victor-tools/providers`
 * registers its renderers when it is loaded; a later renderer of the same
 * name replaces the earlier one.
 */
export function registerSchemaRenderer(renderer: SchemaRenderer): void {
  if (renderer === null || typeof renderer !== 'object' || typeof renderer.name !== 'string' || typeof renderer.render !== 'function') {
    throw new TypeError('registerSchemaRenderer expects { name: string, render(tool, level) }.');
  }
  table().set(renderer.name, renderer);
}

/** The renderer registered under `name`, if any. */
export function getSchemaRenderer(name: string): SchemaRenderer | undefined {
  return table().get(name);
}

/** The names of every registered renderer, sorted. */
export function schemaRendererNames(): string[] {
  return [...table().keys()].sort();
}
