import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AccessMode, AgentMode, CostTier, ToolRegistry, type ToolMetadataInput } from '@victor-tools/core';
import { checkModePolicy } from '@victor-tools/core/framework';
import { testTool } from '../registry/helpers';

const FILE_SCHEMA = {
  type: 'object',
  properties: { filePath: { type: 'string' }, content: { type: 'string' } },
};

function registryWith(metadata: ToolMetadataInput | undefined, extra: { costTier?: CostTier; parameters?: object } = {}) {
  const registry = new ToolRegistry();
  const tool = testTool({ name: 'tool', metadata, costTier: extra.costTier, parameters: (extra.parameters ?? FILE_SCHEMA) as never });
  registry.register(tool);
  return { registry, tool };
}

describe('checkModePolicy', () => {
  it('should allow everything in build mode and without a mode', () => {
    const tool = testTool({ name: 'rm', metadata: { accessMode: 'execute' }, costTier: CostTier.HIGH });
    expect(checkModePolicy(tool, {}).allowed).toBe(true);
    expect(checkModePolicy(tool, { mode: AgentMode.BUILD }).allowed).toBe(true);
    expect(checkModePolicy(tool, { mode: 'build' }).allowed).toBe(true);
  });

  it.each([
    ['readonly', true],
    ['network', true],
    ['write', false],
    ['execute', false],
    ['mixed', false],
  ] as const)('should allow a %s tool in plan mode: %s', (accessMode, allowed) => {
    const decision = checkModePolicy(testTool({ name: 't', metadata: { accessMode } }), { mode: AgentMode.PLAN });
    expect(decision.allowed).toBe(allowed);
    if (!allowed) expect(decision.reason).toContain(accessMode);
  });

  it('should refuse a tool without a declared access mode in plan and explore, saying to declare it', () => {
    const tool = testTool({ name: 't' });
    for (const mode of ['plan', 'explore'] as const) {
      const decision = checkModePolicy(tool, { mode, sandbox: '/tmp' });
      expect(decision).toMatchObject({ allowed: false, rule: 'undeclared-access-mode' });
      expect(decision.reason).toMatch(/declare/);
    }
    expect(checkModePolicy(tool, { mode: 'build' }).allowed).toBe(true);
  });

  it('should refuse the high cost tier in explore mode', () => {
    const tool = testTool({ name: 't', metadata: { accessMode: 'readonly' }, costTier: CostTier.HIGH });
    expect(checkModePolicy(tool, { mode: 'explore' })).toMatchObject({ allowed: false, rule: 'cost-tier' });
    const medium = testTool({ name: 't', metadata: { accessMode: 'readonly' }, costTier: CostTier.MEDIUM });
    expect(checkModePolicy(medium, { mode: 'explore' }).allowed).toBe(true);
  });

  it('should refuse write and execute tools in explore mode without a sandbox', () => {
    for (const accessMode of [AccessMode.WRITE, AccessMode.EXECUTE]) {
      const tool = testTool({ name: 't', metadata: { accessMode } });
      expect(checkModePolicy(tool, { mode: 'explore' })).toMatchObject({ allowed: false, rule: 'no-sandbox' });
      expect(checkModePolicy(tool, { mode: 'explore', sandbox: '/tmp/box' }).allowed).toBe(true);
    }
  });

  it('should apply only the tool-level rules when no args are given', () => {
    const tool = testTool({ name: 't', metadata: { accessMode: 'write' }, parameters: FILE_SCHEMA as never });
    expect(checkModePolicy(tool, { mode: 'explore', sandbox: '/tmp/box' }).allowed).toBe(true);
    expect(checkModePolicy(tool, { mode: 'explore', sandbox: '/tmp/box' }, { filePath: '/etc/passwd' }).allowed).toBe(false);
  });

  it('should refuse an unknown mode rather than guess', () => {
    const tool = testTool({ name: 't', metadata: { accessMode: 'readonly' } });
    expect(checkModePolicy(tool, { mode: 'yolo' as never })).toMatchObject({ allowed: false, rule: 'invalid-mode' });
  });
});

