// search and selectTools in depth: limit and maxTools of Infinity (a
// fraction, NaN or a negative count is refused: option-values.test.ts), cost in the ranking, an isAvailable() that throws. The contract
// is in test/spec/s08-search-select.test.ts.
import { AccessMode, ToolRegistry } from '@victor-tools/core';
import { ToolMetadataRegistry, selectTools } from '@victor-tools/metadata';
import { TestTool } from '../../../test/support/tools';
import { workspaceTools } from './support/catalogue';

afterEach(() => ToolMetadataRegistry.resetInstance());

describe('ToolMetadataRegistry.search', () => {
  let reg: ToolMetadataRegistry;
  beforeEach(() => {
    reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(workspaceTools());
  });

  it('should take limit: Infinity as no cap', () => {
    const all = reg.search('search file', { limit: 100 });
    expect(reg.search('search file', { limit: Infinity })).toEqual(all);
    expect(reg.search('search file', { limit: 1e9 })).toEqual(all);
    expect(reg.search('search file', { limit: 2 })).toEqual(all.slice(0, 2));
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
    for (const t of workspaceTools()) r.register(t);
    return r;
  }

  it('should take maxTools: Infinity as no cap', () => {
    const r = registry();
    const all = selectTools(r, 'search file write list', { maxTools: 100 });
    expect(selectTools(r, 'search file write list', { maxTools: Infinity })).toEqual(all);
    expect(selectTools(r, 'search file write list', { maxTools: 2 }).tools.length).toBeLessThanOrEqual(2);
  });
});
