import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry, type BaseTool, type ToolCallContext } from '@victor-tools/core';
import { resolveTool } from '@victor-tools/core/framework';
import { FindFiles } from '../src/find-files';
import { manyFiles } from './support/many-files';

const ctx = {} as ToolCallContext;

function tree() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'find-')));
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  mkdirSync(join(root, 'src', 'deep'), { recursive: true });
  mkdirSync(join(root, 'node_modules', 'dep'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, 'a.ts'), 'abc');
  writeFileSync(join(root, 'src', 'b.ts'), 'bb');
  writeFileSync(join(root, 'src', 'deep', 'c.ts'), '');
  writeFileSync(join(root, 'notes.md'), '');
  writeFileSync(join(root, 'node_modules', 'dep', 'index.ts'), '');
  writeFileSync(join(outside, 'secret.ts'), 'secret');
  symlinkSync(outside, join(root, 'link-dir'));
  symlinkSync(join(outside, 'secret.ts'), join(root, 'link-file.ts'));
  symlinkSync(join(root, 'a.ts'), join(root, 'src', 'inside-link.ts'));
  return { base, root };
}

describe('find_files', () => {
  const { base, root } = tree();
  const tool: BaseTool = resolveTool(new FindFiles(root))!;
  const find = async (args: Record<string, unknown>) => (await tool.execute(ctx, args)).output;

  describe('parameters', () => {
    it("should take the reference's find_files(pattern, path = '.', recursive = true, limit = 100)", () => {
      expect(tool.parameters.required).toEqual(['pattern']);
      expect(tool.parameters.properties).toMatchObject({
        pattern: { type: 'string' },
        path: { type: 'string', format: 'path', default: '.' },
        recursive: { type: 'boolean', default: true },
        limit: { type: 'integer', default: 100 },
      });
    });

    it("should carry the reference's metadata", () => {
      expect(tool.metadata).toMatchObject({
        category: 'filesystem',
        keywords: ['find', 'search', 'locate', 'files'],
        stages: ['initial', 'planning', 'reading'],
        taskTypes: ['search', 'analysis'],
        progressParams: ['path', 'pattern'],
      });
      expect(tool.metadata?.useCases).toHaveLength(3);
      expect(tool.metadata?.examples).toContain('find all Python files');
      expect(String(tool.metadata?.priority)).toMatch(/2|high/i);
    });
  });

  describe('execute', () => {
    it('should list { path, type, size } for names matching, recursively, relative to the root, leaving symlinks out of the walk', async () => {
      expect(await find({ pattern: '*.ts' })).toEqual([
        { path: 'a.ts', type: 'file', size: 3 },
        { path: 'src/b.ts', type: 'file', size: 2 },
        { path: 'src/inside-link.ts', type: 'file', size: 3 },
        { path: 'src/deep/c.ts', type: 'file', size: 0 },
      ]);
    });

    it('should list directories too', async () => {
      expect(await find({ pattern: 'deep' })).toEqual([{ path: 'src/deep', type: 'directory', size: 0 }]);
    });

    it('should search under path, answering paths relative to the root', async () => {
      expect(await find({ pattern: '*.ts', path: 'src' })).toEqual([
        { path: 'src/b.ts', type: 'file', size: 2 },
        { path: 'src/inside-link.ts', type: 'file', size: 3 },
        { path: 'src/deep/c.ts', type: 'file', size: 0 },
      ]);
    });

    it('should stay in the directory when recursive is false', async () => {
      expect(await find({ pattern: '*.ts', recursive: false })).toEqual([{ path: 'a.ts', type: 'file', size: 3 }]);
    });

    it('should match paths when the pattern holds a /', async () => {
      expect(await find({ pattern: 'src/**/*.ts' })).toEqual([
        { path: 'src/b.ts', type: 'file', size: 2 },
        { path: 'src/inside-link.ts', type: 'file', size: 3 },
        { path: 'src/deep/c.ts', type: 'file', size: 0 },
      ]);
    });

    it('should stop at limit and say so in the metadata', async () => {
      const result = await tool.execute(ctx, { pattern: '*.ts', limit: 2 });
      expect(result.output).toEqual([
        { path: 'a.ts', type: 'file', size: 3 },
        { path: 'src/b.ts', type: 'file', size: 2 },
      ]);
      expect(result.metadata).toEqual({ limitReached: true });
    });

    it('should not enter node_modules', async () => {
      expect(await find({ pattern: 'index.ts' })).toEqual([]);
    });

    it('should refuse patterns that are absolute or climb out with ..', async () => {
      await expect(find({ pattern: '../outside/*.ts' })).rejects.toThrow("contains '..'");
      await expect(find({ pattern: 'src/../../**' })).rejects.toThrow("contains '..'");
      await expect(find({ pattern: '/etc/*' })).rejects.toThrow('is absolute');
      await expect(find({ pattern: '/usr' })).rejects.toThrow('is absolute');
    });

    it('should refuse a path outside the root, absolute or through a symlink, and one that is not a directory', async () => {
      await expect(find({ pattern: '*', path: '..' })).rejects.toThrow("Path '..' leaves the root directory");
      await expect(find({ pattern: '*', path: '/usr' })).rejects.toThrow("Path '/usr' is absolute");
      await expect(find({ pattern: '*', path: 'link-dir' })).rejects.toThrow('through a symlink');
      await expect(find({ pattern: '*', path: 'a.ts' })).rejects.toThrow("Path 'a.ts' is not a directory");
      await expect(find({ pattern: '*', path: 'nope' })).rejects.toThrow("Path 'nope' does not exist");
    });

    it('should neither follow symlinked directories nor list symlinked files that point outside', async () => {
      const all = (await find({ pattern: '*', limit: 1000 })) as Array<{ path: string }>;
      expect(all.map((f) => f.path)).not.toContainEqual(expect.stringMatching(/secret|link-file/));
      expect(all.map((f) => f.path)).not.toContainEqual(expect.stringMatching(/^link-dir\//));
      expect(await find({ pattern: 'link-dir/*.ts' })).toEqual([]);
    });
  });

  describe('the root', () => {
    it("should search the call's sandbox when one is set", async () => {
      const sandbox = join(base, 'outside');
      const registry = new ToolRegistry();
      registry.register(new FindFiles(root));
      const result = await registry.execute('find_files', { pattern: '*.ts' }, { sandbox });
      expect(result.output).toEqual([{ path: 'secret.ts', type: 'file', size: 6 }]);
    });
  });

  describe('a tree of 100,000 files', () => {
    let big: string;
    beforeAll(() => {
      big = manyFiles(100, 1000);
    }, 600_000);

    it('should stop as soon as limit 1 is reached', async () => {
      const started = Date.now();
      const result = await resolveTool(new FindFiles(big))!.execute(ctx, { pattern: '*.txt', limit: 1 });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(result.output).toEqual([{ path: 'd000/f0.txt', type: 'file', size: 0 }]);
    });
  });
});
