import type { JsonSchema } from '@victor-tools/core';
import type { SchemaLevelLike } from '@victor-tools/core/framework';

/** What happened to a keyword a provider's format could not carry as it was. */
export type DropAction = 'removed' | 'rewritten';

/**
 * One keyword a provider export removed or rewrote. `path` is where the
 * keyword sat inside the tool's parameters schema, dot-joined
 * (`'properties.opts'`, `'properties.files.items'`); `''` is the root.
 */
export interface DroppedKeyword {
  readonly keyword: string;
  readonly path: string;
  readonly action: DropAction;
  /** Why, in a sentence a person can act on. */
  readonly reason: string;
}

/** A provider export: the schema to send, and what the format could not carry. */
export interface ProviderExport<S> {
  readonly schema: S;
  readonly dropped: DroppedKeyword[];
}


/** Options every exporter takes. */
export interface ExportOptions {
  /** The schema level rendered with `tool.toSchema(level)`; FULL by default. */
  level?: SchemaLevelLike;
}

/** A tool's parameters schema as the exporters emit it: always an object schema. */
export type ObjectSchema = JsonSchema & { type: 'object' };

/** The providers this package exports to. */
export type ProviderName = 'openai' | 'anthropic' | 'gemini' | 'mcp';
