import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { quote } from './safe-path';

// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer,
// holding one of libuv's four file-I/O threads until one came; with it the
// open returns at once and fstat tells what was opened. O_NOFOLLOW: the path
// was resolved to a real one, so a symlink there now was swapped in since.
// Neither exists on Windows, where neither problem does.
const NON_BLOCK = constants.O_NONBLOCK ?? 0;
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const CHUNK = 64 * 1024;

/** What kind of file system entry `stat` describes, for messages. */
function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSymbolicLink()) return 'a symlink';
  return 'not a regular file';
}

function openError(label: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new Error(`File ${quote(label)} does not exist`);
  if (code === 'ENOTDIR') return new Error(`File ${quote(label)} does not exist: a component of its path is not a directory`);
  if (code === 'ELOOP') return new Error(`File ${quote(label)} is a symlink: give the path of the file itself`);
  if (code === 'ENXIO') return new Error(`File ${quote(label)} is not a regular file: only regular files are read and written`);
  if (code === 'EACCES' || code === 'EPERM') return new Error(`File ${quote(label)} cannot be opened: permission denied`);
  if (code === 'EISDIR') return new Error(`File ${quote(label)} is a directory, not a regular file`);
  return new Error(`File ${quote(label)} cannot be opened: ${code ?? String(error)}`);
}

async function openRegular(file: string, flags: number, label: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(file, flags | NON_BLOCK | NO_FOLLOW, 0o666);
  } catch (error) {
    throw openError(label, error);
  }
  const stat = await handle.stat();
  if (!stat.isFile()) {
    await handle.close();
    throw new Error(`File ${quote(label)} is ${kindOf(stat)}, not a regular file: only regular files are read and written`);
  }
  return handle;
}

/**
 * The UTF-8 text of a regular file of at most `maxBytes` bytes. Anything
 * else (a directory, FIFO, device, socket) is refused before a byte is read,
 * and reading stops one byte past the limit even when the size the file
 * system reports is wrong (files under /proc say 0).
 */
export async function readRegularFile(file: string, maxBytes: number, label = file): Promise<string> {
  const handle = await openRegular(file, constants.O_RDONLY, label);
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new Error(`File ${quote(label)} is ${size} bytes, over the limit of ${maxBytes} bytes`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw new Error(`File ${quote(label)} is over the limit of ${maxBytes} bytes`);
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Writes `text` to `file`, creating it, or replacing the contents of an
 * existing regular file; anything that is not a regular file is refused
 * before it is truncated or written.
 */
export async function writeRegularFile(file: string, text: string, label = file): Promise<void> {
  const handle = await openRegular(file, constants.O_WRONLY | constants.O_CREAT, label);
  try {
    await handle.truncate(0);
    await handle.writeFile(text, 'utf8');
  } finally {
    await handle.close();
  }
}
