// Each package as a user gets it: the built dist/, loaded from plain Node.js
// with require and with import, from the workspace root. `pnpm test` builds
// before jest runs.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const PACKAGES = ['core', 'metadata', 'semantic', 'decorators', 'providers', 'mcp', 'ai-sdk', 'langchain', 'openai-agents', 'queue', 'cli'];

function node(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
}

describe.each(PACKAGES)('@victor-tools/%s as built', (name) => {
  const pkg = `@victor-tools/${name}`;

  it('should ship dist/index.js, index.mjs and declarations for each (.d.ts and .d.mts)', () => {
    const dir = join(ROOT, 'packages', name, 'dist');
    for (const file of ['index.js', 'index.mjs', 'index.d.ts', 'index.d.mts']) expect(existsSync(join(dir, file))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', name, 'package.json'), 'utf8'));
    expect(manifest.exports['.']).toEqual({
      import: { types: './dist/index.d.mts', default: './dist/index.mjs' },
      require: { types: './dist/index.d.ts', default: './dist/index.js' },
    });
  });

  it('should load with require and with import, with the same named exports', () => {
    const cjs = JSON.parse(node(['-e', `console.log(JSON.stringify(Object.keys(require('${pkg}')).sort()))`])) as string[];
    const esm = JSON.parse(
      node(['--input-type=module', '-e', `const m = await import('${pkg}'); console.log(JSON.stringify(Object.keys(m).filter((k) => k !== 'default').sort()))`]),
    ) as string[];
    expect(cjs.length).toBeGreaterThan(0);
    expect(esm).toEqual(cjs);
  });
});

describe('one copy for import and require', () => {
  it('should hand out the same classes and enum instances to both', () => {
    const out = node([
      '--input-type=module',
      '-e',
      [
        "import { createRequire } from 'node:module';",
        "import { BaseTool, CostTier, ToolRegistry } from '@victor-tools/core';",
        'const core = createRequire(import.meta.url)(\'@victor-tools/core\');',
        'console.log(BaseTool === core.BaseTool && CostTier.LOW === core.CostTier.LOW && ToolRegistry === core.ToolRegistry);',
      ].join('\n'),
    ]);
    expect(out.trim()).toBe('true');
  });
});
