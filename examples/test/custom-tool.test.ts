import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaseTool, ToolRegistry, type ToolCallContext } from '@victor-tools/core';
import { CustomTool, customTool, MAX_FILE_BYTES } from '../src/custom-tool';

const ctx = {} as ToolCallContext;

describe('custom_tool', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'custom-')));
  const root = join(base, 'root');
  mkdirSync(root);
  writeFileSync(join(root, 'a.txt'), '  Hello big World  \nsecond line\n');
  writeFileSync(join(root, 'bad.json'), '{\n  "a": 1,\n  "b": \n}\n');
  writeFileSync(join(root, 'bad.yaml'), 'name: x\n\tindented: y\njust words\n');
  writeFileSync(join(base, 'victim.txt'), 'untouched\n');
  symlinkSync(tmpdir(), join(root, 'escape'));
  const tool = new CustomTool(root);
  // Direct calls, as a model may send them: arguments the schema would refuse too.
  const run = async (args: Record<string, unknown>) => (await tool.execute(ctx, args as never)).output;

  describe("the reference's Pattern 1", () => {
    it('should be a BaseTool subclass, exported as an instance for a scan too', () => {
      expect(tool).toBeInstanceOf(BaseTool);
      expect(customTool).toBeInstanceOf(CustomTool);
      expect(tool.name).toBe('custom_tool');
    });

    it("should take the reference's custom_tool(operation, target, options), options a free object", () => {
      expect(tool.parameters).toEqual({
        type: 'object',
        properties: {
          operation: { type: 'string', description: 'Operation to perform', enum: ['analyze', 'transform', 'validate'] },
          target: { type: 'string', description: 'Target file, relative to the root', format: 'path' },
          options: { type: 'object', description: "Additional options: transform takes mode ('upper', 'lower' or 'trim', the default)" },
        },
        required: ['operation', 'target'],
        additionalProperties: false,
      });
    });

    it("should carry the reference's cost tier and metadata, and declare no more access than its default, READONLY", () => {
      expect(tool.costTier.value).toBe('low');
      expect(tool.metadata).toEqual({
        category: 'analysis',
        keywords: ['analyze', 'transform', 'validate', 'custom'],
        useCases: ['analyzing code structure', 'transforming code patterns', 'validating configurations'],
        examples: ['analyze the utils module', 'transform all deprecated calls', 'validate the config file'],
        priorityHints: ['Use for custom analysis operations'],
        accessMode: 'readonly',
      });
    });
  });

  describe('operations', () => {
    it('should analyze lines, words and chars, naming the operation in the metadata', async () => {
      const result = await tool.execute(ctx, { operation: 'analyze', target: 'a.txt' });
      expect(result.output).toEqual({ lines: 2, words: 5, chars: 32 });
      expect(result.metadata).toEqual({ operation: 'analyze' });
    });

    it('should transform to a returned text, trimming by default, and write nothing', async () => {
      const before = readdirSync(root).sort();
      expect(await run({ operation: 'transform', target: 'a.txt', options: { mode: 'upper' } })).toEqual({ text: '  HELLO BIG WORLD  \nSECOND LINE\n' });
      expect(await run({ operation: 'transform', target: 'a.txt' })).toEqual({ text: 'Hello big World\nsecond line' });
      expect(readdirSync(root).sort()).toEqual(before);
    });

    it('should refuse an option its operation does not take, and a mode it does not know, naming them', async () => {
      expect(await tool.execute(ctx, { operation: 'transform', target: 'a.txt', options: { output: 'out.txt' } })).toMatchObject({
        success: false,
        error: "Unknown option 'output' for transform (it takes mode)",
      });
      expect(await tool.execute(ctx, { operation: 'analyze', target: 'a.txt', options: { mode: 'upper' } })).toMatchObject({
        success: false,
        error: "Unknown option 'mode' for analyze (it takes none)",
      });
      expect(await tool.execute(ctx, { operation: 'transform', target: 'a.txt', options: { mode: 'title' } })).toMatchObject({
        success: false,
        error: "options.mode must be one of upper, lower, trim, got '\"title\"'",
      });
    });

    it('should validate JSON, YAML-ish syntax and trailing whitespace', async () => {
      expect(await run({ operation: 'validate', target: 'bad.json' })).toMatchObject({ valid: false, format: 'json', problems: [{ line: 3, message: 'trailing whitespace' }, { line: 4 }] });
      expect(await run({ operation: 'validate', target: 'bad.yaml' })).toEqual({
        valid: false,
        format: 'yaml',
        problems: [
          { line: 2, message: 'tab used for indentation (YAML needs spaces)' },
          { line: 3, message: "neither 'key: value' nor a list item" },
        ],
      });
      writeFileSync(join(root, 'clean.txt'), 'clean\n');
      expect(await run({ operation: 'validate', target: 'clean.txt' })).toEqual({ valid: true, format: 'text', problems: [] });
    });

    it('should answer an unknown operation as the reference does', async () => {
      const result = await tool.execute(ctx, { operation: 'shred', target: 'a.txt' } as never);
      expect(result).toMatchObject({ success: false, error: "Unknown operation: 'shred' (use analyze, transform, validate)" });
    });

    it('should look for trailing whitespace in linear time', async () => {
      writeFileSync(join(root, 'blanks.txt'), `${' '.repeat(MAX_FILE_BYTES - 2)}x\n`);
      const started = Date.now();
      expect(await run({ operation: 'validate', target: 'blanks.txt' })).toEqual({ valid: true, format: 'text', problems: [] });
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  describe('confinement', () => {
    it('should refuse targets outside its root', async () => {
      await expect(run({ operation: 'analyze', target: '../x.txt' })).rejects.toThrow('leaves the root');
      await expect(run({ operation: 'analyze', target: '/etc/hostname' })).rejects.toThrow('is absolute');
      await expect(run({ operation: 'analyze', target: 'escape/whatever' })).rejects.toThrow('outside the root directory through a symlink');
      await expect(run({ operation: 'transform', target: '../victim.txt' })).rejects.toThrow('leaves the root');
    });

    it("should resolve the target against the call's sandbox when one is set, and run in PLAN mode", async () => {
      const sandbox = join(base, 'sandbox');
      mkdirSync(sandbox);
      writeFileSync(join(sandbox, 'victim.txt'), ' inside ');
      const registry = new ToolRegistry();
      registry.register(new CustomTool(base));
      const args = { operation: 'transform', target: 'victim.txt' };
      expect(await registry.execute('custom_tool', args, { mode: 'explore', sandbox })).toMatchObject({ success: true, output: { text: 'inside' } });
      expect(await registry.execute('custom_tool', args, { mode: 'plan', sandbox })).toMatchObject({ success: true, output: { text: 'inside' } });
      expect(readFileSync(join(base, 'victim.txt'), 'utf8')).toBe('untouched\n');
    });
  });

  describe('files that are not regular, or too big', () => {
    it('should refuse a FIFO at once, leaving the file-I/O threads free for the calls after it', async () => {
      execFileSync('mkfifo', [join(root, 'pipe')]);
      const started = Date.now();
      await expect(run({ operation: 'analyze', target: 'pipe' })).rejects.toThrow("File 'pipe' is a FIFO, not a regular file");
      // Node has four file-I/O threads: a blocked open would hold one each time.
      const after = await Promise.all(Array.from({ length: 8 }, () => run({ operation: 'analyze', target: 'a.txt' })));
      expect(after).toEqual(Array(8).fill({ lines: 2, words: 5, chars: 32 }));
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('should refuse a directory', async () => {
      mkdirSync(join(root, 'folder'));
      await expect(run({ operation: 'analyze', target: 'folder' })).rejects.toThrow("File 'folder' is a directory, not a regular file");
    });

    it('should refuse a file over 1 MiB before reading it, naming its exact size', async () => {
      writeFileSync(join(root, 'huge.txt'), '');
      truncateSync(join(root, 'huge.txt'), 40 * 1024 * 1024);
      await expect(run({ operation: 'analyze', target: 'huge.txt' })).rejects.toThrow(
        new Error(`File 'huge.txt' is ${40 * 1024 * 1024} bytes, over the limit of ${MAX_FILE_BYTES} bytes`),
      );
      writeFileSync(join(root, 'just.txt'), 'x'.repeat(MAX_FILE_BYTES));
      expect(await run({ operation: 'analyze', target: 'just.txt' })).toEqual({ lines: 1, words: 1, chars: MAX_FILE_BYTES });
    });
  });
});
