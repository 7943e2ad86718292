import { SchemaLevel, type SchemaLevelLike } from '../enums';
import type { JsonSchema, ToolJSONSchema } from '../json-schema';
import { freezePlainData } from '../freeze';
import { fitSentences } from './sentences';
import { trimParameters } from './trim-parameters';

/** Trimmed parameters per (parameters object, level): registries and selection ask often. */
const trimmedCache = new WeakMap<object, Map<SchemaLevel, JsonSchema>>();

/**
 * Renders a FULL function schema (`toJSONSchema()`) at `level`.
 * FULL returns `schema` itself: it cuts nothing. COMPACT keeps as many whole
 * sentences of the description as fit in `maxDescriptionChars` (else a hard
 * cap ending in '...') and every parameter, trimmed; STUB keeps the first
 * sentence and the required parameters only. COMPACT and STUB parameters are
 * cached per parameters object and frozen, so do not modify them.
 */
export function renderSchema(schema: ToolJSONSchema, level: SchemaLevelLike): ToolJSONSchema {
  const resolved = SchemaLevel.from(level);
  if (resolved === SchemaLevel.FULL) return schema;
  const { name, description, parameters } = schema.function;
  return {
    type: 'function',
    function: {
      name,
      description: typeof description === 'string' ? summarize(description, resolved) : description,
      parameters: trimmedParameters(parameters, resolved),
    },
  };
}

/** A description as `level` shows it: whole sentences within its `maxDescriptionChars`. */
export function truncateDescription(description: string, level: SchemaLevelLike): string {
  const resolved = SchemaLevel.from(level);
  if (resolved === SchemaLevel.FULL) return description;
  return summarize(description, resolved);
}

function summarize(description: string, level: SchemaLevel): string {
  // Levels that leave out optional parameters (STUB) also keep only the first sentence.
  return fitSentences(description, level.maxDescriptionChars, !level.includeOptionalParams);
}

function trimmedParameters(parameters: JsonSchema, level: SchemaLevel): JsonSchema {
  if (parameters === null || typeof parameters !== 'object') return parameters;
  let perLevel = trimmedCache.get(parameters);
  if (!perLevel) {
    perLevel = new Map();
    trimmedCache.set(parameters, perLevel);
  }
  let trimmed = perLevel.get(level);
  if (!trimmed) {
    trimmed = freezePlainData(trimParameters(parameters, level));
    perLevel.set(level, trimmed);
  }
  return trimmed;
}

