import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A directory of `directories` x `filesPerDirectory` empty files named
 * `dNNN/fN.txt`, built once per machine under the temp dir and reused:
 * creating 100,000 files takes seconds to minutes on a loaded machine, and
 * several suites (both decorator modes, the spec) replay the same attack.
 * It is built aside and renamed into place, so a reader never sees half of it.
 */
export function manyFiles(directories = 100, filesPerDirectory = 1000): string {
  const target = join(tmpdir(), `victor-tools-many-files-${directories}x${filesPerDirectory}`);
  if (existsSync(join(target, '.complete'))) return target;
  const building = mkdtempSync(`${target}-building-`);
  for (let d = 0; d < directories; d++) {
    const dir = join(building, `d${String(d).padStart(3, '0')}`);
    mkdirSync(dir);
    for (let f = 0; f < filesPerDirectory; f++) writeFileSync(join(dir, `f${f}.txt`), '');
  }
  writeFileSync(join(building, '.complete'), '');
  try {
    renameSync(building, target);
  } catch {
    // Another suite finished first (or left a broken one): use its tree, or replace the broken one.
    if (!existsSync(join(target, '.complete'))) {
      rmSync(target, { recursive: true, force: true });
      renameSync(building, target);
    } else {
      rmSync(building, { recursive: true, force: true });
    }
  }
  return target;
}
