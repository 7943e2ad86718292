import stringWidth from 'string-width';
import { run } from '@victor-tools/cli';
import type { OutputStream } from '../src/io';
import { supportsColor } from '../src/style';
import { runCli } from './support/run-cli';

describe('tables', () => {
  it('should fit the width of the terminal, wrapping the widest column', async () => {
    const natural = await runCli(['search', 'repeat', 'message', 'enable', 'tool']);
    expect(Math.max(...natural.stdout.trimEnd().split('\n').map((l) => stringWidth(l)))).toBeGreaterThan(80);
    const { code, stdout } = await runCli(['search', 'repeat', 'message', 'enable', 'tool'], { columns: 80 });
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(Math.max(...lines.map((l) => stringWidth(l)))).toBeLessThanOrEqual(80);
    expect(lines.length).toBeGreaterThan(natural.stdout.trimEnd().split('\n').length);
    // The short columns keep their text whole.
    expect(stdout).toContain('│ set_tool_enabled │');
    expect(stdout.replace(/[│\s]+/g, ' ')).toContain("matched 'enable' in name, keywords, description, parameters; matched 'tool' in name");
  });

  it("should take the terminal's width from a TTY stdout", async () => {
    let out = '';
    const stdout = { write: (t: string) => (out += t), isTTY: true, columns: 60, hasColors: () => false };
    const code = await run(['search', 'repeat', 'message', 'enable', 'tool'], { stdout, stderr: { write: () => true }, env: {} });
    expect(code).toBe(0);
    expect(Math.max(...out.trimEnd().split('\n').map((l) => stringWidth(l)))).toBeLessThanOrEqual(60);
  });

  it('should keep the natural width when stdout is not a terminal', async () => {
    const { stdout } = await runCli(['list']);
    expect(stdout.split('\n')[1]).toBe('│ name             │ tier │ access   │ category │ enabled │');
  });
});

describe('colour', () => {
  it('should make the header bold and error: red with FORCE_COLOR', async () => {
    const list = await runCli(['list'], { env: { FORCE_COLOR: '1' } });
    expect(list.stdout.split('\n')[1]).toBe('│ \u001b[1mname\u001b[22m             │ \u001b[1mtier\u001b[22m │ \u001b[1maccess\u001b[22m   │ \u001b[1mcategory\u001b[22m │ \u001b[1menabled\u001b[22m │');
    const failed = await runCli(['call', 'echo', '{}'], { env: { FORCE_COLOR: '1' } });
    expect(failed.stderr.startsWith('\u001b[31merror:\u001b[39m ')).toBe(true);
    expect(failed.stdout).not.toContain('\u001b[');
  });

  it('should print no escape codes with NO_COLOR, or to a pipe', async () => {
    for (const env of [{ NO_COLOR: '1' }, {}]) {
      const { stdout, stderr } = await runCli(['call', 'echo', '{}'], { env });
      expect(stdout + stderr).not.toContain('\u001b[');
    }
  });

  describe('supportsColor', () => {
    const tty = (colors: boolean): OutputStream => ({ write: () => true, isTTY: true, hasColors: () => colors });
    const pipe: OutputStream = { write: () => true };

    it.each<[string, OutputStream, Record<string, string>, boolean]>([
      ['a terminal with colours', tty(true), {}, true],
      ['a terminal without colours', tty(false), {}, false],
      ['a pipe', pipe, {}, false],
      ['NO_COLOR on a terminal', tty(true), { NO_COLOR: '1' }, false],
      ['an empty NO_COLOR', tty(true), { NO_COLOR: '' }, true],
      ['FORCE_COLOR on a pipe', pipe, { FORCE_COLOR: '1' }, true],
      ['FORCE_COLOR over NO_COLOR', pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
      ['FORCE_COLOR=0 on a terminal', tty(true), { FORCE_COLOR: '0' }, false],
      ['FORCE_COLOR=false', tty(true), { FORCE_COLOR: 'false' }, false],
      ['TERM=dumb on a terminal without hasColors', { write: () => true, isTTY: true }, { TERM: 'dumb' }, false],
    ])('should decide for %s', (_what, stream, env, expected) => {
      expect(supportsColor(stream, env)).toBe(expected);
    });
  });
});
