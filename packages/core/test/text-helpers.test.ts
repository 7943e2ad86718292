import { ToolRegistry } from '@victor-tools/core';
import { capText, cutText, describeValue, setOwn, valueOrKind } from '@victor-tools/core/internal';
import { testTool } from './registry/helpers';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('cutText', () => {
  it('should keep a text that fits, and cut one that does not to the bound, the marker included', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(cutText('a'.repeat(20), 10)).toBe('aaaaaaa...');
    expect(cutText('a'.repeat(20), 10)).toHaveLength(10);
  });

  it('should keep the first max characters before a marker that says how much was cut', () => {
    expect(cutText('a'.repeat(25), 10, (cut, length) => ` [${cut} of ${length} cut]`)).toBe(`${'a'.repeat(10)} [15 of 25 cut]`);
  });

  it('should never cut between the two halves of an emoji, with either kind of marker', () => {
    const text = `${'a'.repeat(6)}😀😀😀`;
    expect(cutText(text, 10)).toBe('aaaaaa...');
    expect(cutText(text, 7, (cut) => `+${cut}`)).toBe('aaaaaa+6');
    for (let max = 1; max < text.length; max++) expect(cutText(text, max)).not.toMatch(LONE_SURROGATE);
  });

  it('should cut to a bound shorter than the marker without the marker, never past the bound', () => {
    expect(cutText('abcdef', 2)).toBe('ab');
    expect(cutText('abcdef', 0)).toBe('');
    expect(cutText('abcdef', 3)).toBe('...');
    expect(cutText('a😀cdef', 2)).toBe('a');
    for (let max = 0; max < 8; max++) expect(cutText('abcdefgh!', max).length).toBeLessThanOrEqual(max);
  });
});

describe('capText', () => {
  it('should cut a long message after 1000 characters without splitting an emoji at the boundary', () => {
    const text = `${'a'.repeat(999)}😀${'b'.repeat(50)}`;
    const cut = capText(text);
    expect(cut).not.toMatch(LONE_SURROGATE);
    expect(cut).toBe(`${'a'.repeat(999)}... (${text.length - 999} more characters)`);
  });

  it("should keep a tool's thrown message whole when it fits, and never return half an emoji when it does not", async () => {
    const registry = new ToolRegistry();
    registry.register(
      testTool({
        name: 'boom',
        run: () => {
          throw new Error(`${'x'.repeat(999)}😀 and more`);
        },
      }),
    );
    const result = await registry.execute('boom', {});
    expect(result.error).toMatch(/^Tool execution failed: x{999}\.\.\. \(\d+ more characters\)$/);
    expect(result.error).not.toMatch(LONE_SURROGATE);
  });
});

describe('describeValue', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    [[1], 'an array'],
    ['s', 'a string'],
    ['', 'an empty string'],
    [1, 'a number'],
    [true, 'a boolean'],
    [{}, 'an object'],
    [Object.create(null), 'an object'],
    [new Date(0), 'an object of class Date'],
    [function parse() {}, 'function parse'],
  ])('should describe %p as %p', (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });

  it('should never throw, nor show the value, for a hostile object', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeValue(proxy)).toBe('a value that cannot be inspected');
    expect(describeValue({ secret: 'hunter2' })).not.toContain('hunter2');
  });

  it("should say what a registry was given instead of a tool", () => {
    expect(() => new ToolRegistry().register(42 as never)).toThrow('Cannot register a number: expected a BaseTool');
  });
});

describe('valueOrKind', () => {
  it.each([
    [3, '3'],
    [Number.NaN, 'NaN'],
    [-Infinity, '-Infinity'],
    [false, 'false'],
    ['3', 'a string'],
    [null, 'null'],
    [{ secret: 'hunter2' }, 'an object'],
  ])('should show %p as %p: a number or a flag as itself, anything else by its kind', (value, expected) => {
    expect(valueOrKind(value)).toBe(expected);
  });
});

describe('setOwn', () => {
  it('should add __proto__ as an own key, never as the prototype, and assign other keys', () => {
    const target: Record<string, unknown> = {};
    setOwn(target, '__proto__', { polluted: true });
    setOwn(target, 'name', 'x');
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual(['__proto__', 'name']);
    expect(target.polluted).toBeUndefined();
  });
});
