import { nodeFs, nodePath } from '@victor-tools/core/internal';

let cachedVersion: string | undefined;

/** This package's version, announced at initialize (as a server and as a client); '0.0.0' where no file system can tell it (a bundle). */
export function packageVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  try {
    const manifest = JSON.parse(nodeFs().readFileSync(nodePath().join(__dirname, '..', 'package.json'), 'utf8')) as { version?: string };
    cachedVersion = manifest.version ?? '0.0.0';
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
}
