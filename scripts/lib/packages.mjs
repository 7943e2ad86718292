// The publishable packages as a user gets them: every packages/* whose
// package.json is not private, packed with `pnpm pack` (which rewrites
// `workspace:*` to real versions) and installed with plain npm into a folder
// outside the repository. Shared by scripts/consumer-smoke.mjs and the
// package-size bench case.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** `{ name, dir, manifest }` of every non-private packages/*, sorted by folder name. */
export function publicPackages() {
  const base = join(ROOT, 'packages');
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(base, d.name, 'package.json')))
    .map((d) => {
      const dir = join(base, d.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { name: manifest.name, dir, manifest };
    })
    .filter((p) => !p.manifest.private)
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

/** Packs every package into `dest`; answers `{ [name]: tarball path }`. The packages must be built. */
export function packAll(dest, packages = publicPackages()) {
  const tarballs = {};
  for (const pkg of packages) {
    if (!existsSync(join(pkg.dir, 'dist'))) throw new Error(`${pkg.name} is not built: run \`pnpm build\` first`);
    execFileSync('pnpm', ['pack', '--pack-destination', dest], { cwd: pkg.dir, stdio: ['ignore', 'ignore', 'inherit'] });
    const file = join(dest, `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.manifest.version}.tgz`);
    if (!existsSync(file)) throw new Error(`pnpm pack did not write ${file}`);
    tarballs[pkg.name] = file;
  }
  return tarballs;
}

/** A private npm project in `dir` depending on `dependencies` (name -> version or file: path), installed with npm. */
export function npmInstall(dir, dependencies, fields = {}) {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, ...fields, dependencies }, null, 2));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Installs one package from its tarball into a new project in `dir`, as a user
 * who installs only it would: its dependencies, and the peers npm installs by
 * itself (required ones: an adapter's framework), none of the optional ones.
 * Its sibling @victor-tools dependencies come from their tarballs (overrides),
 * since the versions the tarballs name are not on the registry. `extra` adds
 * dependencies (name -> version; a @victor-tools name takes its tarball), `fields`
 * more package.json fields (`type`).
 */
export function installAlone(dir, name, tarballs, extra = {}, fields = {}) {
  const local = Object.fromEntries(Object.entries(tarballs).map(([n, file]) => [n, `file:${file}`]));
  const wanted = { [name]: local[name], ...Object.fromEntries(Object.entries(extra).map(([n, v]) => [n, local[n] ?? v])) };
  npmInstall(dir, wanted, { ...fields, overrides: local });
}

/** What `npm install @victor-tools/cli` may put in node_modules (bytes, as `directoryBytes` counts them): without its optional peers, about 21 MB, most of it the MCP SDK. */
export const CLI_INSTALL_BUDGET = 25 * 1024 * 1024;

/** Bytes on disk under `path` (files' sizes, as `du --apparent-size` counts them). */
export function directoryBytes(path) {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += directoryBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}
