import type { IncomingMessage } from 'node:http';

/** A request body read up to a limit: its text, or the fact that it was too large. */
export type BodyRead = { tooLarge: false; text: string } | { tooLarge: true };

/**
 * How much of a body over the limit is still read, and for how long, before
 * the 413 goes out. Answering while the client is still sending makes Node
 * close the connection with unread data, the kernel resets it, and the
 * client may lose the answer; reading on (and discarding) lets it see the
 * 413. Past these bounds the answer goes out anyway.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/**
 * Reads a request body as UTF-8 text, keeping at most `maxBytes`. A body
 * over the limit (declared by Content-Length, or chunked and growing past
 * it) is not kept: it is read on and discarded up to 64 MiB or 10 s, then
 * reported as too large.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (declared > DRAIN_BYTES) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > maxBytes;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: BodyRead) => {
      cleanup();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (!tooLarge && size > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
      }
      if (!tooLarge) chunks.push(chunk);
      else if (size > DRAIN_BYTES) finish({ tooLarge: true });
      if (tooLarge && timer === undefined) timer = setTimeout(() => finish({ tooLarge: true }), DRAIN_MS);
    };
    const onEnd = () => finish(tooLarge ? { tooLarge: true } : { tooLarge: false, text: Buffer.concat(chunks, size).toString('utf8') });
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      if (timer !== undefined) clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
