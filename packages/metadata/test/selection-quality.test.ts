import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { catalogueTools } from '../../../examples/catalogue';
import { REQUESTS } from './fixtures/requests';

describe('ToolMetadataRegistry', () => {
  describe('search over the example catalogue', () => {
    const registry = new ToolMetadataRegistry();
    registry.refreshFromTools(catalogueTools);
    const outcomes = REQUESTS.map(([request, expected]) => {
      const names = registry.search(request, { limit: 5 }).map((r) => r.name);
      return { request, expected, names, at1: names[0] === expected, at5: names.includes(expected) };
    });
    const recallAt1 = outcomes.filter((o) => o.at1).length / outcomes.length;
    const recallAt5 = outcomes.filter((o) => o.at5).length / outcomes.length;

    it('should have a realistic catalogue of at least 40 tools and 80 requests', () => {
      expect(catalogueTools.length).toBeGreaterThanOrEqual(40);
      expect(REQUESTS.length).toBeGreaterThanOrEqual(80);
      const names = new Set(catalogueTools.map((t) => t.name));
      for (const [, expected] of REQUESTS) expect(names).toContain(expected);
    });

    it('should rank the expected tool first for at least 80% of requests and in the top 5 for 95%', () => {
      const misses = outcomes
        .filter((o) => !o.at1)
        .map((o) => `  ${o.at5 ? 'top-5' : 'MISS '} "${o.request}" -> ${o.expected}; got ${o.names.slice(0, 3).join(', ')}`);
      console.log(
        [
          `selection quality over ${catalogueTools.length} tools and ${outcomes.length} requests:`,
          `recall@1 ${recallAt1.toFixed(3)}, recall@5 ${recallAt5.toFixed(3)}`,
          ...misses,
        ].join('\n'),
      );
      expect(recallAt1).toBeGreaterThanOrEqual(0.8);
      expect(recallAt5).toBeGreaterThanOrEqual(0.95);
    });
  });
});
