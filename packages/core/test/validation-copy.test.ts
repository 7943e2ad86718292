import type { JsonSchema } from '@victor-tools/core';
import { validateArguments } from '@victor-tools/core/framework';

// The copy handed to `execute` is the one copy validation makes (json-copy.ts);
// these tests call with the same and with many different key lists, as a
// tool's calls do.

let unique = 0;
/** A distinct open schema per test, so the copiers remembered for one test cannot serve another. */
const openSchema = (): JsonSchema => ({
  type: 'object',
  $comment: `copy test ${unique++}`,
  properties: { path: { type: 'string' }, ratio: { type: 'number' }, when: { type: 'string' } },
});

describe('validateArguments', () => {
  describe('the copy of the arguments', () => {
    it('should give an equal but distinct copy on every call with the same keys', () => {
      const schema = openSchema();
      const args = { path: 'src', ratio: 0.5, nested: { list: [1, 'two', null, { deep: true }] } };
      const copies = [1, 2, 3].map(() => validateArguments(schema, args).value);
      for (const copy of copies) {
        expect(copy).toEqual(args);
        expect(copy).not.toBe(args);
        expect(copy.nested).not.toBe(args.nested);
      }
      (copies[0].nested as { list: unknown[] }).list.push('changed');
      expect(validateArguments(schema, args).value).toEqual(args);
      expect(args.nested.list).toHaveLength(4);
    });

    it('should copy every key list right, beyond the ones it remembers', () => {
      const schema = openSchema();
      for (let round = 0; round < 2; round++) {
        for (let n = 0; n < 20; n++) {
          const args: Record<string, unknown> = {};
          for (let k = n; k >= 0; k--) args[`k${k}`] = k % 2 ? k : `v${k}`;
          expect(validateArguments(schema, args).value).toEqual(args);
        }
      }
    });

    it('should leave out an undefined value under a key list seen before', () => {
      const schema = openSchema();
      validateArguments(schema, { path: 'a', ratio: 1 });
      const { value } = validateArguments(schema, { path: 'a', ratio: undefined });
      expect(value).toEqual({ path: 'a' });
      expect(Object.keys(value)).toEqual(['path']);
    });

    it('should refuse NaN with its path under a key list seen before', () => {
      const schema = openSchema();
      validateArguments(schema, { path: 'a', ratio: 1 });
      expect(validateArguments(schema, { path: 'a', ratio: NaN }).result.errors).toEqual([
        "Parameters must be JSON-serializable: non-finite number NaN at 'ratio'",
      ]);
    });

    it('should call toJSON on values under a key list seen before', () => {
      const schema = openSchema();
      validateArguments(schema, { path: 'a', when: 'now' });
      const { result, value } = validateArguments(schema, { path: 'a', when: new Date(0) });
      expect(result.valid).toBe(true);
      expect(value.when).toBe('1970-01-01T00:00:00.000Z');
    });

    it('should keep a __proto__ key as an own data property on every call', () => {
      const schema = openSchema();
      for (let i = 0; i < 3; i++) {
        const { value } = validateArguments(schema, JSON.parse('{"path":"a","__proto__":{"polluted":true}}'));
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
        expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }
    });

    it('should not let a getter hand the tool something else than what was validated', () => {
      const schema: JsonSchema = { ...openSchema(), required: ['path'] };
      let reads = 0;
      const args = Object.defineProperty({}, 'path', { enumerable: true, get: () => (reads++ === 0 ? 'checked' : 42) });
      for (let i = 0; i < 2; i++) {
        reads = 0;
        const { result, value } = validateArguments(schema, args);
        expect(result.valid).toBe(true);
        expect(value.path).toBe('checked');
      }
    });
  });
});