describe('ToolRegistry', () => {
  describe('execute in an agent mode', () => {
    let root: string;
    let sandbox: string;
    let outside: string;

    beforeAll(() => {
      root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'victor-policy-')));
      sandbox = path.join(root, 'sandbox');
      outside = path.join(root, 'outside');
      fs.mkdirSync(path.join(sandbox, 'src'), { recursive: true });
      fs.mkdirSync(outside);
      fs.writeFileSync(path.join(sandbox, 'src', 'a.txt'), 'a');
      fs.symlinkSync(outside, path.join(sandbox, 'escape'));
      fs.symlinkSync(path.join(outside, 'not-yet'), path.join(sandbox, 'dangling'));
      fs.symlinkSync(path.join(sandbox, 'src'), path.join(sandbox, 'inner'));
    });

    afterAll(() => {
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('should refuse a write tool in plan mode with a stable prefix and the policy in metadata', async () => {
      const { registry, tool } = registryWith({ accessMode: 'write' });
      const result = await registry.execute('tool', {}, { mode: AgentMode.PLAN });
      expect(result.success).toBe(false);
      expect(result.error).toMatch(/^Tool 'tool' refused in plan mode: /);
      expect(result.metadata?.policy).toMatchObject({ allowed: false, mode: 'plan', rule: 'access-mode' });
      expect(tool.calls).toHaveLength(0);
    });

    it('should run a readonly tool in plan mode', async () => {
      const { registry } = registryWith({ accessMode: 'readonly' });
      expect((await registry.execute('tool', {}, { mode: 'plan' })).success).toBe(true);
    });

    it('should refuse an undeclared tool in plan mode and run it in build mode', async () => {
      const { registry } = registryWith(undefined);
      const refused = await registry.execute('tool', {}, { mode: 'plan' });
      expect(refused.error).toMatch(/^Tool 'tool' refused in plan mode: .*declare/);
      expect((await registry.execute('tool', {}, { mode: 'build' })).success).toBe(true);
      expect((await registry.execute('tool', {})).success).toBe(true);
    });

    it('should refuse a high cost tool in explore mode', async () => {
      const { registry } = registryWith({ accessMode: 'readonly' }, { costTier: CostTier.HIGH });
      const result = await registry.execute('tool', {}, { mode: 'explore' });
      expect(result.error).toMatch(/^Tool 'tool' refused in explore mode: .*high cost/);
    });

    it('should refuse a write tool in explore mode without a sandbox', async () => {
      const { registry } = registryWith({ accessMode: 'write' });
      const result = await registry.execute('tool', { filePath: 'x' }, { mode: 'explore' });
      expect(result.error).toMatch(/^Tool 'tool' refused in explore mode: .*sandbox/);
    });

    it('should run a write tool in explore mode on paths inside the sandbox', async () => {
      const { registry, tool } = registryWith({ accessMode: 'write' });
      const ctx = { mode: AgentMode.EXPLORE, sandbox };
      for (const filePath of ['src/a.txt', path.join(sandbox, 'src', 'new.txt'), 'inner/a.txt', 'src/../src/b.txt', 'new-dir/deeper/file.txt']) {
        const result = await registry.execute('tool', { filePath }, ctx);
        expect([filePath, result.success]).toEqual([filePath, true]);
      }
      expect(tool.calls).toHaveLength(5);
    });

    it.each([
      ['an absolute path outside', () => '/etc/passwd'],
      ['a .. escape', () => '../outside/x.txt'],
      ['a symlink to a directory outside', () => 'escape/x.txt'],
      ['a dangling symlink pointing outside', () => 'dangling'],
      ['.. after a symlink, resolved from its target', () => 'escape/../outside/y'],
    ])('should refuse %s the sandbox in explore mode', async (_what, filePath) => {
      const { registry, tool } = registryWith({ accessMode: 'write' });
      const result = await registry.execute('tool', { filePath: filePath() }, { mode: 'explore', sandbox });
      expect(result.error).toMatch(/^Tool 'tool' refused in explore mode: .*outside/);
      expect(result.metadata?.policy).toMatchObject({ rule: 'outside-sandbox' });
      expect(tool.calls).toHaveLength(0);
    });

    it('should check every path of a call against the file system as it is, one escape among many refused', async () => {
      const { registry, tool } = registryWith({ accessMode: 'write' });
      const files = [...Array.from({ length: 1_000 }, (_, i) => `src/f${i}.txt`), 'src/a.txt', 'escape/x.txt', 'src/a.txt'];
      const result = await registry.execute('tool', { files }, { mode: 'explore', sandbox });
      expect(result.error).toMatch(/^Tool 'tool' refused in explore mode: .*argument 'files\.1001' resolves to '.*outside\/x\.txt', outside it$/);
      expect(tool.calls).toHaveLength(0);
    });

    it('should check 300,000 paths in one call within seconds, asking the file system once per entry', async () => {
      const { registry, tool } = registryWith({ accessMode: 'write' });
      const files = [...Array.from({ length: 150_000 }, (_, i) => `new/d${i % 100}/f${i}`), ...Array<string>(150_000).fill('src/a.txt')];
      const started = performance.now();
      const result = await registry.execute('tool', { files }, { mode: 'explore', sandbox });
      expect(result.success).toBe(true);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(tool.calls).toHaveLength(1);
    });

    it('should echo a sandbox of 100,000 characters capped in its refusal', async () => {
      const { registry } = registryWith({ accessMode: 'write' });
      const deep = path.join(sandbox, 'x/'.repeat(50_000));
      const result = await registry.execute('tool', { filePath: '/etc/passwd' }, { mode: 'explore', sandbox: deep });
      expect(result.error).toMatch(/only inside the sandbox '.{1,1000}\.\.\. \(\d+ more characters\)', and argument 'filePath'/);
      expect(result.error!.length).toBeLessThan(1_300);
    });

    it('should resolve .. from where a symlink points, as the operating system does', async () => {
      // sandbox/inner -> sandbox/src, so inner/../escape is sandbox/escape -> outside.
      const { registry } = registryWith({ accessMode: 'write' });
      const result = await registry.execute('tool', { filePath: 'inner/../escape/z' }, { mode: 'explore', sandbox });
      expect(result.success).toBe(false);
    });

    it.each(['path', 'target_file', 'cwd', 'outputDir', 'destinationDirectory', 'FILEPATH'])(
      'should check an argument named %s',
      async (name) => {
        const { registry } = registryWith({ accessMode: 'execute' }, { parameters: { type: 'object', properties: { [name]: { type: 'string' } } } });
        const result = await registry.execute('tool', { [name]: outside }, { mode: 'explore', sandbox });
        expect(result.error).toMatch(/refused in explore mode/);
      },
    );

    it("should check an argument whose schema says format: 'path'", async () => {
      const parameters = { type: 'object', properties: { where: { type: 'string', format: 'path' } } };
      const { registry } = registryWith({ accessMode: 'write' }, { parameters });
      expect((await registry.execute('tool', { where: outside }, { mode: 'explore', sandbox })).success).toBe(false);
      expect((await registry.execute('tool', { where: 'src' }, { mode: 'explore', sandbox })).success).toBe(true);
    });

    it('should not treat other arguments as paths', async () => {
      const { registry } = registryWith({ accessMode: 'write' });
      const result = await registry.execute('tool', { filePath: 'src/a.txt', content: '/etc/passwd' }, { mode: 'explore', sandbox });
      expect(result.success).toBe(true);
    });

    it('should not check paths of readonly tools in explore mode', async () => {
      const { registry } = registryWith({ accessMode: 'readonly' });
      expect((await registry.execute('tool', { filePath: '/etc/passwd' }, { mode: 'explore', sandbox })).success).toBe(true);
    });

    it('should check paths a before-hook puts in the arguments', async () => {
      const { registry, tool } = registryWith({ accessMode: 'write' });
      registry.registerBeforeHook((_name, args) => ({ ...args, filePath: '/etc/passwd' }));
      const result = await registry.execute('tool', { filePath: 'src/a.txt' }, { mode: 'explore', sandbox });
      expect(result.error).toMatch(/refused in explore mode/);
      expect(tool.calls).toHaveLength(0);
    });

    it('should refuse an invalid mode value with a failed result', async () => {
      const { registry } = registryWith({ accessMode: 'readonly' });
      const result = await registry.execute('tool', {}, { mode: 'chaos' as never });
      expect(result.error).toMatch(/^Tool 'tool' refused: .*AgentMode/);
    });
  });
});
