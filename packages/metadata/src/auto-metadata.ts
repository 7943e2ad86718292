import type { BaseTool, JsonSchema, ToolMetadata } from '@victor-tools/core';
import { normalizeMetadata } from '@victor-tools/core/internal';
import { parametersSchema } from './parameters-schema';
import { contentWords, stemWord } from './text/tokenize';

/**
 * Categories a person would file a tool under, each with the word stems that
 * give it away. Order matters only for ties within one word: the first word
 * of the tool's name that names a category wins, then the description's.
 */
const CATEGORY_CUES: ReadonlyArray<readonly [category: string, words: readonly string[]]> = [
  ['git', ['git', 'commit', 'branch', 'merge', 'rebase', 'stash', 'checkout', 'blame', 'cherry', 'pull', 'push', 'repository', 'repo']],
  ['docker', ['docker', 'container', 'dockerfile', 'compose', 'kubernetes', 'kubectl', 'pod', 'helm']],
  ['database', ['sql', 'database', 'db', 'postgres', 'postgresql', 'mysql', 'sqlite', 'mongo', 'mongodb', 'redis', 'migration']],
  ['testing', ['test', 'tests', 'spec', 'coverage', 'jest', 'pytest', 'mocha', 'vitest', 'assert']],
  ['packages', ['package', 'dependency', 'dependencies', 'npm', 'pnpm', 'yarn', 'pip', 'cargo', 'install', 'upgrade', 'outdated']],
  ['web', ['http', 'https', 'url', 'web', 'website', 'webpage', 'download', 'browse', 'browser', 'api', 'request', 'fetch', 'scrape']],
  ['search', ['search', 'grep', 'find', 'lookup', 'locate', 'match', 'regex']],
  ['shell', ['shell', 'bash', 'command', 'terminal', 'exec', 'execute', 'process', 'script', 'run']],
  ['refactoring', ['refactor', 'rename', 'extract', 'inline', 'symbol', 'lint', 'format', 'formatter', 'ast']],
  ['filesystem', ['file', 'files', 'directory', 'directories', 'folder', 'dir', 'path', 'filesystem', 'disk']],
  ['documentation', ['doc', 'docs', 'documentation', 'readme', 'docstring', 'comment', 'changelog']],
];

const CATEGORY_BY_STEM: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [category, words] of CATEGORY_CUES) {
    for (const word of words) if (!map.has(stemWord(word))) map.set(stemWord(word), category);
  }
  return map;
})();

/** Verbs that say what a tool does but not what it is about: never a fallback category. */
const GENERIC_VERBS: ReadonlySet<string> = new Set([
  'get', 'set', 'list', 'create', 'read', 'write', 'update', 'delete', 'remove', 'add', 'make', 'show', 'check',
  'do', 'run', 'fetch', 'load', 'save', 'open', 'close', 'new', 'edit', 'view', 'put', 'post', 'query', 'tool',
]);

const MAX_KEYWORDS = 12;

/**
 * The category a person would pick for a tool with this name and description:
 * a subject word (not a generic verb such as 'run' or 'get') of the name, then
 * of the description, names a known category; failing that a verb does; else
 * the name's own subject ('weather' for get_weather), else 'general'.
 */
export function inferCategory(name: string, description: string): string {
  const nameWords = contentWords(name);
  const descriptionWords = contentWords(description);
  const subjects = (words: string[]): string[] => words.filter((w) => !GENERIC_VERBS.has(w));
  for (const words of [subjects(nameWords), subjects(descriptionWords), nameWords, descriptionWords]) {
    for (const word of words) {
      const category = CATEGORY_BY_STEM.get(stemWord(word));
      if (category) return category;
    }
  }
  return subjects(nameWords).find((w) => !/^\d+$/.test(w)) ?? 'general';
}

/**
 * Keywords a person would pick: the words of the name first, then the
 * description's, then the parameters' names, lower-cased, without stop words,
 * numbers or repeats (by stem, so 'file' and 'files' count once). The order
 * comes from the text, never from hashing, so it is deterministic.
 */
export function inferKeywords(name: string, description: string, parameters: JsonSchema | undefined): string[] {
  const paramNames = Object.keys(parametersSchema(parameters)?.properties ?? {}).join(' ');
  const keywords: string[] = [];
  const seenStems = new Set<string>();
  for (const source of [name, description, paramNames]) {
    for (const word of contentWords(source)) {
      if (word.length < 3 || /^\d+$/.test(word)) continue;
      const stem = stemWord(word);
      if (seenStems.has(stem)) continue;
      seenStems.add(stem);
      keywords.push(word);
      if (keywords.length === MAX_KEYWORDS) return keywords;
    }
  }
  return keywords;
}

/**
 * Metadata for a tool that declares none, generated from its name,
 * description and parameters. Everything else takes core's defaults
 * (READONLY access, SAFE, MEDIUM priority, READ_ONLY execution).
 */
export function generateMetadata(tool: Pick<BaseTool, 'name' | 'description' | 'parameters'>): ToolMetadata {
  return normalizeMetadata({
    category: inferCategory(tool.name, tool.description),
    keywords: inferKeywords(tool.name, tool.description, tool.parameters),
  });
}

/**
 * The tool's metadata: its declared one normalized by core, or a generated
 * one. A declaration without `category` or `keywords` gets the generated
 * ones for those two fields, so a tool that only declares its access mode
 * can still be found.
 */
export function resolveMetadata(tool: Pick<BaseTool, 'name' | 'description' | 'parameters' | 'metadata'>): {
  metadata: ToolMetadata;
  explicit: boolean;
} {
  const declared = tool.metadata;
  if (declared === undefined) return { metadata: generateMetadata(tool), explicit: false };
  return {
    metadata: normalizeMetadata({
      ...declared,
      category: declared.category ?? inferCategory(tool.name, tool.description),
      keywords: declared.keywords ?? inferKeywords(tool.name, tool.description, tool.parameters),
    }),
    explicit: true,
  };
}
