// The coarse index of large catalogues (past 4,096 tools): a query takes about
// what it wants, even when k-means cannot part the rows (one template's tools).
import { CoarseIndex } from '../src/embedding/coarse-index';
import { ToolMetadataRegistry, type Embedder } from '@victor-tools/metadata';
import { TestTool } from './fixtures/tools';

const DIMENSIONS = 8;

/** `rows` unit vectors, all the same but every `distinctEvery`-th, which points elsewhere. */
function rowsOf(rows: number, vector: (row: number) => number[]): Float32Array {
  const data = new Float32Array(rows * DIMENSIONS);
  for (let row = 0; row < rows; row++) {
    const v = vector(row);
    const norm = Math.hypot(...v);
    v.forEach((x, d) => (data[row * DIMENSIONS + d] = x / norm));
  }
  return data;
}

describe('CoarseIndex', () => {
  it('should hand a query about what it wants of 10,000 identical rows, not the one group holding them all', () => {
    const rows = 10_000;
    const index = new CoarseIndex(rowsOf(rows, () => [1, 1, 1, 1, 1, 1, 1, 1]), rows, DIMENSIONS);
    const query = Float32Array.from({ length: DIMENSIONS }, () => Math.SQRT1_2 / 2);
    const wanted = rows / 8;
    // Groups are at most twice the mean size (100 rows here): the last one taken overshoots by less.
    const taken = index.candidates(query, wanted);
    expect(taken.length).toBeGreaterThanOrEqual(wanted);
    expect(taken.length).toBeLessThan(wanted + 200);
    // Every row is in exactly one group.
    const all = [...index.candidates(query, Infinity)].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: rows }, (_, i) => i));
  });

  it('should keep the groups k-means found on varied rows', () => {
    const rows = 5_000;
    // Eight clusters, one per axis.
    const index = new CoarseIndex(rowsOf(rows, (row) => Array.from({ length: DIMENSIONS }, (_, d) => (d === row % DIMENSIONS ? 1 : 0.01 * ((row * 7 + d) % 5)))), rows, DIMENSIONS);
    const query = Float32Array.from({ length: DIMENSIONS }, (_, d) => (d === 3 ? 1 : 0));
    const taken = index.candidates(query, rows / 8);
    // The nearest groups are the rows of axis 3.
    expect([...taken].filter((row) => row % DIMENSIONS === 3).length / taken.length).toBeGreaterThan(0.9);
  });
});

describe('semantic search over near-identical tools', () => {
  it('should still find the one tool that differs among 10,000 of one template', () => {
    // Every template tool has the same vector; 'musical' points elsewhere.
    const embedder: Embedder = { embed: (texts) => texts.map((text) => (/music|song/.test(text.toLowerCase()) ? [0, 1, 0.1] : [1, 0.05, 0.1])) };
    const tools = Array.from({ length: 10_000 }, (_, i) => new TestTool(`tool_${i}`, `Tool number ${i} handles widget${i % 50} and gadget${i % 97} tasks.`));
    tools.push(new TestTool('musical', 'Plays music.'));
    const registry = new ToolMetadataRegistry().configure({ embedder });
    registry.refreshFromTools(tools);
    expect(registry.search('a song please', { limit: 3 })[0].name).toBe('musical');
  });
});
