#!/usr/bin/env node
// After the build: data/vectors.bin is committed, so a clone builds
// without the 118 MB download; when it is missing, distil it from the npm
// package (in a child with room for the 307 MB JSON).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
if (!existsSync(path.resolve(here, '..', 'data', 'vectors.bin'))) {
  execFileSync(process.execPath, ['--max-old-space-size=6144', path.join(here, 'distil.mjs')], { stdio: 'inherit' });
}
