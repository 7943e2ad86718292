// docs/ARCHITECTURE.md names files and folders of the repository; each must exist,
// so that the map stays true when code moves.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TEXT = readFileSync(join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
const TOP_LEVEL = new Set(readdirSync(ROOT).filter((name) => name !== 'node_modules'));

/** Every path the document names: from the repository's root (`packages/core/src/...`), or a root file in backticks (`jest.config.ts`). */
function namedPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const [token] of text.matchAll(/[\w.@-]+(?:\/[\w.@-]+)+\/?/g)) {
    if (TOP_LEVEL.has(token.split('/')[0])) paths.add(token.replace(/[.]$/, ''));
  }
  for (const [, name] of text.matchAll(/`([\w.-]+\.(?:ts|mjs|js|json|md|yaml))`/g)) paths.add(name);
  return [...paths].sort();
}

describe('docs/ARCHITECTURE.md', () => {
  const paths = namedPaths(TEXT);

  it('should name the files it describes by their paths from the repository root', () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toContain('packages/core/src/pipeline/steps.ts');
  });

  it('should name only files and folders that exist', () => {
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('should link only to files that exist', () => {
    const links = [...TEXT.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/.test(target));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((target) => !existsSync(join(ROOT, 'docs', target)))).toEqual([]);
  });

  it('should not name a file by a path from inside a folder (`pipeline/steps.ts`), which a reader cannot find from the root', () => {
    const partial = [...TEXT.matchAll(/(?<![\w@/.-])([\w.-]+(?:\/[\w.-]+)+\.(?:ts|mjs|js|json|md))/g)]
      .map((match) => match[1])
      .filter((path) => !path.startsWith('.') && !TOP_LEVEL.has(path.split('/')[0]));
    expect(partial).toEqual([]);
  });
});
