// Embedders and tools for the tests of search with an embedder (metadata's
// and test/spec's): a deterministic embedder with one axis per concept.
import { AccessMode } from '@victor-tools/core';
import type { Embedder } from '@victor-tools/metadata';
import { TestTool } from '../../../../test/support/tools';

/** The concepts: one axis each. */
export const CONCEPTS: ReadonlyArray<readonly string[]> = [
  ['weather', 'forecast', 'rain', 'umbrella', 'sunny'],
  ['email', 'mail', 'inbox', 'message'],
  ['file', 'files', 'folder', 'document'],
];

/** A deterministic embedder: a text's vector counts its words of each concept; it records what it embedded. */
export class ConceptEmbedder implements Embedder {
  readonly calls: string[][] = [];
  embed(texts: string[]): number[][] {
    this.calls.push([...texts]);
    return texts.map((text) => {
      const words = text.toLowerCase().split(/[^a-z]+/);
      return CONCEPTS.map((concept) => words.filter((w) => concept.includes(w)).length);
    });
  }
  get embedded(): string[] {
    return this.calls.flat();
  }
}

/** The same vectors, answered after 5 ms. */
export class AsyncConceptEmbedder implements Embedder {
  private readonly inner = new ConceptEmbedder();
  calls = 0;
  embed(texts: string[]): Promise<number[][]> {
    this.calls += 1;
    return new Promise((resolve) => setTimeout(() => resolve(this.inner.embed(texts)), 5));
  }
}

/** A weather, a mail and a file tool, one concept each. */
export function conceptTools(): TestTool[] {
  return [
    new TestTool({ name: 'get_forecast', description: 'Weather forecast for a city.', metadata: { keywords: ['forecast'], accessMode: AccessMode.NETWORK } }),
    new TestTool({ name: 'send_mail', description: 'Send an email message.', metadata: { keywords: ['email'], accessMode: AccessMode.NETWORK } }),
    new TestTool({ name: 'list_files', description: 'List the files of a folder.', metadata: { keywords: ['file', 'list'], accessMode: AccessMode.READONLY } }),
  ];
}

/** The names of search results, in order. */
export const names = (results: Array<{ name: string }>): string[] => results.map((r) => r.name);
