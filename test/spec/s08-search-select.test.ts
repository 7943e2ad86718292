// SPEC section 8: search and selectTools.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { AccessMode, AgentMode, CostTier, SchemaLevel, ToolRegistry, estimateTokens } from '@victor-tools/core';
import { ToolMetadataRegistry, selectTools, selectToolsAsync, selectToolsForConversation } from '@victor-tools/metadata';
import { anthropicRenderer } from '@victor-tools/providers/framework';
import { TestTool } from './helpers';
import { quietLogger } from '../support/logger';
import { workspaceTools } from '../../packages/metadata/test/support/catalogue';

afterEach(() => ToolMetadataRegistry.resetInstance());

describe('ToolMetadataRegistry.search', () => {
  let reg: ToolMetadataRegistry;
  beforeEach(() => {
    reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(workspaceTools());
  });

  it('should return ranked { name, score, reasons }, higher score first', () => {
    const results = reg.search('search code');
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(Object.keys(r).sort()).toEqual(['name', 'reasons', 'score']);
      expect(typeof r.score).toBe('number');
      expect(Array.isArray(r.reasons)).toBe(true);
    }
    for (let i = 1; i < results.length; i++) expect(results[i - 1].score).toBeGreaterThanOrEqual(results[i].score);
    expect(results[0].name).toBe('code_search');
  });

  it('should match case-insensitively, ignoring inflection and stop words', () => {
    expect(reg.search('SEARCHING').map((r) => r.name)).toEqual(expect.arrayContaining(['code_search', 'web_search']));
    expect(reg.search('files').map((r) => r.name).slice(0, 2).sort()).toEqual(['list_files', 'write_file']);
    expect(reg.search('the')).toEqual([]);
  });

  it('should match use cases', () => {
    expect(reg.search('browse folder')[0].name).toBe('list_files');
  });

  it('should force in a tool by a mandatory keyword', () => {
    expect(reg.search('commit my work please').map((r) => r.name)).toContain('git_commit');
  });

  it('should honour limit', () => {
    expect(reg.search('search file', { limit: 1 })).toHaveLength(1);
  });

  it('should leave out tools above maxCostTier', () => {
    const names = reg.search('search', { maxCostTier: CostTier.MEDIUM }).map((r) => r.name);
    expect(names).toContain('code_search');
    expect(names).not.toContain('web_search');
    expect(reg.search('search', { maxCostTier: 'low' as never }).map((r) => r.name)).not.toContain('web_search');
  });

  it('should leave out tools the mode refuses', () => {
    const names = reg.search('write file', { mode: AgentMode.PLAN }).map((r) => r.name);
    expect(names).not.toContain('write_file');
    expect(names).toContain('list_files');
    expect(reg.search('write file', { mode: 'build' as never }).map((r) => r.name)).toContain('write_file');
  });

  it('should raise tools with stage and task-type affinity', () => {
    const plain = reg.search('file').map((r) => r.name);
    const withTask = reg.search('file', { taskType: 'edit' }).map((r) => r.name);
    expect(withTask[0]).toBe('write_file');
    expect(plain).toEqual(expect.arrayContaining(['list_files', 'write_file']));
    const withStage = reg.search('search', { stage: 'reading' });
    const scoreOf = (rs: typeof withStage, n: string) => rs.find((r) => r.name === n)!.score;
    expect(scoreOf(withStage, 'code_search')).toBeGreaterThan(scoreOf(reg.search('search'), 'code_search'));
  });
});

