import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STALE_LOCK_MS = 10 * 60 * 1000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function build(target: string, directories: number, filesPerDirectory: number): void {
  const building = mkdtempSync(`${target}-building-`);
  for (let d = 0; d < directories; d++) {
    const dir = join(building, `d${String(d).padStart(3, '0')}`);
    mkdirSync(dir);
    for (let f = 0; f < filesPerDirectory; f++) writeFileSync(join(dir, `f${f}.txt`), '');
  }
  writeFileSync(join(building, '.complete'), '');
  rmSync(target, { recursive: true, force: true });
  renameSync(building, target);
}

/**
 * A directory of `directories` x `filesPerDirectory` empty files named
 * `dNNN/fN.txt`, built once per machine under the temp dir and reused:
 * creating 100,000 files takes from seconds to minutes on a loaded machine,
 * and several suites (both decorator modes, the spec) replay the same
 * attack, often in parallel jest workers. One of them builds it, aside and
 * renamed into place, under a lock directory; the others wait for it.
 */
export function manyFiles(directories = 100, filesPerDirectory = 1000): string {
  const target = join(tmpdir(), `victor-tools-many-files-${directories}x${filesPerDirectory}`);
  const lock = `${target}.lock`;
  for (;;) {
    if (existsSync(join(target, '.complete'))) return target;
    try {
      mkdirSync(lock);
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else sleep(200);
      continue;
    }
    try {
      if (!existsSync(join(target, '.complete'))) build(target, directories, filesPerDirectory);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
