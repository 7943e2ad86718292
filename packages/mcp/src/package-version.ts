import * as fs from 'node:fs';
import * as path from 'node:path';

let cachedVersion: string | undefined;

/** This package's version, announced at initialize (as a server and as a client). */
export function packageVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version?: string };
    cachedVersion = manifest.version ?? '0.0.0';
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
}
