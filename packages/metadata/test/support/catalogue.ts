// Tools for the tests of the metadata registry's queries (metadata's and
// test/spec's): one of each access mode and execution category, with
// categories, keywords, stages and task types to filter by; and workspace
// tools whose schemas cost tokens, for search and selectTools.
import { AccessMode, CostTier, ExecutionCategory, Priority } from '@victor-tools/core';
import { TestTool } from '../../../../test/support/tools';

/** write_file (alias `save`), read_file, thread_dump, shell and patch, each described by metadata. */
export function catalogueTools(): TestTool[] {
  return [
    new TestTool({
      name: 'write_file',
      aliases: ['save'],
      metadata: { category: 'filesystem', keywords: ['Write', 'file'], stages: ['editing'], taskTypes: ['edit'], accessMode: AccessMode.WRITE, executionCategory: ExecutionCategory.WRITE },
    }),
    new TestTool({
      name: 'read_file',
      description: 'Read a file from disk.',
      metadata: { category: 'filesystem', keywords: ['read', 'file'], stages: ['reading'], taskTypes: ['analysis'], executionCategory: ExecutionCategory.READ_ONLY },
    }),
    new TestTool({
      name: 'thread_dump',
      description: 'Dump the thread stacks.',
      metadata: { category: 'debug', keywords: ['thread'], accessMode: 'readonly', executionCategory: 'compute' },
    }),
    new TestTool({
      name: 'shell',
      metadata: { category: 'exec', keywords: ['digital'], accessMode: AccessMode.EXECUTE, executionCategory: ExecutionCategory.EXECUTE },
    }),
    new TestTool({
      name: 'patch',
      metadata: { category: 'filesystem', keywords: ['patch'], accessMode: AccessMode.MIXED, executionCategory: ExecutionCategory.MIXED },
    }),
  ];
}

/** grep_search: no metadata declared, so the registry generates it (keywords from its name and description). */
export function grepTool(): TestTool {
  return new TestTool({
    name: 'grep_search',
    description: 'Search file contents for a regular expression pattern.',
    parameters: { type: 'object', properties: { pattern: { type: 'string' }, path: { type: 'string' } }, required: ['pattern'] },
  });
}

/** An object schema of `n` string parameters with long descriptions (p0 required): tools that cost tokens. */
const params = (n: number) => ({
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string', description: `Parameter number ${i} with a long description of what it does.` }]),
  ),
  required: ['p0'],
});

/** Six workspace tools: two searches (web_search HIGH cost), list and write a file, git_commit (mandatory keyword `commit`), deploy (CRITICAL). */
export function workspaceTools(): TestTool[] {
  return [
    new TestTool({ name: 'code_search', description: 'Search source code for a pattern.', parameters: params(4), metadata: { category: 'search', keywords: ['search', 'grep'], accessMode: AccessMode.READONLY, stages: ['reading'] } }),
    new TestTool({ name: 'web_search', description: 'Search the web for pages.', costTier: CostTier.HIGH, parameters: params(3), metadata: { category: 'web', keywords: ['search', 'web'], accessMode: AccessMode.NETWORK } }),
    new TestTool({ name: 'list_files', description: 'List the files of a directory.', parameters: params(2), metadata: { category: 'filesystem', keywords: ['file', 'list', 'directory'], useCases: ['browse a folder'], accessMode: AccessMode.READONLY } }),
    new TestTool({ name: 'write_file', description: 'Write text to a file.', parameters: params(3), metadata: { category: 'filesystem', keywords: ['write', 'file'], accessMode: AccessMode.WRITE, taskTypes: ['edit'] } }),
    new TestTool({ name: 'git_commit', description: 'Record changes.', parameters: params(2), metadata: { category: 'git', keywords: ['commit'], mandatoryKeywords: ['commit'], accessMode: AccessMode.WRITE } }),
    new TestTool({ name: 'deploy', description: 'Deploy the app.', parameters: params(1), metadata: { category: 'ops', keywords: ['deploy'], priority: Priority.CRITICAL, accessMode: AccessMode.EXECUTE } }),
  ];
}
