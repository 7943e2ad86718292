import { ToolMetadataRegistry, type Embedder } from '@victor-tools/metadata';
import { TestTool } from './fixtures/tools';

// Deterministic vectors: one axis per topic, counting the topic's words in the text.
const TOPICS = ['weather rain', 'email', 'invoice', 'file', 'stock', 'river', 'music song'].map((t) => t.split(' '));
function topicVector(text: string): number[] {
  const words = text.toLowerCase().split(/[^a-z]+/);
  return TOPICS.map((topic) => words.filter((w) => topic.includes(w)).length);
}
const topicEmbedder = (): Embedder & { texts: number } => {
  const embedder = {
    texts: 0,
    embed(texts: string[]) {
      embedder.texts += texts.length;
      return texts.map(topicVector);
    },
  };
  return embedder;
};

describe('ToolMetadataRegistry', () => {
  describe('search with an embedder', () => {
    it('should find the most similar tool among thousands without a word in common (the coarse index path)', () => {
      const tools = Array.from({ length: 5000 }, (_, i) => new TestTool(`tool_${i}`, `Handles ${TOPICS[i % 6][0]} number ${i}.`));
      tools.push(new TestTool('musical', 'Plays music.'));
      const registry = new ToolMetadataRegistry().configure({ embedder: topicEmbedder() });
      registry.refreshFromTools(tools);
      const [first] = registry.search('a song please', { limit: 3 });
      expect(first.name).toBe('musical');
    });

    it('should keep the lexical ranking when the request has no vector (no word the embedder knows)', () => {
      const registry = new ToolMetadataRegistry().configure({ embedder: topicEmbedder() });
      registry.refreshFromTools([new TestTool('read_log', 'Read a log.'), new TestTool('send_mail', 'Send an email.')]);
      const lexical = new ToolMetadataRegistry();
      lexical.refreshFromTools([new TestTool('read_log', 'Read a log.'), new TestTool('send_mail', 'Send an email.')]);
      expect(registry.search('read the log')).toEqual(lexical.search('read the log'));
    });

    it("should give an embedder at most a request's first 8,000 characters, and lexical search the whole of it", async () => {
      const seen: string[] = [];
      const registry = new ToolMetadataRegistry().configure({
        embedder: {
          embed: async (texts: string[]) => {
            seen.push(...texts);
            return texts.map(topicVector);
          },
        },
      });
      registry.refreshFromTools([new TestTool('forecast', 'Weather for a city.'), new TestTool('send_mail', 'Send an email.')]);
      // 😀 (two UTF-16 units) straddles the cut: it is dropped whole, never split.
      const request = 'rain '.repeat(1_599) + 'xxxx😀' + ' email'.repeat(20_000);
      const [first] = await registry.searchAsync(request);
      const asked = seen.filter((text) => text.startsWith('rain rain'));
      expect(asked.map((text) => text.length)).toEqual([7_999]);
      expect(asked[0].endsWith('rain xxxx')).toBe(true);
      // The 20,000 'email' words past the cut still count lexically.
      expect(first.name).toBe('send_mail');
    });

    it('should not call the embedder for a query of stop words only', () => {
      const embedder = topicEmbedder();
      const registry = new ToolMetadataRegistry().configure({ embedder });
      registry.refreshFromTools([new TestTool('send_mail', 'Send an email.')]);
      expect(registry.search('the of and')).toEqual([]);
      expect(embedder.texts).toBe(0);
    });

    it('should use the vectors of an asynchronous embedder in search() once they have arrived', async () => {
      const registry = new ToolMetadataRegistry().configure({ embedder: { embed: async (texts: string[]) => texts.map(topicVector) } });
      registry.refreshFromTools([new TestTool('forecast', 'Weather for a city.'), new TestTool('send_mail', 'Send an email.')]);
      expect(registry.search('rain weather')[0].name).toBe('forecast');
      expect(registry.search('rain')).toEqual([]);
      await registry.searchAsync('rain');
      expect(registry.search('rain')[0].name).toBe('forecast');
    });

    describe('when the words of a request match weakly', () => {
      // Twenty tools, one per topic word and some without: 'report' is one tool's word only.
      const catalogue = (): TestTool[] => [
        new TestTool('forecast', 'Weather for a city.'),
        new TestTool('file_report', 'Write a report of a file.'),
        ...Array.from({ length: 18 }, (_, i) => new TestTool(`tool_${i}`, `Handles ${TOPICS[1 + (i % 6)][0]} number ${i}.`)),
      ];
      const searchWith = (request: string): string[] => {
        const registry = new ToolMetadataRegistry().configure({ embedder: topicEmbedder() });
        registry.refreshFromTools(catalogue());
        return registry.search(request, { limit: 3 }).map((r) => r.name);
      };

      it('should rank first the tool the request means over one that shares a single word with it', () => {
        // 'report' names file_report; 'rain' is about the forecast, which has no word of the request.
        expect(searchWith('will it rain on the day of my report')[0]).toBe('forecast');
      });

      it('should keep the tool whose rare words the request names first', () => {
        // Two words only file_report holds ('report', 'write') are a strong lexical match.
        expect(searchWith('write a report, rain or not')[0]).toBe('file_report');
      });
    });

    it('should refuse an answer that is not an array of vectors', () => {
      const registry = new ToolMetadataRegistry().configure({ embedder: { embed: () => 'nope' as never } });
      registry.refreshFromTools([new TestTool('send_mail', 'Send an email.')]);
      expect(() => registry.search('email')).toThrow(/must answer an array of vectors \(number\[\]\[\] or Float32Array\[\]\), got a string/);
      registry.configure({ embedder: { embed: (texts) => texts.map(() => 'x' as never) } });
      expect(() => registry.search('email')).toThrow(/not a vector/);
    });
  });
});
