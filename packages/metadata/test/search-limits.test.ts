// search and selectTools in depth: limit and maxTools of Infinity or a
// fraction, cost in the ranking, an isAvailable() that throws. The contract
// is in test/spec/s08-search-select.test.ts.
import { AccessMode, CostTier, Priority, ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry, selectTools } from '@victor-tools/metadata';
import { TestTool } from '../../../test/support/tools';

afterEach(() => ToolMetadataRegistry.resetInstance());

const params = (n: number) => ({
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string', description: `Parameter number ${i} with a long description of what it does.` }]),
  ),
  required: ['p0'],
});

function tools() {
  return [
    new TestTool({ name: 'code_search', description: 'Search source code for a pattern.', parameters: params(4), metadata: { category: 'search', keywords: ['search', 'grep'], accessMode: AccessMode.READONLY, stages: ['reading'] } }),
    new TestTool({ name: 'web_search', description: 'Search the web for pages.', costTier: CostTier.HIGH, parameters: params(3), metadata: { category: 'web', keywords: ['search', 'web'], accessMode: AccessMode.NETWORK } }),
    new TestTool({ name: 'list_files', description: 'List the files of a directory.', parameters: params(2), metadata: { category: 'filesystem', keywords: ['file', 'list', 'directory'], useCases: ['browse a folder'], accessMode: AccessMode.READONLY } }),
    new TestTool({ name: 'write_file', description: 'Write text to a file.', parameters: params(3), metadata: { category: 'filesystem', keywords: ['write', 'file'], accessMode: AccessMode.WRITE, taskTypes: ['edit'] } }),
    new TestTool({ name: 'git_commit', description: 'Record changes.', parameters: params(2), metadata: { category: 'git', keywords: ['commit'], mandatoryKeywords: ['commit'], accessMode: AccessMode.WRITE } }),
    new TestTool({ name: 'deploy', description: 'Deploy the app.', parameters: params(1), metadata: { category: 'ops', keywords: ['deploy'], priority: Priority.CRITICAL, accessMode: AccessMode.EXECUTE } }),
  ];
}

describe('ToolMetadataRegistry.search', () => {
  let reg: ToolMetadataRegistry;
  beforeEach(() => {
    reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(tools());
  });

  it('should take limit: Infinity as no cap, and a fraction as its whole part', () => {
    const all = reg.search('search file', { limit: 100 });
    expect(reg.search('search file', { limit: Infinity })).toEqual(all);
    expect(reg.search('search file', { limit: 1e9 })).toEqual(all);
    expect(reg.search('search file', { limit: 2.5 })).toEqual(all.slice(0, 2));
  });

  it('should rank the cheaper of two matching tools higher', () => {
    const names = reg.search('search').map((r) => r.name);
    expect(names.indexOf('code_search')).toBeLessThan(names.indexOf('web_search'));
  });

  it('should leave out a tool whose isAvailable() throws, as listTools() does, instead of throwing', async () => {
    // SPEC 6: an isAvailable that throws counts as unavailable; search leaves unavailable tools out.
    const broken = new TestTool({
      name: 'docker_ps',
      description: 'List docker containers.',
      metadata: { keywords: ['docker'], mandatoryKeywords: ['containers'], accessMode: AccessMode.READONLY },
      available: () => {
        throw new Error('docker is not installed');
      },
    });
    const fine = new TestTool({ name: 'list_containers', description: 'List docker containers.', metadata: { accessMode: AccessMode.READONLY } });
    reg.refreshFromTools([broken, fine]);
    expect(reg.search('docker').map((r) => r.name)).toEqual(['list_containers']);
    expect(reg.search('list containers').map((r) => r.name)).toEqual(['list_containers']);
    expect((await reg.searchAsync('docker')).map((r) => r.name)).toEqual(['list_containers']);
    const source = { listTools: () => [broken, fine] };
    expect(selectTools(source, 'docker containers').tools.map((t) => t.name)).toEqual(['list_containers']);
  });
});

describe('selectTools', () => {
  function registry() {
    const r = new ToolRegistry();
    for (const t of tools()) r.register(t);
    return r;
  }

  it('should take maxTools: Infinity as no cap', () => {
    const r = registry();
    const all = selectTools(r, 'search file write list', { maxTools: 100 });
    expect(selectTools(r, 'search file write list', { maxTools: Infinity })).toEqual(all);
    expect(selectTools(r, 'search file write list', { maxTools: 2.5 }).tools.length).toBeLessThanOrEqual(2);
  });
});
