import type { SchemaInput, ToolMetadata } from '@victor-tools/core';
import type { AnyTool } from '@victor-tools/core/framework';
import { normalizeMetadata } from '@victor-tools/core/internal';
import { parametersSchema } from './parameters-schema';
import { contentWords, stemWord } from './text/tokenize';

/**
 * Categories a person would file a tool under, each with the word stems that
 * give it away: `subject` words name the category wherever they appear;
 * `inName` words only in the tool's name, for in a description they are as
 * often incidental ('for a ticker symbol', 'keeping its format', 'with a
 * short comment', 'the closest match'). Order matters only for ties within
 * one word: the first word of the tool's name that names a category wins,
 * then the description's.
 */
const CATEGORY_CUES: ReadonlyArray<{ category: string; subject: readonly string[]; inName: readonly string[] }> = [
  { category: 'git', subject: ['git', 'commit', 'rebase', 'repository', 'repo'], inName: ['branch', 'merge', 'stash', 'checkout', 'blame', 'cherry', 'pull', 'push'] },
  { category: 'docker', subject: ['docker', 'dockerfile', 'kubernetes', 'kubectl', 'helm'], inName: ['container', 'compose', 'pod'] },
  {
    category: 'database',
    subject: ['sql', 'database', 'db', 'postgres', 'postgresql', 'mysql', 'sqlite', 'mongo', 'mongodb', 'redis'],
    inName: ['migration'],
  },
  { category: 'testing', subject: ['test', 'tests', 'coverage', 'jest', 'pytest', 'mocha', 'vitest'], inName: ['spec', 'assert'] },
  { category: 'packages', subject: ['dependency', 'dependencies', 'npm', 'pnpm', 'yarn', 'pip', 'cargo'], inName: ['package', 'install', 'upgrade', 'outdated'] },
  { category: 'web', subject: ['http', 'https', 'url', 'web', 'website', 'webpage', 'browser', 'scrape'], inName: ['download', 'browse', 'api', 'request', 'fetch'] },
  { category: 'search', subject: ['search', 'grep', 'regex'], inName: ['find', 'lookup', 'locate', 'match'] },
  { category: 'shell', subject: ['shell', 'bash', 'terminal'], inName: ['command', 'exec', 'execute', 'process', 'script', 'run'] },
  { category: 'refactoring', subject: ['refactor', 'lint', 'formatter', 'ast'], inName: ['rename', 'extract', 'inline', 'symbol', 'format'] },
  { category: 'filesystem', subject: ['file', 'files', 'directory', 'directories', 'folder', 'filesystem'], inName: ['dir', 'path', 'disk'] },
  { category: 'documentation', subject: ['documentation', 'readme', 'docstring', 'changelog'], inName: ['doc', 'docs', 'comment'] },
];

/** Category by word stem: every cue (for a tool's name), or subject words only (for its description). */
function cueMap(which: 'name' | 'description'): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const { category, subject, inName } of CATEGORY_CUES) {
    for (const word of which === 'name' ? [...subject, ...inName] : subject) if (!map.has(stemWord(word))) map.set(stemWord(word), category);
  }
  return map;
}
const NAME_CUES = cueMap('name');
const DESCRIPTION_CUES = cueMap('description');

/** Verbs that say what a tool does but not what it is about: never a fallback category. */
const GENERIC_VERBS: ReadonlySet<string> = new Set([
  'get', 'set', 'list', 'create', 'read', 'write', 'update', 'delete', 'remove', 'add', 'make', 'show', 'check',
  'do', 'run', 'fetch', 'load', 'save', 'open', 'close', 'new', 'edit', 'view', 'put', 'post', 'query', 'tool',
  'send', 'convert', 'calculate', 'compute', 'play', 'order', 'book', 'generate', 'start', 'stop', 'cancel', 'schedule',
]);

const MAX_KEYWORDS = 12;

/**
 * The category a person would pick for a tool with this name and description:
 * a subject word (not a generic verb such as 'run' or 'get') of the name, then
 * a subject cue of the description ('sql', not an incidental 'symbol'), names
 * a known category; failing that a verb of the name does ('run'); else the
 * name's own subject ('weather' for get_weather, 'email' for send_email), else
 * 'general'.
 */
export function inferCategory(name: string, description: string): string {
  const nameWords = contentWords(name);
  const descriptionWords = contentWords(description);
  const subjects = (words: string[]): string[] => words.filter((w) => !GENERIC_VERBS.has(w));
  const passes: Array<[words: string[], cues: ReadonlyMap<string, string>]> = [
    [subjects(nameWords), NAME_CUES],
    [subjects(descriptionWords), DESCRIPTION_CUES],
    [nameWords, NAME_CUES],
  ];
  for (const [words, cues] of passes) {
    for (const word of words) {
      const category = cues.get(stemWord(word));
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
export function inferKeywords(name: string, description: string, parameters: SchemaInput | undefined): string[] {
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
export function generateMetadata(tool: Pick<AnyTool, 'name' | 'description' | 'parameters'>): ToolMetadata {
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
export function resolveMetadata(tool: Pick<AnyTool, 'name' | 'description' | 'parameters' | 'metadata'>): {
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
