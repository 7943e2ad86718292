import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolResult, type ToolCallContext } from '@victor-tools/core';
import { codeMetrics, functionComplexities, lineCounts, measureSource } from '../src/code-metrics';
import ts from 'typescript';

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
  });

  describe('measureSource', () => {
    it('should count JSDoc blocks as comment lines', () => {
      expect(measureSource('a.ts', '/**\n * Doc.\n */\nexport const x = 1;\n')).toMatchObject({ codeLines: 1, commentLines: 3 });
    });

    it('should read .js files as JavaScript', () => {
      expect(measureSource('a.js', 'function f(a) { return a ? 1 : 2; }\n').functions).toEqual([{ name: 'f', line: 1, complexity: 2 }]);
    });
  });

  describe('execute', () => {
    it('should measure every .ts/.js file of a directory', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'metrics-'));
      writeFileSync(join(dir, 'a.ts'), SOURCE);
      writeFileSync(join(dir, 'b.js'), 'function g(x) { if (x) { return 1; } return 2; }\n');
      writeFileSync(join(dir, 'notes.md'), '# not code\n');
      const result = await codeMetrics.execute({} as ToolCallContext, { path: dir });
      expect(result).toBeInstanceOf(ToolResult);
      const output = result.output as { files: { file: string }[]; totals: Record<string, number> };
      expect(output.files.map((f) => f.file.split('/').pop())).toEqual(['a.ts', 'b.js']);
      expect(output.totals).toEqual({ files: 2, codeLines: 19, commentLines: 3, functions: 5, maxComplexity: 9 });
    });
  });
});
