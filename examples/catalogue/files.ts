import { catalogueTool } from './catalogue-tool';

const path = { type: 'string', description: 'Path of the file, relative to the workspace root', required: true } as const;

/** Reading, writing and organizing files. */
export const fileTools = [
  catalogueTool({
    name: 'read_file',
    description: 'Read the contents of a text file. Optionally returns only a range of lines, for large files.',
    params: {
      path,
      start_line: { type: 'integer', minimum: 1, description: 'First line to return (1-based)' },
      end_line: { type: 'integer', minimum: 1, description: 'Last line to return, inclusive' },
    },
    aliases: ['cat'],
    metadata: {
      category: 'filesystem',
      keywords: ['file', 'read', 'contents', 'open', 'view', 'lines', 'cat', 'source'],
      useCases: ['Look at the source of a module before changing it', 'Inspect a configuration file', 'Read part of a long log file'],
      examples: ['read_file path=src/index.ts', 'read_file path=app.log start_line=100 end_line=200'],
      accessMode: 'readonly',
      executionCategory: 'read_only',
      priority: 2,
      stages: ['exploration', 'implementation'],
      taskTypes: ['analysis', 'edit'],
    },
  }),
  catalogueTool({
    name: 'write_file',
    description: 'Create a new file, or overwrite an existing one, with the given content. Parent directories are created as needed.',
    params: { path, content: { type: 'string', description: 'The full new content of the file', required: true } },
    metadata: {
      category: 'filesystem',
      keywords: ['file', 'write', 'create', 'save', 'overwrite', 'new file', 'output'],
      useCases: ['Create a new source file', 'Save generated output to disk', 'Replace a file completely'],
      accessMode: 'write',
      executionCategory: 'write',
      dangerLevel: 'low',
      stages: ['implementation'],
      taskTypes: ['edit', 'generation'],
      progressParams: ['path'],
    },
  }),
  catalogueTool({
    name: 'edit_file',
    description:
      'Make a targeted edit to a file: replace an exact snippet of text with new text. Use it to fix a bug, a typo or a few lines without rewriting the whole file.',
    params: {
      path,
      old_text: { type: 'string', description: 'The exact text to replace; must occur once', required: true },
      new_text: { type: 'string', description: 'The replacement text', required: true },
    },
    metadata: {
      category: 'filesystem',
      keywords: ['edit', 'modify', 'change', 'replace', 'patch', 'fix', 'update', 'file'],
      useCases: ['Change a value in a configuration file', 'Fix a bug in a function', 'Correct a typo'],
      accessMode: 'write',
      executionCategory: 'write',
      dangerLevel: 'low',
      priority: 2,
      stages: ['implementation'],
      taskTypes: ['edit', 'bugfix'],
      progressParams: ['path'],
    },
  }),
  catalogueTool({
    name: 'list_directory',
    description: 'List the files and subdirectories of a directory, with their types and sizes.',
    params: {
      path: { type: 'string', description: 'Directory to list', default: '.' },
      recursive: { type: 'boolean', description: 'Descend into subdirectories', default: false },
    },
    aliases: ['ls'],
    metadata: {
      category: 'filesystem',
      keywords: ['ls', 'directory', 'folder', 'list', 'files', 'contents', 'tree'],
      useCases: ['See what a folder contains', 'Get an overview of the project layout'],
      accessMode: 'readonly',
      stages: ['exploration'],
      taskTypes: ['analysis'],
    },
  }),
  catalogueTool({
    name: 'find_files',
    description: 'Find files by name: returns the paths matching a glob pattern such as **/*.test.ts.',
    params: {
      pattern: { type: 'string', description: 'Glob pattern, e.g. **/*.yaml', required: true },
      path: { type: 'string', description: 'Directory to search from', default: '.' },
    },
    aliases: ['glob'],
    metadata: {
      category: 'search',
      keywords: ['glob', 'find', 'files', 'filename', 'name', 'pattern', 'locate', 'extension'],
      useCases: ['Find every test file', 'Locate a configuration file by its name', 'List all files with an extension'],
      accessMode: 'readonly',
      stages: ['exploration'],
      taskTypes: ['analysis'],
    },
  }),
  catalogueTool({
    name: 'delete_file',
    description: 'Delete a file or an empty directory.',
    params: { path },
    metadata: {
      category: 'filesystem',
      keywords: ['delete', 'remove', 'rm', 'unlink', 'file', 'erase'],
      useCases: ['Remove an obsolete file', 'Clean up a temporary file'],
      accessMode: 'write',
      executionCategory: 'write',
      dangerLevel: 'medium',
      stages: ['implementation'],
      taskTypes: ['edit'],
    },
  }),
  catalogueTool({
    name: 'move_file',
    description: 'Move or rename a file or a directory.',
    params: {
      source: { type: 'string', description: 'Current path', required: true },
      destination: { type: 'string', description: 'New path', required: true },
    },
    aliases: ['mv'],
    metadata: {
      category: 'filesystem',
      keywords: ['move', 'rename', 'mv', 'relocate', 'file', 'folder'],
      useCases: ['Move a module into another folder', 'Rename a file'],
      accessMode: 'write',
      executionCategory: 'write',
      dangerLevel: 'low',
      stages: ['implementation'],
      taskTypes: ['edit', 'refactoring'],
    },
  }),
  // No metadata: generated from the name, description and parameters.
  catalogueTool({
    name: 'file_info',
    description: "Show a file's size, permissions, owner and last modification time.",
    params: { path },
  }),
  catalogueTool({
    name: 'make_directory',
    description: 'Create a directory, including any missing parent directories.',
    params: { path: { type: 'string', description: 'Directory to create', required: true } },
  }),
];
