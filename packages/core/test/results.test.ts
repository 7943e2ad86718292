import { runInNewContext } from 'node:vm';
import { ToolResult, ToolValidationResult } from '@victor-tools/core';

describe('ToolResult', () => {
  describe('constructor', () => {
    it('should keep success, output, error and metadata', () => {
      const result = new ToolResult({ success: false, output: 'partial', error: 'boom', metadata: { code: 2 } });
      expect(result.success).toBe(false);
      expect(result.output).toBe('partial');
      expect(result.error).toBe('boom');
      expect(result.metadata).toEqual({ code: 2 });
    });

    it.each([undefined, null, 'true', 1, 0, {}])('should throw a TypeError when success is %p', (success) => {
      expect(() => new ToolResult({ success } as never)).toThrow(TypeError);
      expect(() => new ToolResult({ success } as never)).toThrow(/success must be a boolean/);
    });

    it('should throw a TypeError when given no object at all', () => {
      expect(() => new ToolResult(undefined as never)).toThrow(TypeError);
      expect(() => new ToolResult(null as never)).toThrow(TypeError);
    });
  });

  describe('ok', () => {
    it('should build a success carrying the output and optional metadata', () => {
      const result = ToolResult.ok({ lines: 3 }, { cached: true });
      expect(result.success).toBe(true);
      expect(result.output).toEqual({ lines: 3 });
      expect(result.error).toBeUndefined();
      expect(result.metadata).toEqual({ cached: true });
    });

    it('should be an instance of ToolResult', () => {
      expect(ToolResult.ok('x')).toBeInstanceOf(ToolResult);
    });
  });

  describe('fail', () => {
    it('should build a failure carrying the error and optional metadata', () => {
      const result = ToolResult.fail('File not found: a.txt', { path: 'a.txt' });
      expect(result.success).toBe(false);
      expect(result.error).toBe('File not found: a.txt');
      expect(result.output).toBeNull();
      expect(result.metadata).toEqual({ path: 'a.txt' });
    });

    it("should take an Error's message, and refuse an error that is not text", () => {
      expect(ToolResult.fail(new Error('disk full')).error).toBe('disk full');
      expect(ToolResult.fail(new RangeError('')).error).toBe('RangeError');
      expect(JSON.stringify(ToolResult.fail(new Error('disk full')))).toBe('{"success":false,"output":null,"error":"disk full"}');
      expect(() => ToolResult.fail(42 as never)).toThrow('ToolResult.error must be a string (or an Error, for its message), got a number.');
      // An Error made in another realm (a vm context, a worker) is an Error too.
      const foreign = runInNewContext("new Error('from another realm')") as Error;
      expect(foreign instanceof Error).toBe(false);
      expect(ToolResult.fail(foreign).error).toBe('from another realm');
    });
  });

  describe('JSON.stringify', () => {
    it('should give exactly success, output, error and metadata', () => {
      const json = JSON.parse(JSON.stringify(ToolResult.fail('bad', { n: 1 })));
      expect(json).toEqual({ success: false, output: null, error: 'bad', metadata: { n: 1 } });
      expect(Object.keys(json).sort()).toEqual(['error', 'metadata', 'output', 'success']);
    });

    it('should leave absent error and metadata out', () => {
      expect(JSON.stringify(ToolResult.ok('hi'))).toBe('{"success":true,"output":"hi"}');
    });

    it('should not leak extra fields added by withMetadata', () => {
      const json = JSON.parse(JSON.stringify(ToolResult.ok(1).withMetadata({ a: 1 })));
      expect(Object.keys(json).sort()).toEqual(['metadata', 'output', 'success']);
    });
  });

  describe('withMetadata', () => {
    it('should return a copy with merged metadata and leave the original alone', () => {
      const original = ToolResult.ok('x', { a: 1 });
      const copy = original.withMetadata({ b: 2 });
      expect(copy.metadata).toEqual({ a: 1, b: 2 });
      expect(original.metadata).toEqual({ a: 1 });
      expect(copy.output).toBe('x');
    });
  });
});

describe('ToolValidationResult', () => {
  describe('success', () => {
    it('should be valid with no errors and no invalid parameters', () => {
      const result = ToolValidationResult.success();
      expect(result.valid).toBe(true);
      expect(result.errors).toEqual([]);
      expect(result.invalidParams).toEqual({});
    });
  });

  describe('failure', () => {
    it('should be invalid and carry the errors and invalid parameters', () => {
      const result = ToolValidationResult.failure(["Required parameter 'path' is missing"], { path: 'required' });
      expect(result.valid).toBe(false);
      expect(result.errors).toEqual(["Required parameter 'path' is missing"]);
      expect(result.invalidParams).toEqual({ path: 'required' });
    });

    it('should default invalidParams to an empty object', () => {
      expect(ToolValidationResult.failure(['x']).invalidParams).toEqual({});
    });
  });
});
