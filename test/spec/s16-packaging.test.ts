// Packages that install and type-check anywhere. What jest can see
// from the built dist/ and the manifests; installing the packed tarballs
// outside the repository is scripts/consumer-smoke.mjs (`pnpm run smoke`).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BaseTool, estimateTokens, SchemaLevel, ToolResult, type JsonSchema } from '@victor-tools/core';
import { approximateTokens } from '@victor-tools/core/framework';

const ROOT = join(__dirname, '..', '..');
const PACKAGES = readdirSync(join(ROOT, 'packages')).filter((name) => {
  const file = join(ROOT, 'packages', name, 'package.json');
  return existsSync(file) && !JSON.parse(readFileSync(file, 'utf8')).private;
});
const manifestOf = (name: string) => JSON.parse(readFileSync(join(ROOT, 'packages', name, 'package.json'), 'utf8'));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

function node(script: string): string {
  return execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }).trim();
}

describe.each(PACKAGES)('packages/%s', (dir) => {
  const manifest = manifestOf(dir);
  const dist = join(ROOT, 'packages', dir, 'dist');

  it('should carry the metadata fields of a published package', () => {
    expect(manifest.license).toBe('MIT');
    expect(manifest.type).toBe('commonjs');
    expect(manifest.repository).toEqual(expect.objectContaining({ type: 'git', directory: `packages/${dir}` }));
    // Node.js 20 where the package's dependencies allow it; the OpenAI Agents SDK's `openai` client needs 22.
    expect(manifest.engines).toEqual({ node: dir === 'openai-agents' ? '>=22' : '>=20' });
    expect(manifest.keywords.length).toBeGreaterThan(0);
    // dist and the changelog always; a package may ship data files too (semantic's word vectors), and each must exist.
    expect(manifest.files.slice(0, 1)).toEqual(['dist']);
    expect(manifest.files).toContain('CHANGELOG.md');
    for (const file of manifest.files) expect(existsSync(join(ROOT, 'packages', dir, file))).toBe(true);
    expect(manifest.sideEffects).toBeDefined();
    expect(manifest.scripts.build).toMatch(/^node \.\.\/\.\.\/scripts\/build-package\.mjs\b/);
  });

  it('should ship the MIT licence and a changelog', () => {
    expect(readFileSync(join(ROOT, 'packages', dir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    expect(readFileSync(join(ROOT, 'packages', dir, 'CHANGELOG.md'), 'utf8')).toContain(`# ${manifest.name}`);
  });

  it('should give every entry point import and require conditions, each with its own declarations', () => {
    const entries = Object.keys(manifest.exports).filter((key) => key !== './package.json');
    expect(entries).toContain('.');
    for (const key of entries) {
      const name = key === '.' ? 'index' : key.slice(2);
      expect(manifest.exports[key]).toEqual({
        import: { types: `./dist/${name}.d.mts`, default: `./dist/${name}.mjs` },
        require: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
      });
      expect(existsSync(join(ROOT, 'packages', dir, 'src', `${name}.ts`))).toBe(true);
      for (const file of [`${name}.js`, `${name}.mjs`, `${name}.d.ts`, `${name}.d.mts`]) expect(existsSync(join(dist, file))).toBe(true);
    }
  });

  it("should point TypeScript's node10 resolution, which ignores exports, at each subpath's declarations (typesVersions)", () => {
    const subpaths = Object.keys(manifest.exports).filter((key) => key !== '.' && key !== './package.json').map((key) => key.slice(2));
    if (subpaths.length === 0) expect(manifest.typesVersions).toBeUndefined();
    else expect(manifest.typesVersions).toEqual({ '*': Object.fromEntries(subpaths.map((name) => [name, [`./dist/${name}.d.ts`]])) });
  });

  it('should ship no source maps (their sources are not published)', () => {
    expect(filesUnder(dist).filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('should give every .d.ts an ESM twin whose relative imports name .mjs files', () => {
    for (const file of filesUnder(dist).filter((f) => f.endsWith('.d.ts'))) {
      const twin = readFileSync(file.replace(/\.d\.ts$/, '.d.mts'), 'utf8');
      for (const [, specifier] of twin.matchAll(/from '(\.[^']*)'/g)) expect(specifier).toMatch(/\.mjs$/);
    }
  });
});

describe.each(['core', 'metadata', 'providers'])('built %s in a bundle', (dir) => {
  it('should require no Node built-in at load (a browser bundle cannot resolve them)', () => {
    const dist = join(ROOT, 'packages', dir, 'dist');
    const offenders = filesUnder(dist)
      .filter((f) => f.endsWith('.js'))
      .filter((f) => /require\("(node:)?(fs|path|os|url|child_process|module|crypto)"\)/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('@victor-tools/core diet', () => {
  it('should depend at run time on ajv and ajv-formats only (TypeBox is types-only; the tokenizer ships inside)', () => {
    expect(Object.keys(manifestOf('core').dependencies).sort()).toEqual(['ajv', 'ajv-formats']);
  });

  it('should not load the tokenizer at import, and load it on the first count', () => {
    const out = node(
      [
        "const core = require('@victor-tools/core');",
        "const loaded = () => Object.keys(require.cache).some((f) => /[\\\\/]core[\\\\/]dist[\\\\/]tokenizer\\.js$/.test(f));",
        'const before = loaded();',
        "const count = core.estimateTokens('hello world');",
        'console.log(JSON.stringify({ before, after: loaded(), count }));',
      ].join('\n'),
    );
    expect(JSON.parse(out)).toEqual({ before: false, after: true, count: 4 });
  });

  it('should name the tokenizer entry in the error when a bundle counts without it', () => {
    // A bundle has no module.require; core then needs the tokenizer registered by its entry point.
    const out = node(
      [
        "const { runInNewContext } = require('node:vm');",
        "const { readFileSync } = require('node:fs');",
        "const file = require.resolve('@victor-tools/core/package.json').replace(/package\\.json$/, 'dist/schema/token-counter.js');",
        "const exports = {}; runInNewContext(readFileSync(file, 'utf8'), { exports, require: (id) => require(require('node:path').join(file, '..', id)) });",
        'try { exports.tokenCounter(); console.log("counted"); } catch (e) { console.log(e.message); }',
      ].join('\n'),
    );
    expect(out).toContain("import '@victor-tools/core/tokenizer'");
  });
});

class ReadFile extends BaseTool {
  get name() {
    return 'read_file';
  }
  get description() {
    return 'Read a UTF-8 text file and return its lines. Use offset and limit for large files.';
  }
  get parameters(): JsonSchema {
    return {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file to read, relative to the workspace.' },
        offset: { type: 'integer', minimum: 0, default: 0, description: 'First line to return.' },
        limit: { type: 'integer', minimum: 1, maximum: 2000, default: 200, description: 'Most lines to return.' },
      },
      required: ['path'],
      additionalProperties: false,
    };
  }
  async execute() {
    return ToolResult.ok('');
  }
}

describe('approximateTokens', () => {
  it('should stay within 15% of the real o200k count on tool schemas at every level', () => {
    for (const level of SchemaLevel.values()) {
      const schema = new ReadFile().toSchema(level);
      const ratio = approximateTokens(schema) / estimateTokens(schema);
      expect(ratio).toBeGreaterThan(0.85);
      expect(ratio).toBeLessThan(1.15);
    }
  });

  it('should count undefined as 0 and refuse a cyclic value with a TypeError, like estimateTokens', () => {
    expect(approximateTokens(undefined)).toBe(0);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => approximateTokens(cyclic)).toThrow(TypeError);
    expect(() => approximateTokens(cyclic)).toThrow(/^approximateTokens\(\) needs a JSON-serializable schema: /);
  });

  // A quadratic estimate would take minutes on 1 MB; the bound is loose so a loaded CI machine passes.
  it('should be linear: a 1 MB description is estimated in seconds, not minutes', () => {
    const started = Date.now();
    expect(approximateTokens({ description: 'word '.repeat(200_000) })).toBeGreaterThan(100_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('types for web runtimes', () => {
  it('should type-check an app of @victor-tools/mcp/web with web types only (no @types/node, skipLibCheck off)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ts = require('typescript') as typeof import('typescript');
    const program = ts.createProgram([join(__dirname, 'fixtures', 'types', 'web-consumer.ts')], {
      noEmit: true,
      strict: true,
      skipLibCheck: false,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });
});
