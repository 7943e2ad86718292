// The selection datasets and the measures of `pnpm eval:selection`: the BFCL
// development set (outside the repository, ../shared/selection-dev) and the
// example catalogue with its requests.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseTool, ToolResult, type JsonSchema } from '@victor-tools/core';
import { splitWords, stemWord, contentWords } from '@victor-tools/metadata/framework';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/**
 * Where the development set is looked for: $SELECTION_DEV_SET alone when it
 * is set; else shared/ beside the checkout (as CI lays it out), then one
 * level up (a git worktree under a folder of worktrees).
 */
export const BFCL_CANDIDATE_PATHS: readonly string[] = process.env.SELECTION_DEV_SET
  ? [path.resolve(process.env.SELECTION_DEV_SET)]
  : [path.resolve(REPO_ROOT, '..', 'shared', 'selection-dev', 'bfcl.json'), path.resolve(REPO_ROOT, '..', '..', 'shared', 'selection-dev', 'bfcl.json')];

/** The first candidate path that exists, if any. */
export function findBfcl(): string | undefined {
  return BFCL_CANDIDATE_PATHS.find((candidate) => existsSync(candidate));
}

interface BfclFunction {
  name: string;
  description: string;
  parameters?: JsonSchema;
}

export interface EvalRequest {
  readonly id: string;
  readonly query: string;
  /** Names (already mapped to valid tool names) of the tools the request needs. */
  readonly labels: readonly string[];
  /** Its own candidates, for the per-request setting. */
  readonly tools: readonly BaseTool[];
}

export interface EvalCategory {
  readonly name: string;
  readonly requests: readonly EvalRequest[];
  /** Every distinct function of the category (first declaration of a name wins): the pooled setting. */
  readonly pool: readonly BaseTool[];
}

/** A tool made of a name, a description and a parameters schema: all a dataset gives. */
export class DatasetTool extends BaseTool {
  constructor(
    private readonly toolName: string,
    private readonly toolDescription: string,
    private readonly schema: JsonSchema,
  ) {
    super();
  }
  get name(): string {
    return this.toolName;
  }
  get description(): string {
    return this.toolDescription;
  }
  get parameters(): JsonSchema {
    return this.schema;
  }
  async execute(): Promise<ToolResult> {
    return ToolResult.ok(null);
  }
}

/** BFCL names hold dots (`math_toolkit.sum_of_multiples`); tools and labels are mapped alike. */
export function toolName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

function toTool(fn: BfclFunction): BaseTool {
  return new DatasetTool(toolName(fn.name), fn.description ?? '', fn.parameters ?? { type: 'object', properties: {} });
}

/** The BFCL development set by category, or undefined when the file is not there. */
export function loadBfcl(file = findBfcl()): EvalCategory[] | undefined {
  if (file === undefined || !existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    categories: Record<string, Array<{ id: string; q: string; labels: string[]; functions: BfclFunction[] }>>;
  };
  return Object.entries(data.categories).map(([name, rows]) => {
    const pool = new Map<string, BaseTool>();
    const requests = rows.map((row) => {
      const tools = row.functions.map(toTool);
      for (const tool of tools) if (!pool.has(tool.name)) pool.set(tool.name, tool);
      return { id: row.id, query: row.q, labels: [...new Set(row.labels.map(toolName))], tools };
    });
    return { name: name.replace(/^BFCL_v\d+_/, ''), requests, pool: [...pool.values()] };
  });
}

/** Half A or B of a request, by a hash of its id: stable, and unrelated to the request's text. */
export function halfOf(id: string): 'A' | 'B' {
  return createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'A' : 'B';
}

/** The categories with only the requests of one half (the pool stays whole): tune on one, check on the other. */
export function half(categories: readonly EvalCategory[], which: 'A' | 'B'): EvalCategory[] {
  return categories.map((c) => ({ ...c, requests: c.requests.filter((r) => halfOf(r.id) === which) }));
}

const EMPTY_SCHEMA: JsonSchema = { type: 'object', properties: {} };

/**
 * The same requests with every tool's parameters dropped: name and
 * description only, like catalogues whose schemas say little (plugins, thin
 * MCP servers). Tuning on both keeps the ranking from leaning on schemas.
 */
export function withoutParameters(categories: readonly EvalCategory[]): EvalCategory[] {
  const bare = new Map<BaseTool, BaseTool>();
  const strip = (tool: BaseTool): BaseTool => {
    let copy = bare.get(tool);
    if (!copy) bare.set(tool, (copy = new DatasetTool(tool.name, tool.description, EMPTY_SCHEMA)));
    return copy;
  };
  return categories.map((c) => ({
    name: c.name,
    pool: c.pool.map(strip),
    requests: c.requests.map((r) => ({ ...r, tools: r.tools.map(strip) })),
  }));
}

