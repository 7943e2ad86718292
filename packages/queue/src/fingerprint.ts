import { createHash } from 'node:crypto';
import type { BaseTool } from '@victor-tools/core';
import { readSchemaInput, setOwn } from '@victor-tools/core/internal';

/**
 * JSON with object keys sorted at every level, so that two equal values give
 * one text whatever order their keys were written in. Symbol keys (TypeBox's
 * markers), functions and `undefined` are left out as JSON.stringify leaves
 * them out; a cycle is written as "[Circular]" instead of overflowing the stack.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, new Set())) ?? 'null';
}

function sortKeys(value: unknown, ancestors: Set<object>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return sortKeys(withJson.toJSON(), ancestors);
  if (ancestors.has(value)) return '[Circular]';
  ancestors.add(value);
  let sorted: unknown;
  if (Array.isArray(value)) {
    sorted = value.map((item) => sortKeys(item, ancestors));
  } else {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record).sort()) {
      const item = sortKeys(record[key], ancestors);
      setOwn(out, key, item); // a `__proto__` key stays a key
    }
    sorted = out;
  }
  ancestors.delete(value);
  return sorted;
}

/** The sha256 of `text`, hex. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const fingerprints = new WeakMap<object, string>();

/**
 * A short hash of a tool's parameters schema (16 hex characters of the sha256
 * of its canonical JSON): the caller puts it on the job, and a worker whose
 * tool of that name has another schema refuses the call instead of running
 * arguments checked against a schema it does not have. Computed once per tool
 * object: a tool's schema is taken to be fixed once it is registered.
 *
 * The hash is of the schema's JSON Schema form, as core reads it (the form
 * ajv checks), not of the object the tool returns: a Standard Schema (zod,
 * valibot, arktype) is a library object whose JSON holds the library's
 * internals, not its constraints (two zod schemas differing only in `.min()`
 * wrote the same text), so a worker with a stricter or looser schema went
 * undetected. For a JSON Schema or TypeBox tool the two are the same object.
 */
export function schemaFingerprint(tool: BaseTool): string {
  let fingerprint = fingerprints.get(tool);
  if (fingerprint === undefined) {
    fingerprint = sha256(canonicalJson(jsonSchemaOf(tool))).slice(0, 16);
    fingerprints.set(tool, fingerprint);
  }
  return fingerprint;
}

/** The tool's parameters as JSON Schema; the declared value itself when it cannot be read (the registry reports that). */
function jsonSchemaOf(tool: BaseTool): unknown {
  const parameters = tool.parameters;
  try {
    return readSchemaInput(parameters, { owner: () => `Tool '${tool.name}'` }).jsonSchema;
  } catch {
    return parameters;
  }
}
