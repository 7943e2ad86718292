// SPEC section 2: ToolResult and ToolValidationResult.
import { ToolResult, ToolValidationResult } from '@victor-tools/core';

describe('ToolResult', () => {
  it('should throw a TypeError when success is not a boolean', () => {
    expect(() => new ToolResult({ success: 'yes' as never })).toThrow(TypeError);
    expect(() => new ToolResult({ success: 1 as never })).toThrow(TypeError);
    expect(() => new ToolResult({} as never)).toThrow(TypeError);
  });

  it('should keep the four fields given to the constructor', () => {
    const r = new ToolResult({ success: false, output: 'o', error: 'e', metadata: { a: 1 } });
    expect(r).toBeInstanceOf(ToolResult);
    expect([r.success, r.output, r.error, r.metadata]).toEqual([false, 'o', 'e', { a: 1 }]);
  });

  describe('ok', () => {
    it('should build a success with output and optional metadata', () => {
      const r = ToolResult.ok(42, { took: 3 });
      expect(r.success).toBe(true);
      expect(r.output).toBe(42);
      expect(r.error).toBeUndefined();
      expect(r.metadata).toEqual({ took: 3 });
    });
  });

  describe('fail', () => {
    it('should build a failure with error and optional metadata', () => {
      const r = ToolResult.fail('boom', { code: 7 });
      expect(r.success).toBe(false);
      expect(r.error).toBe('boom');
      expect(r.metadata).toEqual({ code: 7 });
    });
  });

  describe('JSON.stringify', () => {
    it('should give exactly success and output for ok(1)', () => {
      expect(JSON.stringify(ToolResult.ok(1))).toBe('{"success":true,"output":1}');
    });
    it('should include metadata when present', () => {
      expect(JSON.parse(JSON.stringify(ToolResult.ok('x', { a: 1 })))).toEqual({ success: true, output: 'x', metadata: { a: 1 } });
    });
    it('should include error and leave metadata out on a failure without metadata', () => {
      const json = JSON.parse(JSON.stringify(ToolResult.fail('nope')));
      expect(json.success).toBe(false);
      expect(json.error).toBe('nope');
      expect('metadata' in json).toBe(false);
      expect(Object.keys(json).every((k) => ['success', 'output', 'error', 'metadata'].includes(k))).toBe(true);
    });
    it('should carry no field besides the four', () => {
      const json = JSON.parse(JSON.stringify(new ToolResult({ success: true, output: 1, error: 'w', metadata: { m: 1 } })));
      expect(Object.keys(json).sort()).toEqual(['error', 'metadata', 'output', 'success']);
    });
  });
});

describe('ToolValidationResult', () => {
  it('should build a valid result with success()', () => {
    const r = ToolValidationResult.success();
    expect(r.valid).toBe(true);
    expect(r.errors).toEqual([]);
    expect(r.invalidParams).toEqual({});
  });
  it('should build an invalid result with failure(errors, invalidParams?)', () => {
    const r = ToolValidationResult.failure(['a', 'b'], { x: 'required' });
    expect(r.valid).toBe(false);
    expect(r.errors).toEqual(['a', 'b']);
    expect(r.invalidParams).toEqual({ x: 'required' });
    expect(ToolValidationResult.failure(['c']).invalidParams).toEqual({});
  });
});
