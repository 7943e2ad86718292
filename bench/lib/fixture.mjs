// The one tool every execute-path benchmark calls: three parameters, a trivial
// body, so that what is measured is the framework's own cost around the call.
import { z } from 'zod';

/** JSON Schema (Draft 7) of the arguments, shared by ajv and victor-tools. */
export const SEARCH_CODE_SCHEMA = Object.freeze({
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, description: 'Text to look for.' },
    path: { type: 'string', description: 'Directory to search in.' },
    limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Most matches to return.' },
  },
  required: ['query', 'path'],
  additionalProperties: false,
});

/** The same contract in zod, for LangChain and the AI SDK. */
export const SEARCH_CODE_ZOD = z
  .object({
    query: z.string().min(1).describe('Text to look for.'),
    path: z.string().describe('Directory to search in.'),
    limit: z.number().int().min(1).max(100).optional().describe('Most matches to return.'),
  })
  .strict();

export const SEARCH_CODE_NAME = 'search_code';
export const SEARCH_CODE_DESCRIPTION = 'Search the code base for a text and return the matching lines.';

/** The function behind the tool in every variant. */
export function searchCode({ query, path, limit = 10 }) {
  return `${path}:${query}:${limit}`;
}

/** The arguments of every measured call, and what each call must produce. */
export const CALL_ARGS = Object.freeze({ query: 'TODO', path: 'src', limit: 20 });
export const EXPECTED_OUTPUT = 'src:TODO:20';
