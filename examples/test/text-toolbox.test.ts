import type { ToolCallContext } from '@victor-tools/core';
import { toolsOfInstance } from '@victor-tools/decorators';
import { TextToolbox } from '../src/text-toolbox';

const ctx = {} as ToolCallContext;

describe('TextToolbox', () => {
  const [stats, count] = toolsOfInstance(new TextToolbox());

  it('should hold two method tools', () => {
    expect([stats!.name, count!.name]).toEqual(['text_stats', 'word_count']);
  });

  describe('text_stats', () => {
    it('should count chars, words, lines and sentences', async () => {
      expect((await stats!.execute(ctx, { text: 'One two. Three!\nFour' })).output).toEqual({
        chars: 20,
        words: 4,
        lines: 2,
        sentences: 2,
        averageWordLength: 3.75,
      });
    });
  });

  describe('word_count', () => {
    it('should count words case-insensitively and list the most frequent', async () => {
      expect((await count!.execute(ctx, { text: 'the cat and The hat', top: 2 })).output).toEqual({
        total: 5,
        distinct: 4,
        top: [
          { word: 'the', count: 2 },
          { word: 'and', count: 1 },
        ],
      });
    });
  });
});
