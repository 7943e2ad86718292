import type { BaseTool, JsonSchema, SchemaLevel } from '@victor-tools/core';
import { toOpenAITool, type DroppedKeyword } from '@victor-tools/providers';

/**
 * Keywords whose removal changes nothing a call may send: annotations. The
 * registry still validates against the tool's own schema, so a `default`
 * left out of the strict schema is still applied.
 */
const ANNOTATIONS = new Set(['default', 'examples', '$schema', '$id', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'description', 'title']);

/**
 * Whether strict mode keeps a schema's meaning: every optional parameter
 * made required and nullable (the null means "left out" and is undone before
 * validation) and object `allOf`s merged, annotations dropped, nothing else.
 * A removed constraint (`minLength`, tuple items...), an open object that
 * strict mode would close, or a `oneOf` read as `anyOf` keeps the tool
 * non-strict, so the model sees the constraints it must meet.
 */
function keepsMeaning(dropped: readonly DroppedKeyword[]): boolean {
  return dropped.every((entry) =>
    entry.action === 'rewritten' ? entry.keyword === 'required' || entry.keyword === 'allOf' : ANNOTATIONS.has(entry.keyword),
  );
}

/** The parameters to send and whether they are strict, per the `strict` option. Throws `InvalidToolNameError` for a name OpenAI rejects. */
export function parametersFor(tool: BaseTool, level: SchemaLevel, strict: boolean | 'auto'): { parameters: JsonSchema; strict: boolean } {
  const loose = toOpenAITool(tool, { level, api: 'responses', strict: false }).schema;
  if (strict === false) return { parameters: loose.parameters, strict: false };
  const exportStrict = () => toOpenAITool(tool, { level, api: 'responses', strict: true });
  let exported: ReturnType<typeof exportStrict>;
  try {
    exported = exportStrict();
  } catch (error) {
    // Over one of OpenAI's strict-mode limits (RangeError), or a required name no property declares, which a
    // closed strict object could never carry (TypeError: the loose export above took the tool, name and options):
    // 'auto' offers the tool non-strict, true asked for strict whatever it costs.
    if (strict === 'auto' && (error instanceof RangeError || error instanceof TypeError)) return { parameters: loose.parameters, strict: false };
    throw error;
  }
  const { schema, dropped } = exported;
  if (strict === true || keepsMeaning(dropped)) return { parameters: schema.parameters, strict: true };
  return { parameters: loose.parameters, strict: false };
}
