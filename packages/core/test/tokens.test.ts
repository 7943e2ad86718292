import { estimateTokens, SchemaLevel } from '@victor-tools/core';
import { tool } from '../../../test/support/tools';

const readFileTool = () =>
  tool({
    name: 'read_file',
    description: 'Read a text file.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: 'integer', minimum: 1, default: 100, description: 'Maximum number of lines to return.' } },
      required: ['path'],
    },
  });

const charsOver4 = (value: unknown) => Math.ceil(JSON.stringify(value).length / 4);

describe('estimateTokens', () => {
  it('should count o200k_base tokens of the serialized value ("hello world" is 2 tokens, plus 2 quotes)', () => {
    expect(estimateTokens('hello world')).toBe(4);
  });

  it('should count a fixed tool schema exactly', () => {
    const schema = {
      type: 'function',
      function: {
        name: 'read_file',
        description: 'Read a file.',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
    };
    expect(JSON.stringify(schema)).toHaveLength(171);
    expect(estimateTokens(schema)).toBe(39);
  });

  it('should not be characters divided by four', () => {
    const spaces = ' '.repeat(40);
    const digits = '1234567890'.repeat(4);
    expect(charsOver4(spaces)).toBe(charsOver4(digits));
    expect(estimateTokens(spaces)).toBe(3);
    expect(estimateTokens(digits)).toBe(16);
  });

  it('should treat special-token look-alikes as plain text instead of throwing', () => {
    expect(estimateTokens({ description: 'Stops at <|endoftext|>.' })).toBeGreaterThan(5);
  });

  it('should count undefined as 0 and refuse a cyclic value with a TypeError', () => {
    expect(estimateTokens(undefined)).toBe(0);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => estimateTokens(cyclic)).toThrow(TypeError);
  });

  it('should shrink from FULL to COMPACT to STUB for a tool with optional parameters', () => {
    const readFile = readFileTool();
    const full = estimateTokens(readFile.toSchema(SchemaLevel.FULL));
    expect(full).toBe(estimateTokens(readFile.toJSONSchema()));
    const compact = estimateTokens(readFile.toSchema(SchemaLevel.COMPACT));
    expect(compact).toBeLessThan(full);
    expect(estimateTokens(readFile.toSchema(SchemaLevel.STUB))).toBeLessThan(compact);
  });

  it('should load the tokenizer from its CommonJS build', () => {
    expect(require.resolve('gpt-tokenizer/encoding/o200k_base')).toMatch(/[\\/]cjs[\\/]encoding[\\/]o200k_base\.js$/);
  });
});
