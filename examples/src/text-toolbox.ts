import { Type } from '@sinclair/typebox';
import { Tool } from '@victor-tools/decorators';

const TextParams = Type.Object({ text: Type.String({ description: 'The text to look at' }) }, { additionalProperties: false });

const WordCountParams = Type.Object(
  {
    text: Type.String({ description: 'The text to count in' }),
    top: Type.Optional(Type.Integer({ description: 'How many of the most frequent words to list', minimum: 1, maximum: 100, default: 5 })),
  },
  { additionalProperties: false },
);

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
}

/** A toolbox: one class, two method tools. */
export class TextToolbox {
  @Tool({
    name: 'text_stats',
    description: 'Count the characters, words, lines and sentences of a text, and its average word length.',
    params: TextParams,
    category: 'text',
    accessMode: 'readonly',
    executionCategory: 'compute',
  })
  textStats({ text }: { text: string }) {
    const all = words(text);
    return {
      chars: text.length,
      words: all.length,
      lines: text === '' ? 0 : text.split('\n').length,
      sentences: (text.match(/[.!?]+(\s|$)/g) ?? []).length,
      averageWordLength: all.length === 0 ? 0 : Number((all.reduce((n, w) => n + w.length, 0) / all.length).toFixed(2)),
    };
  }

  @Tool({
    name: 'word_count',
    description: 'Count the words of a text and list the most frequent ones.',
    params: WordCountParams,
    category: 'text',
    accessMode: 'readonly',
    executionCategory: 'compute',
  })
  wordCount({ text, top = 5 }: { text: string; top?: number }) {
    const counts = new Map<string, number>();
    for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
    const frequent = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, top);
    return { total: [...counts.values()].reduce((n, c) => n + c, 0), distinct: counts.size, top: frequent.map(([word, count]) => ({ word, count })) };
  }
}