/**
 * The same requests with every word removed whose stem is in the name or
 * description of a tool the request needs: what is left shares no word with
 * the right tool, so only meaning can route it (as synonyms, paraphrases and
 * related concepts do: 'umbrella' for a weather tool). Harsh: the removed
 * words are often the request's subject ('What is the capital of Brazil?'
 * keeps 'What is Brazil?'). Requests with no content word left are dropped.
 * Meant for the catalogues without schemas (parameters could still match).
 */
export function withoutSharedWords(categories: readonly EvalCategory[]): EvalCategory[] {
  return categories.map((c) => {
    const byName = new Map(c.pool.map((t) => [t.name, t]));
    const requests = c.requests.flatMap((r) => {
      const stems = new Set<string>();
      for (const label of r.labels) {
        const tool = byName.get(label);
        if (tool) for (const word of splitWords(`${tool.name} ${tool.description}`)) stems.add(stemWord(word));
      }
      const query = r.query
        .split(/(\s+)/)
        .map((chunk) => {
          const words = splitWords(chunk);
          return words.some((w) => stems.has(stemWord(w))) ? words.filter((w) => !stems.has(stemWord(w))).join(' ') : chunk;
        })
        .join('');
      return contentWords(query).length > 0 ? [{ ...r, query }] : [];
    });
    return { ...c, requests };
  });
}

// Written for this check, before any measurement, as a user might pad a request.
const FILLER = [
  "Hi there! I'm working on something and could use your help.",
  "I've been trying to figure this out for a while now.",
  'Could you provide me with specific details and some recommendations?',
  'Thanks in advance, I really appreciate any information you can give me.',
  "I'm planning ahead and want to make sure I have everything I need.",
  'Let me know if you need more details from me.',
  'It would be great if you could look into this for me as soon as possible.',
  "I'm not sure what the best way to go about this is, so any suggestions are welcome.",
];

/**
 * The same requests between two sentences of filler (chosen by the request's
 * position, deterministically): long requests pile up words that say nothing
 * of the tool ('provide', 'specific', 'recommendations'), which a small
 * catalogue's idf rates high. A stress check written here, not real requests.
 */
export function withFiller(categories: readonly EvalCategory[]): EvalCategory[] {
  return categories.map((c) => ({
    ...c,
    requests: c.requests.map((r, i) => ({ ...r, query: `${FILLER[i % FILLER.length]} ${r.query} ${FILLER[(i * 5 + 3) % FILLER.length]}` })),
  }));
}

/** recall@1/@3/@5 and MRR over a set of requests. */
export interface Measures {
  n: number;
  recallAt1: number;
  recallAt3: number;
  recallAt5: number;
  mrr: number;
}

/**
 * recall@k is capped: the share of a request's labels found in its top k,
 * out of min(k, labels) (a request needing two tools is fully recalled at 1
 * when one of them comes first), averaged over requests; MRR is the
 * reciprocal rank of the first label (0 when none is ranked).
 */
export function measure(outcomes: ReadonlyArray<{ ranked: readonly string[]; labels: readonly string[] }>): Measures {
  const sums = { r1: 0, r3: 0, r5: 0, mrr: 0 };
  for (const { ranked, labels } of outcomes) {
    const wanted = new Set(labels);
    const recall = (k: number): number => ranked.slice(0, k).filter((n) => wanted.has(n)).length / Math.min(k, wanted.size);
    sums.r1 += recall(1);
    sums.r3 += recall(3);
    sums.r5 += recall(5);
    const first = ranked.findIndex((n) => wanted.has(n));
    sums.mrr += first < 0 ? 0 : 1 / (first + 1);
  }
  const n = outcomes.length || 1;
  return { n: outcomes.length, recallAt1: sums.r1 / n, recallAt3: sums.r3 / n, recallAt5: sums.r5 / n, mrr: sums.mrr / n };
}

/** Request-weighted mean of several measures. */
export function pool(all: readonly Measures[]): Measures {
  const n = all.reduce((s, m) => s + m.n, 0) || 1;
  const mean = (key: keyof Measures): number => all.reduce((s, m) => s + m[key] * m.n, 0) / n;
  return { n: all.reduce((s, m) => s + m.n, 0), recallAt1: mean('recallAt1'), recallAt3: mean('recallAt3'), recallAt5: mean('recallAt5'), mrr: mean('mrr') };
}
