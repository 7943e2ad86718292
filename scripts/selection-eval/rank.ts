// Runs the rankers of `pnpm eval:selection` over the datasets: every setting
// ranks through the public API of the built packages.
import type { BaseTool } from '@victor-tools/core';
import { ToolMetadataRegistry, resolveMetadata, type Embedder as MetadataEmbedder } from '@victor-tools/metadata';
import { splitWords } from '@victor-tools/metadata/framework';
import { measure, pool, type EvalCategory, type Measures } from './datasets';

/** How many ranked tools are kept per request: enough for recall@5 and a meaningful MRR. */
const DEPTH = 50;

/** A metadata registry of its own (never the process-wide one), with or without an embedder. */
function registryFor(tools: readonly BaseTool[], embedder: MetadataEmbedder | undefined): ToolMetadataRegistry {
  const registry = new ToolMetadataRegistry();
  if (embedder) registry.configure({ embedder });
  registry.refreshFromTools(tools);
  return registry;
}

const ranked = (registry: ToolMetadataRegistry, query: string): string[] => registry.search(query, { limit: DEPTH }).map((r) => r.name);

/** Per request: only that request's candidates are registered. */
export function perRequest(category: EvalCategory, embedder?: MetadataEmbedder): Measures {
  return measure(category.requests.map((r) => ({ ranked: ranked(registryFor(r.tools, embedder), r.query), labels: r.labels })));
}

/** Pooled: every distinct function of the category in one registry. */
export function pooled(category: EvalCategory, embedder?: MetadataEmbedder): Measures {
  const registry = registryFor(category.pool, embedder);
  return measure(category.requests.map((r) => ({ ranked: ranked(registry, r.query), labels: r.labels })));
}

/** One catalogue and its requests. */
export function catalogue(tools: readonly BaseTool[], requests: ReadonlyArray<readonly [string, string]>, embedder?: MetadataEmbedder): Measures {
  const registry = registryFor(tools, embedder);
  return measure(requests.map(([query, label]) => ({ ranked: ranked(registry, query), labels: [label] })));
}

export interface SettingFigures {
  byCategory: Array<{ category: string; measures: Measures }>;
  all: Measures;
}

export function figures(categories: readonly EvalCategory[], run: (c: EvalCategory) => Measures): SettingFigures {
  const byCategory = categories.map((c) => ({ category: c.name, measures: run(c) }));
  return { byCategory, all: pool(byCategory.map((b) => b.measures)) };
}

/**
 * Similarity alone: every tool of the category ranked by the cosine of its
 * vector with the request's (the text embedded for a tool as the metadata
 * registry builds it: name words, description, keywords, use cases), no
 * lexical score. Measures an embedder by itself.
 */
export function similarityAlone(category: EvalCategory, embedder: MetadataEmbedder): Measures {
  const unit = (v: ArrayLike<number>): Float32Array => {
    const out = Float32Array.from(v);
    const norm = Math.hypot(...out) || 1;
    return out.map((x) => x / norm);
  };
  const texts = category.pool.map((tool) => {
    const { metadata } = resolveMetadata(tool);
    return [splitWords(tool.name).join(' '), tool.description, metadata.keywords.join(', '), ...metadata.useCases].filter((p) => p.length > 0).join('. ');
  });
  const tools = (embedder.embed(texts) as ArrayLike<number>[]).map(unit);
  const queries = ((embedder.embedQuery ?? embedder.embed).call(embedder, category.requests.map((r) => r.query)) as ArrayLike<number>[]).map(unit);
  return measure(
    category.requests.map((r, i) => {
      const q = queries[i];
      const ranked = tools
        .map((v, j) => ({ name: category.pool[j].name, sim: v.reduce((sum, x, d) => sum + x * q[d], 0) }))
        .sort((a, b) => b.sim - a.sim)
        .slice(0, DEPTH)
        .map((t) => t.name);
      return { ranked, labels: r.labels };
    }),
  );
}
