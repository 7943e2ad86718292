import type { IncomingMessage } from 'node:http';
import type { ByteHold } from './byte-budget';

/**
 * A request body read up to a limit: its text; or why it was not kept (over
 * the size limit, or more than the server's byte budget can hold now); or
 * the fact that the client went away (or timed out) before sending it all.
 */
export type BodyRead = { kind: 'read'; text: string } | { kind: 'tooLarge' } | { kind: 'overBudget' } | { kind: 'aborted' };

/**
 * How much of a refused body is still read, and for how long, before the
 * answer goes out. Answering while the client is still sending makes Node
 * close the connection with unread data, the kernel resets it, and the
 * client may lose the answer; reading on (and discarding) lets it see the
 * 413 or 503. Past these bounds the answer goes out anyway.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/**
 * Reads a request body as UTF-8 text, keeping at most `maxBytes`, each byte
 * kept taken from `hold` first (a declared Content-Length is taken at once,
 * before anything is read). A body over the limit, or one the budget cannot
 * hold, is not kept: what was taken is given back, the rest is read on and
 * discarded up to 64 MiB or 10 s, then the refusal is reported.
 */
export function readBody(req: IncomingMessage, maxBytes: number, hold: ByteHold): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (declared > DRAIN_BYTES) return Promise.resolve({ kind: 'tooLarge' });
  let refusal: 'tooLarge' | 'overBudget' | undefined;
  if (declared > maxBytes) refusal = 'tooLarge';
  else if (declared > 0 && !hold.grow(declared)) refusal = 'overBudget';
  const takenAtOnce = refusal === undefined && declared > 0;

  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const refuse = (reason: 'tooLarge' | 'overBudget') => {
      refusal = reason;
      chunks = [];
      hold.release();
    };
    const finish = (result: BodyRead) => {
      cleanup();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (refusal === undefined) {
        if (size > maxBytes) refuse('tooLarge');
        else if (!takenAtOnce && !hold.grow(chunk.length)) refuse('overBudget');
        else chunks.push(chunk);
      }
      if (refusal !== undefined) {
        if (size > DRAIN_BYTES) finish({ kind: refusal });
        else timer ??= setTimeout(() => finish({ kind: refusal! }), DRAIN_MS);
      }
    };
    const onEnd = () => finish(refusal === undefined ? { kind: 'read', text: Buffer.concat(chunks, size).toString('utf8') } : { kind: refusal });
    // The client left, or the server's request timeout destroyed the socket: nobody is waiting for an answer.
    const onGone = () => finish({ kind: 'aborted' });
    const cleanup = () => {
      if (timer !== undefined) clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}
