import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry, ToolResult, type ToolCallContext } from '@victor-tools/core';
import ts from 'typescript';
import { MAX_FILE_BYTES, MAX_TOTAL_BYTES, codeMetrics, functionComplexities, lineCounts, measurePython, measureSource } from '../src/code-metrics';

const SOURCE = `// a comment line
/* a block
   comment */
export function simple(a: number) {
  return a + 1; // trailing comment
}

export function branchy(a: number, b?: string) {
  if (a > 1 && b) return 1;
  for (const x of [1, 2]) {
    while (x < a) a--;
  }
  switch (a) {
    case 1: return b ?? 'x';
    case 2: return a > 0 ? 'p' : 'n';
    default: return '';
  }
}

const arrow = (x: number) => {
  try { return x || 1; } catch { return 0; }
  const inner = () => (x ? 1 : 2);
};
`;

const PYTHON = `"""Module docstring."""
import os

# a comment line
def simple(a):
    return a + 1  # trailing comment


def branchy(a, b=None):
    if a > 1 and b:
        return 1
    for x in [1, 2]:
        while x < a:
            a -= 1
    try:
        s = "if and or # not a comment"
    except ValueError:
        pass
    return [y for y in range(a) if y] or (b if b else 'x')


class K:
    async def method(self, items):
        def inner(z):
            return z or 0
        return [inner(i) for i in items]
`;