describe('selectTools', () => {
  function registry() {
    const r = new ToolRegistry();
    for (const t of workspaceTools()) r.register(t);
    return r;
  }

  it('should return { tools: [{ name, level, schema, tokens }], totalTokens }', () => {
    const r = registry();
    const sel = selectTools(r, 'search code');
    expect(Object.keys(sel).sort()).toEqual(['tools', 'totalTokens']);
    expect(sel.tools.length).toBeGreaterThan(0);
    for (const t of sel.tools) {
      expect(Object.keys(t).sort()).toEqual(['level', 'name', 'schema', 'tokens']);
      expect(SchemaLevel.values()).toContain(t.level);
    }
    expect(sel.totalTokens).toBe(sel.tools.reduce((s, t) => s + t.tokens, 0));
    expect(sel.tools[0].name).toBe('code_search');
    expect(sel.tools[0].level).toBe(SchemaLevel.FULL);
    const tool = r.get('code_search')!;
    expect(sel.tools[0].schema).toEqual(tool.toJSONSchema());
    expect(sel.tools[0].tokens).toBe(estimateTokens(tool.toJSONSchema()));
  });

  it('should honour maxTools', () => {
    expect(selectTools(registry(), 'search file', { maxTools: 2 }).tools.length).toBeLessThanOrEqual(2);
  });

  it('should step down to COMPACT then STUB to fit the token budget', () => {
    const r = registry();
    const full = selectTools(r, 'search file write list', { maxTools: 4 });
    expect(full.tools.every((t) => t.level === SchemaLevel.FULL)).toBe(true);
    const budget = Math.floor(full.totalTokens * 0.6);
    const tight = selectTools(r, 'search file write list', { maxTools: 4, tokenBudget: budget });
    expect(tight.totalTokens).toBeLessThanOrEqual(budget);
    expect(tight.tools.some((t) => t.level !== SchemaLevel.FULL)).toBe(true);
    const levels = tight.tools.map((t) => SchemaLevel.values().indexOf(t.level));
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeGreaterThanOrEqual(levels[i - 1]);
  });

  it("should take the provider by name once @victor-tools/providers is loaded ('anthropic')", () => {
    const sel = selectTools(registry(), 'search code', { maxTools: 1, provider: 'anthropic' });
    expect(sel.tools[0].schema).toEqual(anthropicRenderer.render(registry().get('code_search')!, SchemaLevel.FULL));
    expect(sel.tools[0].schema).toHaveProperty('input_schema');
  });

  // In a process of its own: this file loads providers/framework, which registers the renderers too.
  it.each([
    ['require', ['-e'], "const { selectTools } = require('@victor-tools/metadata'); const { BaseTool, ToolRegistry, ToolResult } = require('@victor-tools/core'); require('@victor-tools/providers');"],
    ['import', ['--input-type=module', '-e'], "import { selectTools } from '@victor-tools/metadata'; import { BaseTool, ToolRegistry, ToolResult } from '@victor-tools/core'; import '@victor-tools/providers';"],
  ])('should take every provider by name once the package root is loaded (%s)', (_kind, flags, imports) => {
    const script = `${imports}
      class ReadFile extends BaseTool {
        get name() { return 'read_file'; }
        get description() { return 'Read a file.'; }
        get parameters() { return { type: 'object', properties: {} }; }
        async execute() { return ToolResult.ok(''); }
      }
      const registry = new ToolRegistry().register(new ReadFile());
      const schemaOf = (provider) => selectTools(registry, 'read a file', { maxTools: 1, provider }).tools[0].schema;
      console.log(JSON.stringify(['openai', 'anthropic', 'gemini', 'mcp'].map((provider) => Object.keys(schemaOf(provider)))));`;
    const out = execFileSync(process.execPath, [...flags, script], { cwd: join(__dirname, '..', '..'), encoding: 'utf8' });
    // Gemini leaves out an empty parameters object.
    expect(JSON.parse(out)).toEqual([
      ['type', 'function'],
      ['name', 'description', 'input_schema'],
      ['name', 'description'],
      ['name', 'description', 'inputSchema', 'annotations'],
    ]);
  });

  it('should render and count in the provider format', () => {
    const r = registry();
    const sel = selectTools(r, 'search code', { maxTools: 1, provider: anthropicRenderer });
    expect(sel.tools[0].schema).toHaveProperty('input_schema');
    expect(sel.tools[0].tokens).toBe(estimateTokens(sel.tools[0].schema as object));
  });

  it('should leave out tools the mode refuses', () => {
    const names = selectTools(registry(), 'write file', { mode: AgentMode.PLAN }).tools.map((t) => t.name);
    expect(names).not.toContain('write_file');
  });

  it('should cap every tool at the given level', () => {
    const sel = selectTools(registry(), 'search', { level: SchemaLevel.STUB });
    expect(sel.tools.every((t) => t.level === SchemaLevel.STUB)).toBe(true);
  });
});

describe('ToolMetadataRegistry.search and disabled tools', () => {
  it("should leave out the tools the refreshed registry disabled, as it leaves out unavailable ones", () => {
    const registry = new ToolRegistry({ logger: quietLogger() });
    for (const t of workspaceTools()) registry.register(t);
    let webAvailable = true;
    registry.register(
      new TestTool({ name: 'web_fetch', description: 'Fetch a web page.', available: () => webAvailable, metadata: { keywords: ['web'], accessMode: AccessMode.NETWORK } }),
    );
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(registry);
    const found = () => reg.search('search the web', { limit: 10 }).map((r) => r.name);
    expect(found()).toEqual(expect.arrayContaining(['web_search', 'web_fetch']));
    registry.disableTool('web_search');
    webAvailable = false;
    expect(found()).not.toContain('web_search');
    expect(found()).not.toContain('web_fetch');
    expect(found()).toContain('code_search');
    registry.enableTool('web_search');
    expect(found()).toContain('web_search');
  });
});

describe('ToolMetadataRegistry.search after selectTools', () => {
  it('should still leave out the tools the registry disabled once selectTools refreshed the shared metadata registry', () => {
    const registry = new ToolRegistry({ logger: quietLogger() });
    registry.register(new TestTool({ name: 'deploy_status', description: 'Show the deploy status.', metadata: { accessMode: AccessMode.READONLY } }));
    registry.register(new TestTool({ name: 'deploy_logs', description: 'Show the deploy logs.', metadata: { accessMode: AccessMode.READONLY } }));
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(registry);
    registry.disableTool('deploy_status');
    expect(reg.search('deploy').map((r) => r.name)).toEqual(['deploy_logs']);
    expect(selectTools(registry, 'deploy').tools.map((t) => t.name)).toEqual(['deploy_logs']);
    expect(reg.search('deploy').map((r) => r.name)).toEqual(['deploy_logs']);
    registry.enableTool('deploy_status');
    expect(reg.search('deploy').map((r) => r.name).sort()).toEqual(['deploy_logs', 'deploy_status']);
  });
});

