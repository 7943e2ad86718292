import type { JsonSchema } from '../json-schema';
import { cutText, describeValue } from '../error-text';

// What every door takes, checked once at registration: a tool that would
// register here and then be refused (or dropped without a word) by a provider,
// an adapter or MCP is refused here instead, with the rule in the message.

/**
 * The names every supported provider accepts: OpenAI and Anthropic take
 * `^[a-zA-Z0-9_-]{1,64}$`, Gemini wants a letter or `_` first (and allows
 * `.` and `:`, which OpenAI does not), MCP takes `[A-Za-z0-9._-]`, up to 128
 * characters; the AI SDK, LangChain and OpenAI Agents pass the name on to
 * the model's provider. Their intersection: a letter or `_`, then letters,
 * digits, `_` and `-`, 64 characters at most. No dots: no export maps a
 * namespaced `files.read` to a name OpenAI takes and back.
 */
export const TOOL_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** `TOOL_NAME_PATTERN` in words, for messages. */
export const TOOL_NAME_RULE =
  "a tool name starts with a letter or '_', then holds only letters, digits, '_' and '-', 64 characters at most " +
  '(the names OpenAI, Anthropic, Gemini and MCP all accept)';

/** Why `name` cannot be a tool's name, or undefined when it can. */
export function toolNameProblem(name: string): string | undefined {
  if (TOOL_NAME_PATTERN.test(name)) return undefined;
  return `${TOOL_NAME_RULE}. Register it as '${suggestedName(name)}', or under another name`;
}

/** A name that passes the rule, close to `name`: other characters as '_', a '_' before a leading digit or '-', cut at 64. */
function suggestedName(name: string): string {
  let fixed = Array.from(name.slice(0, 256), (c) => (/[A-Za-z0-9_-]/.test(c) ? c : '_')).join('');
  if (fixed === '') fixed = 'tool';
  if (!/^[A-Za-z_]/.test(fixed)) fixed = `_${fixed}`;
  return fixed.slice(0, 64);
}

/**
 * Why a parameters schema (its JSON Schema form) cannot be a tool's, or
 * undefined when it can: every provider takes a tool's arguments as one JSON
 * object, so the root must be an object schema (`type: 'object'`).
 */
export function parametersProblem(schema: JsonSchema | undefined): string | undefined {
  if (schema !== null && typeof schema === 'object' && !Array.isArray(schema) && schema.type === 'object') return undefined;
  return (
    `its parameters schema must be an object schema (type: 'object' at the root), got ${describeSchema(schema)}: ` +
    'every provider (OpenAI, Anthropic, Gemini, MCP) passes a tool its arguments as one JSON object. ' +
    "Make the value a property of one: { type: 'object', properties: { value: <the schema> }, required: ['value'] }"
  );
}

function describeSchema(schema: unknown): string {
  if (schema === undefined || schema === null) return String(schema);
  if (typeof schema !== 'object') return `a ${typeof schema} (${cutText(String(schema), 20)})`;
  if (Array.isArray(schema)) return 'an array';
  const type = (schema as JsonSchema).type;
  if (type === undefined) return 'a schema without a type';
  let json: string | undefined;
  try {
    json = JSON.stringify(type);
  } catch {
    // a BigInt: said by its kind below
  }
  return json === undefined ? `a type that is ${describeValue(type)}` : `type ${cutText(json, 80)}`;
}

/**
 * The reference's (Python) snake_case properties that a port of a tool may
 * keep on a `BaseTool` subclass, with the name that counts here.
 */
const REFERENCE_PROPERTIES: Readonly<Record<string, string>> = {
  cost_tier: 'costTier',
  is_idempotent: 'isIdempotent',
};

/** Why `tool` cannot register for a property spelled as the reference spells it (which nothing would read), or undefined. */
export function referencePropertyProblem(tool: object): string | undefined {
  for (const [key, camel] of Object.entries(REFERENCE_PROPERTIES)) {
    if (key in tool) return `it has '${key}', the reference's spelling: name it '${camel}' (a '${key}' is never read)`;
  }
  return undefined;
}

/** 'an async generator function', 'a generator function', or undefined for any other value. */
function generatorKind(fn: unknown): string | undefined {
  if (typeof fn !== 'function') return undefined;
  const tag = Object.prototype.toString.call(fn);
  if (tag === '[object AsyncGeneratorFunction]') return 'an async generator function';
  if (tag === '[object GeneratorFunction]') return 'a generator function';
  return undefined;
}

/**
 * Why a tool's code cannot be `fn`, or undefined: a generator function
 * answers a generator, while a call answers once. (The AI SDK's preliminary
 * results have no channel through every door: MCP, LangChain and a queue
 * take one result.)
 */
export function generatorProblem(fn: unknown, what: string): string | undefined {
  const kind = generatorKind(fn);
  if (kind === undefined) return undefined;
  return (
    `${what} is ${kind}: a tool answers each call once. ` +
    'Return (or resolve to) the final value instead, and report progress on the way with ctx.reportProgress(progress, total, message)'
  );
}