describe('code_metrics', () => {
  describe('functionComplexities', () => {
    const source = ts.createSourceFile('a.ts', SOURCE, ts.ScriptTarget.Latest, true);

    it('should count 1 plus each if, loop, case, catch, ?:, &&, || and ?? per function, nested functions apart', () => {
      expect(functionComplexities(source)).toEqual([
        { name: 'simple', line: 4, complexity: 1 },
        // if, &&, for, while, case, case, ??, ?:
        { name: 'branchy', line: 8, complexity: 9 },
        // catch, ||
        { name: 'arrow', line: 20, complexity: 3 },
        { name: 'inner', line: 22, complexity: 2 },
      ]);
    });
  });

  describe('lineCounts', () => {
    it('should tell code, comment-only and blank lines apart', () => {
      expect(lineCounts(SOURCE)).toEqual({ lines: 23, codeLines: 18, commentLines: 3, blankLines: 2 });
    });

    it('should not take // or /* inside strings, templates or regular expressions for comments', () => {
      const text = "const a = '//x';\nconst b = `/*${a}*/`;\nconst c = /\\/\\//g;\n// real\n";
      expect(lineCounts(text)).toEqual({ lines: 4, codeLines: 3, commentLines: 1, blankLines: 0 });
    });

    it('should count a blank line inside a block comment as a comment line', () => {
      expect(lineCounts('/*\n\n*/\nx;\n\n')).toEqual({ lines: 5, codeLines: 1, commentLines: 3, blankLines: 1 });
    });
  });

  describe('measurePython', () => {
    it('should count lines and the complexity of every def, strings and comments left out of it', () => {
      expect(measurePython(PYTHON)).toEqual({
        lines: 26,
        codeLines: 20,
        commentLines: 1,
        blankLines: 5,
        functions: [
          { name: 'simple', line: 5, complexity: 1 },
          // if, and, for, while, except, comprehension if, or, conditional if (and the comprehension's for)
          { name: 'branchy', line: 9, complexity: 10 },
          // the comprehension's for
          { name: 'method', line: 23, complexity: 2 },
          { name: 'inner', line: 24, complexity: 2 },
        ],
      });
    });

    it('should keep a multi-line call inside its function', () => {
      const text = 'def f(a):\n    g(a,\n  b if a else c)\n    return a\n';
      expect(measurePython(text).functions).toEqual([{ name: 'f', line: 1, complexity: 2 }]);
    });
  });

  describe('measureSource', () => {
    it('should count JSDoc blocks as comment lines', () => {
      expect(measureSource('a.ts', '/**\n * Doc.\n */\nexport const x = 1;\n')).toMatchObject({ codeLines: 1, commentLines: 3 });
    });

    it('should read .js files as JavaScript and .py files as Python', () => {
      expect(measureSource('a.js', 'function f(a) { return a ? 1 : 2; }\n').functions).toEqual([{ name: 'f', line: 1, complexity: 2 }]);
      expect(measureSource('a.py', 'def f(a):\n    return 1 if a else 2\n').functions).toEqual([{ name: 'f', line: 1, complexity: 2 }]);
    });
  });

  describe('execute', () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'metrics-')));
    const dir = join(base, 'root');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    mkdirSync(join(dir, 'node_modules'));
    writeFileSync(join(dir, 'a.ts'), SOURCE);
    writeFileSync(join(dir, 'b.js'), 'function g(x) { if (x) { return 1; } return 2; }\n');
    writeFileSync(join(dir, 'notes.md'), '# not code\n');
    writeFileSync(join(dir, 'sub', 'c.py'), PYTHON);
    writeFileSync(join(dir, 'node_modules', 'dep.js'), 'x;\n');
    writeFileSync(join(base, 'outside.py'), 'secret = 1\n');
    symlinkSync('/dev/zero', join(dir, 'zero.ts'));
    const registry = new ToolRegistry();
    registry.register(codeMetrics);
    const call = (args: Record<string, unknown>, sandbox = dir) => registry.execute('code_metrics', args, { sandbox });

    it("should take the reference's code_metrics(path, metricType = 'all', recursive = true) and metadata", () => {
      expect(codeMetrics.parameters).toMatchObject({
        required: ['path'],
        properties: { path: { format: 'path' }, metricType: { enum: ['loc', 'complexity', 'all'], default: 'all' }, recursive: { type: 'boolean', default: true } },
      });
      // One parameter, one name: the model is offered metricType only.
      expect(Object.keys((codeMetrics.parameters as { properties: object }).properties)).toEqual(['path', 'metricType', 'recursive']);
      expect(codeMetrics.metadata).toMatchObject({
        category: 'analysis',
        stages: ['analysis', 'verification'],
        taskTypes: ['analysis'],
        progressParams: ['path', 'metricType'],
        mandatoryKeywords: ['code metrics', 'cyclomatic complexity'],
      });
    });

    it('should answer { filesAnalyzed, totalLines, complexity, metricsByFile } for .ts, .js and .py files', async () => {
      const result = await call({ path: '.' });
      expect(result).toBeInstanceOf(ToolResult);
      expect(result.success).toBe(true);
      const output = result.output as { filesAnalyzed: number; totalLines: number; complexity: number; metricsByFile: Record<string, unknown> };
      expect(Object.keys(output.metricsByFile)).toEqual(['a.ts', 'b.js', 'sub/c.py']);
      expect(output).toMatchObject({ filesAnalyzed: 3, totalLines: 23 + 1 + 26 });
      expect(output.metricsByFile['a.ts']).toEqual({
        lines: 23,
        codeLines: 18,
        commentLines: 3,
        blankLines: 2,
        complexity: 3.75,
        maxComplexity: 9,
        functions: 4,
        mostComplex: [
          { name: 'branchy', line: 8, complexity: 9 },
          { name: 'arrow', line: 20, complexity: 3 },
          { name: 'inner', line: 22, complexity: 2 },
          { name: 'simple', line: 4, complexity: 1 },
        ],
      });
      // a.ts 3.75, b.js 2, c.py 3.75
      expect(output.complexity).toBe(3.17);
    });

    it('should compute only what metricType asks for, and stay in the directory when recursive is false', async () => {
      const loc = (await call({ path: '.', metricType: 'loc', recursive: false })).output as Record<string, unknown>;
      expect(loc).toEqual({
        filesAnalyzed: 2,
        totalLines: 24,
        complexity: null,
        metricsByFile: { 'a.ts': { lines: 23, codeLines: 18, commentLines: 3, blankLines: 2 }, 'b.js': { lines: 1, codeLines: 1, commentLines: 0, blankLines: 0 } },
      });
      const complexity = (await call({ path: 'b.js', metricType: 'complexity' })).output;
      expect(complexity).toEqual({
        filesAnalyzed: 1,
        totalLines: 1,
        complexity: 2,
        metricsByFile: { 'b.js': { lines: 1, complexity: 2, maxComplexity: 2, functions: 1, mostComplex: [{ name: 'g', line: 1, complexity: 2 }] } },
      });
    });

    it('should refuse the paths of the attack: outside its root, absolute, through a symlink', async () => {
      for (const path of ['/etc/passwd', '/proc/self/environ', '/usr', '../outside.py', 'sub/../../outside.py']) {
        const result = await call({ path });
        expect(result.success).toBe(false);
        expect(result.error).toMatch(/is absolute|leaves the root directory/);
      }
      expect((await call({ path: 'zero.ts' })).error).toContain("Path 'zero.ts' leads outside the root directory through a symlink");
    });

    it('should refuse a file that is not a source file, and one that is not there', async () => {
      expect((await call({ path: 'notes.md' })).error).toContain("File 'notes.md' is not a source file code_metrics measures");
      expect((await call({ path: 'gone.ts' })).error).toContain("Path 'gone.ts' does not exist");
    });

    it('should refuse a FIFO named directly, and skip one met in a directory, without blocking', async () => {
      const fifoDir = join(base, 'fifo');
      mkdirSync(fifoDir);
      execFileSync('mkfifo', [join(fifoDir, 'pipe.ts')]);
      writeFileSync(join(fifoDir, 'ok.ts'), 'x;\n');
      const started = Date.now();
      expect((await call({ path: 'pipe.ts' }, fifoDir)).error).toContain("Path 'pipe.ts' is neither a regular file nor a directory");
      expect((await call({ path: '.' }, fifoDir)).output).toMatchObject({ filesAnalyzed: 1, metricsByFile: { 'ok.ts': { lines: 1 } } });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('should refuse a 40 MB file at once, naming its exact size, and skip it in a directory', async () => {
      const bigDir = join(base, 'big');
      mkdirSync(bigDir);
      writeFileSync(join(bigDir, 'huge.ts'), '');
      truncateSync(join(bigDir, 'huge.ts'), 40 * 1024 * 1024);
      writeFileSync(join(bigDir, 'small.ts'), 'x;\n');
      const started = Date.now();
      expect((await call({ path: 'huge.ts' }, bigDir)).error).toBe(
        `Tool execution failed: File 'huge.ts' is ${40 * 1024 * 1024} bytes, over the limit of ${MAX_FILE_BYTES} per file`,
      );
      const result = await call({ path: '.' }, bigDir);
      expect(result.output).toMatchObject({ filesAnalyzed: 1, metricsByFile: { 'small.ts': { lines: 1 } } });
      expect(result.metadata).toEqual({ skipped: [{ path: 'huge.ts', reason: `${40 * 1024 * 1024} bytes, over the limit of ${MAX_FILE_BYTES} per file` }], skippedCount: 1 });
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('should measure a 1 MiB file, the largest allowed, in well under the 16 s a 10 MB one took', async () => {
      const oneDir = join(base, 'one');
      mkdirSync(oneDir);
      const unit = 'export function f(a: number, b?: string) {\n  if (a > 1 && b) return 1; // c\n  return a ? 2 : 3;\n}\n';
      const text = unit.repeat(Math.floor(MAX_FILE_BYTES / unit.length));
      writeFileSync(join(oneDir, 'big.ts'), text);
      const started = Date.now();
      const result = await call({ path: 'big.ts' }, oneDir);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(result.output).toMatchObject({ filesAnalyzed: 1, totalLines: text.split('\n').length - 1, complexity: 4 });
    });

    it('should stop reading at 8 MiB per call, skipping the files after it', async () => {
      const manyDir = join(base, 'many');
      mkdirSync(manyDir);
      const filler = `${'// filler\n'.repeat(Math.floor(MAX_FILE_BYTES / 10))}`;
      for (let i = 0; i < 9; i++) writeFileSync(join(manyDir, `f${i}.ts`), filler);
      const result = await call({ path: '.', metricType: 'loc' }, manyDir);
      const perFile = Buffer.byteLength(filler);
      const fit = Math.floor(MAX_TOTAL_BYTES / perFile);
      expect((result.output as { filesAnalyzed: number }).filesAnalyzed).toBe(fit);
      expect(result.metadata).toMatchObject({ skippedCount: 9 - fit, skipped: [{ path: `f${fit}.ts`, reason: `over the limit of ${MAX_TOTAL_BYTES} bytes per call` }] });
    });
  });
});