describe('EXPLORE mode with a sandbox (SPEC section 12)', () => {
  const sandbox = join(__dirname, 'fixtures');
  function registry() {
    const r = new ToolRegistry({ logger: quietLogger() });
    for (const t of workspaceTools()) r.register(t);
    return r;
  }

  it('should offer WRITE and EXECUTE tools in search only with a sandbox, as registry.execute allows them', () => {
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(registry());
    const found = (query: string, options: object) => reg.search(query, { limit: 20, ...options }).map((r) => r.name);
    expect(found('write file', { mode: AgentMode.EXPLORE })).not.toContain('write_file');
    expect(found('write file', { mode: AgentMode.EXPLORE, sandbox })).toContain('write_file');
    expect(found('deploy', { mode: 'explore', sandbox })).toContain('deploy');
    expect(found('deploy', { mode: 'explore' })).not.toContain('deploy');
    // The sandbox lifts only the sandbox rule: HIGH cost stays out, and PLAN is as strict as before.
    expect(found('search the web', { mode: 'explore', sandbox })).not.toContain('web_search');
    expect(found('write file', { mode: 'plan', sandbox })).not.toContain('write_file');
    // An empty path is no sandbox, as for ctx.sandbox; the cached verdicts of one do not leak into the other.
    expect(found('write file', { mode: 'explore', sandbox: '' })).not.toContain('write_file');
    expect(found('write file', { mode: 'explore', sandbox })).toContain('write_file');
  });

  it('should select WRITE and EXECUTE tools (critical ones too) in EXPLORE only with a sandbox', () => {
    const r = registry();
    const without = selectTools(r, 'write file', { mode: AgentMode.EXPLORE }).tools.map((t) => t.name);
    expect(without).not.toContain('write_file');
    expect(without).not.toContain('deploy');
    const withSandbox = selectTools(r, 'write file', { mode: AgentMode.EXPLORE, sandbox }).tools.map((t) => t.name);
    expect(withSandbox).toContain('write_file');
    expect(withSandbox).toContain('deploy'); // CRITICAL
    expect(selectTools(r, '', { mode: 'explore', sandbox, maxTools: 20 }).tools.map((t) => t.name)).toContain('write_file');
    expect(selectTools(r, '', { mode: 'explore', maxTools: 20 }).tools.map((t) => t.name)).not.toContain('write_file');
  });
});

describe('search and selectTools options', () => {
  function registry() {
    const r = new ToolRegistry({ logger: quietLogger() });
    for (const t of workspaceTools()) r.register(t);
    return r;
  }

  it('should refuse an unknown option with a TypeError naming it and the close known one', async () => {
    const r = registry();
    expect(() => selectTools(r, 'write file', { mode: 'explore', sandbx: __dirname } as never)).toThrow(
      new TypeError(
        "selectTools: unknown option 'sandbx' (did you mean 'sandbox'?); it takes maxTools, tokenBudget, level, lowestLevel, stage, taskType, mode, sandbox, maxCostTier, provider, metadataRegistry, pinned, signal.",
      ),
    );
    expect(() => selectTools(r, 'write file', { maxTool: 3 } as never)).toThrow(/unknown option 'maxTool' \(did you mean 'maxTools'\?\)/);
    await expect(selectToolsAsync(r, 'write file', { maxTool: 3 } as never)).rejects.toThrow(/^selectToolsAsync: unknown option 'maxTool'/);
    await expect(selectToolsForConversation(r, [{ role: 'user', text: 'write a file' }], { userTurn: 2 } as never)).rejects.toThrow(
      /^selectToolsForConversation: unknown option 'userTurn' \(did you mean 'userTurns'\?\)/,
    );
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools(r);
    expect(() => reg.search('write file', { limt: 1 } as never)).toThrow(/^search: unknown option 'limt' \(did you mean 'limit'\?\); it takes limit, /);
    await expect(reg.searchAsync('write file', { mode: 'explore', sandbx: '/tmp' } as never)).rejects.toThrow(/^searchAsync: unknown option 'sandbx'/);
    expect(() => reg.search('write file', { mode: 'explore', sandbox: true } as never)).toThrow(/^search: sandbox must be the sandbox directory's path \(a string/);
    // One given as undefined is absent, as a spread of optional values gives it.
    expect(selectTools(r, 'write file', { maxTools: 1, sandbox: undefined, extra: undefined } as never).tools.map((t) => t.name)).toEqual(['write_file', 'deploy']);
  });
});
