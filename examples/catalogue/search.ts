import { catalogueTool } from './catalogue-tool';

/** Finding text and code in the workspace. */
export const searchTools = [
  catalogueTool({
    name: 'grep_search',
    description:
      'Search the contents of files for a regular expression or plain text, like ripgrep. Returns the matching lines with file names and line numbers.',
    params: {
      pattern: { type: 'string', description: 'Regular expression or literal text to look for', required: true },
      path: { type: 'string', description: 'Directory or file to search in', default: '.' },
      include: { type: 'string', description: 'Glob of files to search, e.g. *.ts' },
      ignore_case: { type: 'boolean', default: false, description: 'Match case-insensitively' },
    },
    aliases: ['grep', 'rg'],
    metadata: {
      category: 'search',
      keywords: ['grep', 'ripgrep', 'regex', 'search', 'text', 'string', 'occurrences', 'contents', 'code'],
      useCases: ['Find every place a string appears', 'Search the code for a function name', 'Look for TODO comments'],
      examples: ["grep_search pattern='TODO' include='*.py'"],
      accessMode: 'readonly',
      priority: 2,
      stages: ['exploration'],
      taskTypes: ['analysis', 'bugfix'],
    },
  }),
  catalogueTool({
    name: 'semantic_code_search',
    description:
      'Search the codebase by meaning: describe in plain English the behaviour or logic you are looking for and get the most relevant code snippets, even when they use different words.',
    params: {
      query: { type: 'string', description: 'What the code does, in natural language', required: true },
      max_results: { type: 'integer', default: 10, description: 'How many snippets to return' },
    },
    costTier: 'low',
    metadata: {
      category: 'search',
      keywords: ['semantic', 'meaning', 'natural language', 'embeddings', 'concept', 'logic', 'code', 'implementation', 'feature'],
      useCases: ['Find where a feature is implemented', 'Locate the code responsible for a behaviour', 'Understand an unfamiliar codebase'],
      accessMode: 'readonly',
      stages: ['exploration'],
      taskTypes: ['analysis'],
    },
  }),
  catalogueTool({
    name: 'find_symbol',
    description: 'Go to the definition of a function, class, method or variable: returns the file and line where it is declared.',
    params: { symbol: { type: 'string', description: 'Name of the symbol', required: true } },
    metadata: {
      category: 'code navigation',
      keywords: ['definition', 'symbol', 'declaration', 'goto', 'jump', 'class', 'function', 'defined'],
      useCases: ['Jump to where a function is defined', 'Find the declaration of a class'],
      accessMode: 'readonly',
      stages: ['exploration'],
      taskTypes: ['analysis'],
    },
  }),
  catalogueTool({
    name: 'find_references',
    description: 'Find every reference to a symbol: each call site and usage of a function, class or variable across the project.',
    params: { symbol: { type: 'string', description: 'Name of the symbol', required: true } },
    metadata: {
      category: 'code navigation',
      keywords: ['references', 'usages', 'callers', 'call', 'used', 'uses', 'symbol'],
      useCases: ['See who calls a function before changing its signature', 'Find all usages of a class'],
      accessMode: 'readonly',
      stages: ['exploration'],
      taskTypes: ['analysis', 'refactoring'],
    },
  }),
];
