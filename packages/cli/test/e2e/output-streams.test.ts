import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBin } from '../support/spawn-serve';

// The built `victor-tools`: data on stdout only (what a tool or a tools file prints with
// console.log is a log, on stderr), and a tools file that fails to load named with its reason.
jest.setTimeout(60_000);

const TOOLS = join(__dirname, '..', 'fixtures', 'tools');
const NO_COLOR = { NO_COLOR: '1', FORCE_COLOR: undefined };

describe('victor-tools output streams', () => {
  it("should keep call's stdout one ToolResult JSON when the tool console.logs, the line going to stderr", async () => {
    const ran = await runBin(['call', 'log_line', '{"text": "a stray console.log line"}', '--tools', TOOLS], NO_COLOR);
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ success: true, output: 'logged' });
    expect(ran.stderr).toContain('a stray console.log line');
  });

  describe('a tools file that fails to load', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'victor-cli-load-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('should name a file that throws null, and say so, exit 1', async () => {
      writeFileSync(join(dir, 'nothing.js'), 'throw null;');
      const ran = await runBin(['list', '--tools', dir], NO_COLOR);
      expect(ran.code).toBe(1);
      expect(ran.stderr).toBe(`error: Could not load the tools in '${dir}': 'nothing.js' threw while loading: null\n`);
    });

    it('should give every line of the reason, a second line carrying it', async () => {
      writeFileSync(join(dir, 'two.js'), "throw new Error('Transform failed with 1 error:\\ntwo.js:1:1: ERROR: the real reason');");
      const ran = await runBin(['list', '--tools', dir], NO_COLOR);
      expect(ran.code).toBe(1);
      expect(ran.stderr).toBe(`error: Could not load the tools in '${dir}': 'two.js' threw while loading: Transform failed with 1 error:\ntwo.js:1:1: ERROR: the real reason\n`);
    });
  });
});
