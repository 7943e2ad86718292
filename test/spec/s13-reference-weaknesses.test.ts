// SPEC section 13: where the reference was weak, each item checked as this project promises.
import { SchemaLevel, ToolRegistrationError, ToolRegistry, ToolResult } from '@victor-tools/core';
import { tool } from '@victor-tools/decorators';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { TestTool } from './helpers';
import { quietLogger } from '../support/logger';

afterEach(() => ToolMetadataRegistry.resetInstance());
const quiet = () => new ToolRegistry({ logger: quietLogger() });

describe('SPEC 13', () => {
  it('should refuse registering over an existing name unless replace: true', () => {
    const r = quiet();
    r.register(new TestTool({ name: 'x' }));
    expect(() => r.register(new TestTool({ name: 'x' }))).toThrow(ToolRegistrationError);
    expect(() => r.register(new TestTool({ name: 'x' }), { replace: true })).not.toThrow();
  });

  it('should honour critical hooks in execute and run no hook for unknown tools', async () => {
    const r = quiet();
    const t = new TestTool({ name: 'git' });
    r.register(t);
    const before = jest.fn(() => {
      throw new Error('denied');
    });
    r.registerBeforeHook(before, { critical: true, name: 'security_validation' });
    expect((await r.execute('git', {})).error).toBe("Critical hook 'security_validation' failed for tool 'git': denied");
    expect(t.calls).toHaveLength(0);
    before.mockClear();
    await r.execute('unknown_tool', {});
    expect(before).not.toHaveBeenCalled();
  });

  it('should pass a failed ToolResult from a function through', async () => {
    const r = quiet();
    r.register(tool({ name: 'f', description: 'Fails on purpose.' }, () => ToolResult.fail('bad input')));
    const res = await r.execute('f', {});
    expect(res.success).toBe(false);
    expect(res.error).toBe('bad input');
    expect(res.output).not.toBeInstanceOf(ToolResult);
  });

  it('should check nested required fields with their paths', () => {
    const t = new TestTool({
      name: 'n',
      parameters: { type: 'object', properties: { o: { type: 'object', properties: { inner: { type: 'object', required: ['deep'] } }, required: ['inner'] } } },
    });
    expect(t.validateParametersDetailed({ o: {} }).errors).toEqual(["Required parameter 'o.inner' is missing"]);
    expect(t.validateParametersDetailed({ o: { inner: {} } }).errors).toEqual(["Required parameter 'o.inner.deep' is missing"]);
  });

  it("should match keywords as whole words: 'digital' does not find 'git'", () => {
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools([
      new TestTool({ name: 'signal_tool', description: 'Process a digital signal.', metadata: { keywords: ['digital'] } }),
      new TestTool({ name: 'vcs', description: 'Version control.', metadata: { keywords: ['git'] } }),
    ]);
    expect(reg.getToolsMatchingText('git')).toEqual(['vcs']);
    expect(reg.search('git').map((r) => r.name)).toEqual(['vcs']);
    expect(reg.getByKeyword('git')).toEqual(['vcs']);
  });

  it('should keep indexes exact after unregister', () => {
    const r = quiet();
    r.register(new TestTool({ name: 'a', metadata: { keywords: ['alpha'], category: 'c1' } }));
    r.register(new TestTool({ name: 'b', metadata: { keywords: ['alpha'], category: 'c1' } }));
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(r);
    r.unregister('a');
    reg.refreshFromTools(r);
    expect(reg.getByKeyword('alpha')).toEqual(['b']);
    expect(reg.getToolsByCategory('c1')).toEqual(['b']);
    expect(reg.search('alpha').map((x) => x.name)).toEqual(['b']);
  });

  it('should generate the same keyword set whatever the order of properties, and the same list for the same tool', () => {
    const a = new TestTool({ name: 'copy_file', description: 'Copy a file.', parameters: { type: 'object', properties: { source: { type: 'string' }, target: { type: 'string' } } } });
    const b = new TestTool({ name: 'copy_file', description: 'Copy a file.', parameters: { type: 'object', properties: { target: { type: 'string' }, source: { type: 'string' } } } });
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools([a]);
    const first = reg.getMetadata('copy_file')!.keywords;
    ToolMetadataRegistry.resetInstance();
    const reg2 = ToolMetadataRegistry.getInstance();
    reg2.refreshFromTools([b]);
    expect([...reg2.getMetadata('copy_file')!.keywords].sort()).toEqual([...first].sort());
    ToolMetadataRegistry.resetInstance();
    const reg3 = ToolMetadataRegistry.getInstance();
    reg3.refreshFromTools([a]);
    expect(reg3.getMetadata('copy_file')!.keywords).toEqual(first);
  });

  it("should keep array item types and not break sentences at 'e.g.' in COMPACT and STUB", () => {
    const t = new TestTool({
      name: 'tag',
      description: 'Tag files, e.g. images. Then index them.',
      parameters: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } }, required: ['tags'] },
    });
    for (const level of [SchemaLevel.COMPACT, SchemaLevel.STUB]) {
      const s = t.toSchema(level).function;
      expect((s.parameters as { properties: { tags: { items: unknown } } }).properties.tags.items).toEqual({ type: 'string' });
      expect(s.description.startsWith('Tag files, e.g. images.')).toBe(true);
    }
    expect(t.toSchema(SchemaLevel.STUB).function.description).toBe('Tag files, e.g. images.');
  });
});
