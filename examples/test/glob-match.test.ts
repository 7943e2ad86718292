import { MAX_ALTERNATIVES, compileGlob, expandBraces } from '../src/glob-match';

describe('compileGlob', () => {
  describe('name patterns', () => {
    it.each([
      ['*.ts', 'a.ts', true],
      ['*.ts', 'a.tsx', false],
      ['*.ts', '.hidden.ts', true],
      ['test_*.js', 'test_one.js', true],
      ['test_*.js', 'one_test.js', false],
      ['?.md', 'a.md', true],
      ['?.md', 'ab.md', false],
      ['[a-c]*', 'beta', true],
      ['[a-c]*', 'delta', false],
      ['[!a-c]*', 'delta', true],
      ['[]x]', ']', true],
      ['[unclosed', '[unclosed', true],
      ['*.{ts,js}', 'a.js', true],
      ['*.{ts,js}', 'a.md', false],
      ['{a,b{c,d}}.txt', 'bd.txt', true],
      ['{a,b}', '{a,b}', false],
      ['{lonely}', '{lonely}', true],
      ['**', 'anything', true],
      ['é*', 'été', true],
    ])('%s against %s: %s', (pattern, name, expected) => {
      expect(compileGlob(pattern).matches(name)).toBe(expected);
    });
  });

  describe('path patterns', () => {
    it.each([
      ['src/*.ts', 'src/a.ts', true],
      ['src/*.ts', 'src/deep/a.ts', false],
      ['src/**/*.ts', 'src/a.ts', true],
      ['src/**/*.ts', 'src/deep/deeper/a.ts', true],
      ['src/**/*.ts', 'lib/a.ts', false],
      ['**/test/*.js', 'a/b/test/x.js', true],
      ['src/', 'src', true],
    ])('%s against %s: %s', (pattern, path, expected) => {
      expect(compileGlob(pattern).matches(path)).toBe(expected);
    });

    it('should say which directories may hold a match', () => {
      const glob = compileGlob('src/*/x.ts');
      expect(glob.mayContain(['src'])).toBe(true);
      expect(glob.mayContain(['src', 'a'])).toBe(true);
      expect(glob.mayContain(['src', 'a', 'b'])).toBe(false);
      expect(glob.mayContain(['lib'])).toBe(false);
      expect(compileGlob('src/**/x.ts').mayContain(['src', 'a', 'b', 'c'])).toBe(true);
      expect(compileGlob('*.ts').mayContain(['any', 'where'])).toBe(true);
    });
  });

  it('should match in bounded time where a backtracking regex takes seconds per name', () => {
    const pattern = `${'*a'.repeat(40)}b`;
    const glob = compileGlob(pattern);
    const started = Date.now();
    for (let i = 0; i < 200; i++) expect(glob.matches('a'.repeat(255))).toBe(false);
    expect(compileGlob(`${'**/'.repeat(40)}b`).matches('a/'.repeat(500) + 'c')).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('should refuse a pattern over 1024 characters and braces over 64 alternatives', () => {
    expect(() => compileGlob('x'.repeat(1025))).toThrow('Pattern is too long: at most 1024 characters');
    expect(() => compileGlob('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}')).toThrow(`Pattern has more than ${MAX_ALTERNATIVES} {a,b} alternatives`);
    expect(expandBraces('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}')).toHaveLength(64);
  });
});
