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

  it('should fall back to String() for an output JSON cannot carry', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(toCallToolResult(ToolResult.ok(10n)).content).toEqual([{ type: 'text', text: '10' }]);
    expect(toCallToolResult(ToolResult.ok(circular)).content).toEqual([{ type: 'text', text: '[object Object]' }]);
  });

  it('should not treat class instances as structured content', () => {
    expect(toCallToolResult(ToolResult.ok(new Date(0))).structuredContent).toBeUndefined();
  });
});
