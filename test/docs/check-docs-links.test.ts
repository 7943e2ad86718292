// The link check CI runs on the API reference (scripts/check-docs-links.mjs),
// over a small reference written here: what it must refuse, and what it must let pass.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'check-docs-links.mjs');
const BLOB = 'https://github.com/victor-tools/victor-tools/blob/main';

async function check(pages: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
  try {
    for (const [name, html] of Object.entries(pages)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), html);
    }
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, dir]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('scripts/check-docs-links.mjs', () => {
  it('should pass a reference whose links all resolve', async () => {
    const result = await check({
      'index.html': `<a href="classes/A.html#run">run</a> <a href="#top">top</a> <h1 id="top">x</h1> <a href="https://typedoc.org/">TypeDoc</a>`,
      'classes/A.html': `<h3 id="run">run</h3> Defined in <a href="${BLOB}/packages/core/src/index.ts#L1">packages/core/src/index.ts:1</a> <a href="../index.html">back</a>`,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^5 links in 2 pages of .+: none broken\.\n$/);
  });

  it('should refuse a missing page, a missing anchor, a source link that leaves the repository or its file, and a word made a link', async () => {
    const result = await check({
      'index.html': [
        '<a href="classes/Missing.html">gone</a>',
        '<a href="classes/A.html#nowhere">nowhere</a>',
        `<a href="${BLOB}/src/index.ts#L3">src/index.ts:3</a>`,
        `<a href="${BLOB}/node_modules/.pnpm/typescript@5.9.3/node_modules/typescript/lib/lib.es5.d.ts#L1077">lib</a>`,
        `<a href="${BLOB}/package.json#L100000">package.json:100000</a>`,
        '<a href="http://BENCHMARKS.md">BENCHMARKS.md</a>',
      ].join('\n'),
      'classes/A.html': '<h3 id="run">run</h3>',
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n').slice(1).map((line) => line.trim().replace(/^.*?index\.html: /, ''));
    expect(lines).toEqual([
      'a link to classes/Missing.html, which is not in the reference',
      'a link to #nowhere on classes/A.html, which has no such anchor',
      'a source link to src/index.ts, which is not a file of the repository',
      'a source link into node_modules (node_modules/.pnpm/typescript@5.9.3/node_modules/typescript/lib/lib.es5.d.ts), which the repository does not hold',
      expect.stringMatching(/^a source link to line 100000 of package\.json, which has \d+ lines$/),
      "the word 'BENCHMARKS.md' became a link to http://BENCHMARKS.md (write it as code, or link the file)",
    ]);
    expect(result.stderr.split('\n')[0]).toMatch(/^6 broken link\(s\) of 6 in /);
  });
});
