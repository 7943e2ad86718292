import { ToolResult } from '@victor-tools/core';
import { toCallToolResult } from '@victor-tools/mcp';

describe('toCallToolResult', () => {
  it('should give a failed result as isError with its message', () => {
    expect(toCallToolResult(ToolResult.fail("Tool 'x' timed out after 5 ms"))).toEqual({
      isError: true,
      content: [{ type: 'text', text: "Tool 'x' timed out after 5 ms" }],
    });
  });

  it('should give an array output as JSON text without structuredContent', () => {
    expect(toCallToolResult(ToolResult.ok([1, 2]))).toEqual({ content: [{ type: 'text', text: '[1,2]' }] });
  });

  it('should give a null output as the text null', () => {
    expect(toCallToolResult(ToolResult.ok(null))).toEqual({ content: [{ type: 'text', text: 'null' }] });
  });

  it('should not treat class instances as structured content', () => {
    expect(toCallToolResult(ToolResult.ok(new Date(0))).structuredContent).toBeUndefined();
  });

  it('should send structuredContent as a JSON copy, so the transport serializes plain data', () => {
    const output = { when: new Date(0), skip: undefined, n: 1 };
    const result = toCallToolResult(ToolResult.ok(output));
    expect(result.structuredContent).toEqual({ when: '1970-01-01T00:00:00.000Z', n: 1 });
    expect(result.structuredContent).not.toBe(output);
  });

  it('should send no structuredContent for a plain object whose toJSON answers something else than an object', () => {
    const result = toCallToolResult(ToolResult.ok({ toJSON: () => 5 }));
    expect(result).toEqual({ content: [{ type: 'text', text: '5' }] });
  });

  describe('an output JSON cannot carry', () => {
    it('should be a failed result saying why, for a BigInt', () => {
      expect(toCallToolResult(ToolResult.ok({ n: 10n }), { toolName: 'count' })).toEqual({
        isError: true,
        content: [{ type: 'text', text: "Tool 'count' returned an output that cannot be sent as JSON: Do not know how to serialize a BigInt" }],
      });
    });

    it('should be a failed result saying why, for a cycle', () => {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const result = toCallToolResult(ToolResult.ok(circular));
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^The tool returned an output that cannot be sent as JSON: Converting circular structure to JSON/) }]);
    });

    it('should be a failed result saying why, for a throwing toJSON', () => {
      const result = toCallToolResult(ToolResult.ok({ toJSON: () => { throw new Error('no JSON here'); } }), { toolName: 't' });
      expect(result).toEqual({ isError: true, content: [{ type: 'text', text: "Tool 't' returned an output that cannot be sent as JSON: no JSON here" }] });
    });
  });

  describe('maxTextLength', () => {
    it('should cut a long string output and say how much was left out', () => {
      const result = toCallToolResult(ToolResult.ok('x'.repeat(250)), { maxTextLength: 100 });
      // The line saying so counts toward the limit: the whole is at most 100 characters.
      const text = `${'x'.repeat(39)}\n[cut: 211 of 250 characters left out, over the limit of 100]`;
      expect(text).toHaveLength(100);
      expect(result.content).toEqual([{ type: 'text', text }]);
    });

    it('should cut the JSON text of an object and then send no structuredContent', () => {
      const output = { data: 'y'.repeat(300) };
      const result = toCallToolResult(ToolResult.ok(output), { maxTextLength: 200 });
      const text = JSON.stringify(output);
      expect(result).toEqual({ content: [{ type: 'text', text: `${text.slice(0, 139)}\n[cut: 172 of 311 characters left out, over the limit of 200]` }] });
    });

    it('should keep text that fits exactly, with its structuredContent', () => {
      const output = { a: 'b' };
      expect(toCallToolResult(ToolResult.ok(output), { maxTextLength: JSON.stringify(output).length })).toEqual({
        content: [{ type: 'text', text: '{"a":"b"}' }],
        structuredContent: output,
      });
    });

    it('should cut an error message too', () => {
      const result = toCallToolResult(ToolResult.fail('e'.repeat(400)), { maxTextLength: 100 });
      expect(result).toEqual({ isError: true, content: [{ type: 'text', text: `${'e'.repeat(39)}\n[cut: 361 of 400 characters left out, over the limit of 100]` }] });
    });

    it('should not split a surrogate pair at the cut', () => {
      // 4 characters would end inside the first emoji.
      const text = (toCallToolResult(ToolResult.ok(`abc${'😀'.repeat(50)}`), { maxTextLength: 64 }).content[0] as { text: string }).text;
      expect(text).toBe('abc\n[cut: 100 of 103 characters left out, over the limit of 64]');
    });

    it('should leave a text it cut unchanged at a second hop with the same limit, still saying how much the first cut', () => {
      const once = (toCallToolResult(ToolResult.ok('w'.repeat(20_000_000))).content[0] as { text: string }).text;
      expect(once).toHaveLength(1_000_000);
      expect(once.endsWith('\n[cut: 19000075 of 20000000 characters left out, over the limit of 1000000]')).toBe(true);
      expect((toCallToolResult(ToolResult.ok(once)).content[0] as { text: string }).text).toBe(once);
    });

    it('should default to 1,000,000 characters', () => {
      const text = (toCallToolResult(ToolResult.ok('z'.repeat(1_000_001))).content[0] as { text: string }).text;
      expect(text).toBe(`${'z'.repeat(999_927)}\n[cut: 74 of 1000001 characters left out, over the limit of 1000000]`);
    });
  });
});
