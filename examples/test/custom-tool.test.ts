import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveTool, type ToolCallContext } from '@victor-tools/core';
import { CustomTool, CustomToolParams } from '../src/custom-tool';

const ctx = {} as ToolCallContext;

describe('custom_tool', () => {
  const root = mkdtempSync(join(tmpdir(), 'custom-'));
  writeFileSync(join(root, 'a.txt'), '  Hello big World  \nsecond line\n');
  writeFileSync(join(root, 'bad.json'), '{\n  "a": 1,\n  "b": \n}\n');
  writeFileSync(join(root, 'bad.yaml'), 'name: x\n\tindented: y\njust words\n');
  symlinkSync(tmpdir(), join(root, 'escape'));
  const tool = resolveTool(new CustomTool(root))!;
  const run = async (args: Partial<CustomToolParams>) => (await tool.execute(ctx, args as Record<string, unknown>)).output;

  it('should declare its parameters from the @Param class', () => {
    expect(tool.parameters.required).toEqual(['action', 'target']);
    expect(tool.parameters.properties!.mode).toMatchObject({ enum: ['upper', 'lower', 'trim'], default: 'trim' });
  });

  it('should analyze lines, words and chars', async () => {
    expect(await run({ action: 'analyze', target: 'a.txt' })).toEqual({ lines: 2, words: 5, chars: 32 });
  });

  it('should transform to a returned text or into an output file', async () => {
    expect(await run({ action: 'transform', target: 'a.txt', mode: 'upper' })).toEqual({ text: '  HELLO BIG WORLD  \nSECOND LINE\n' });
    expect(await run({ action: 'transform', target: 'a.txt', output: 'out.txt' })).toEqual({ written: 'out.txt', chars: 27 });
    expect(readFileSync(join(root, 'out.txt'), 'utf8')).toBe('Hello big World\nsecond line');
  });

  it('should validate JSON, YAML-ish syntax and trailing whitespace', async () => {
    expect(await run({ action: 'validate', target: 'bad.json' })).toMatchObject({ valid: false, format: 'json', problems: [{ line: 3, message: 'trailing whitespace' }, { line: 4 }] });
    expect(await run({ action: 'validate', target: 'bad.yaml' })).toEqual({
      valid: false,
      format: 'yaml',
      problems: [
        { line: 2, message: 'tab used for indentation (YAML needs spaces)' },
        { line: 3, message: "neither 'key: value' nor a list item" },
      ],
    });
    expect(await run({ action: 'validate', target: 'out.txt' })).toEqual({ valid: true, format: 'text', problems: [] });
  });

  it('should refuse targets outside its root', async () => {
    await expect(run({ action: 'analyze', target: '../x.txt' })).rejects.toThrow('leaves the root');
    await expect(run({ action: 'analyze', target: '/etc/hostname' })).rejects.toThrow('is absolute');
    await expect(run({ action: 'analyze', target: 'escape/whatever' })).rejects.toThrow('outside the root directory through a symlink');
    await expect(run({ action: 'transform', target: 'a.txt', output: 'escape/new.txt' })).rejects.toThrow('through a symlink');
  });
});
