import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveTool, type BaseTool, type ToolCallContext } from '@victor-tools/core';
import { FindFiles } from '../src/find-files';

const ctx = {} as ToolCallContext;

function tree() {
  const base = mkdtempSync(join(tmpdir(), 'find-'));
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  mkdirSync(join(root, 'src', 'deep'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, 'a.ts'), '');
  writeFileSync(join(root, 'src', 'b.ts'), '');
  writeFileSync(join(root, 'src', 'deep', 'c.ts'), '');
  writeFileSync(join(root, 'notes.md'), '');
  writeFileSync(join(outside, 'secret.ts'), '');
  symlinkSync(outside, join(root, 'link-dir'));
  symlinkSync(join(outside, 'secret.ts'), join(root, 'link-file.ts'));
  symlinkSync(join(root, 'a.ts'), join(root, 'src', 'inside-link.ts'));
  return root;
}

describe('find_files', () => {
  const root = tree();
  const tool: BaseTool = resolveTool(new FindFiles(root))!;

  describe('execute', () => {
    it('should find matching files recursively, relative to the root, leaving symlinks out', async () => {
      const result = await tool.execute(ctx, { pattern: '*.ts' });
      expect(result.output).toEqual({ files: ['a.ts', 'src/b.ts', 'src/deep/c.ts'], total: 3, truncated: false });
    });

    it('should stay at the top level when recursive is false', async () => {
      expect((await tool.execute(ctx, { pattern: '*.ts', recursive: false })).output).toMatchObject({ files: ['a.ts'] });
    });

    it('should stop at limit and say the list was truncated', async () => {
      expect((await tool.execute(ctx, { pattern: '*.ts', limit: 2 })).output).toEqual({ files: ['a.ts', 'src/b.ts'], total: 3, truncated: true });
    });

    it('should refuse patterns that climb out with ..', async () => {
      await expect(tool.execute(ctx, { pattern: '../outside/*.ts' })).rejects.toThrow("contains '..'");
      await expect(tool.execute(ctx, { pattern: 'src/../../**' })).rejects.toThrow("contains '..'");
    });

    it('should refuse absolute patterns', async () => {
      await expect(tool.execute(ctx, { pattern: '/etc/*' })).rejects.toThrow('is absolute');
      await expect(tool.execute(ctx, { pattern: join(root, '..', 'outside', '*.ts') })).rejects.toThrow('is absolute');
    });

    it('should neither follow symlinked directories nor list symlinked files that point outside', async () => {
      const { files } = (await tool.execute(ctx, { pattern: '**/*.ts' })).output as { files: string[] };
      expect(files).not.toContainEqual(expect.stringMatching(/secret|link-file|link-dir/));
      expect((await tool.execute(ctx, { pattern: 'link-dir/*.ts' })).output).toMatchObject({ files: [] });
    });
  });
});
