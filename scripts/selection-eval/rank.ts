// Runs the rankers of `pnpm eval:selection` over the datasets: every setting
// ranks through the public API of the built packages.
import type { BaseTool } from '@victor-tools/core';
import { ToolMetadataRegistry, type Embedder as MetadataEmbedder } from '@victor-tools/metadata';
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
