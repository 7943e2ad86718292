import type { IncomingMessage } from 'node:http';

/** A request body read up to a limit: its text, or the fact that it was too large. */
export type BodyRead = { tooLarge: false; text: string } | { tooLarge: true };

/**
 * Reads a request body as UTF-8 text, keeping at most `maxBytes`. A declared
 * Content-Length over the limit is refused before reading; a body that
 * grows past it (chunked) is refused as soon as it does, and the rest is
 * not kept.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        chunks.length = 0;
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ tooLarge: false, text: Buffer.concat(chunks, size).toString('utf8') });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
