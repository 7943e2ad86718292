import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** This package's version, read from its package.json (one level up from both src/ and dist/). */
export function cliVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version?: string };
    return manifest.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
