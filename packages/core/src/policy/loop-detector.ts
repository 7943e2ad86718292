import { hash53 } from '../hash53';
import { nodeCrypto } from '../node-fs';
import { hasOwn, setOwn } from '../own-property';

/** What `metadata.loopDetected` says about a repeated call. */
export interface LoopDetection {
  /** How many times this tool was called with these progress values in this scope. */
  count: number;
  threshold: number;
  /** The repeated values of the tool's `progressParams` (this call's own). */
  values: Record<string, unknown>;
}

/** Where a call's repetitions are counted: its `conversationId`, else its context object. */
export type LoopScope = string | object;

// Both bounds keep the oldest out first: a loop is by nature among the recent calls.
/** Distinct (tool, progress values) pairs remembered per scope. */
const MAX_KEYS_PER_SCOPE = 1000;
/** Conversations remembered by id (context objects are held weakly and need no bound). */
const MAX_CONVERSATIONS = 1000;

/** Counts by key: a 53-bit hash of the tool's name and its progress values, a number (a string key took three times the memory). */
type Counts = Map<number, number>;

/**
 * Counts calls of a tool with the same values of its `progressParams`, per
 * scope: the call's `ctx.conversationId` when it has one (so that calls
 * that each bring a fresh context object, as over MCP, still count
 * together), otherwise the caller's context object (held weakly, so a
 * finished conversation's counts go with it), and the registry itself for
 * calls without a context. Only a hash of the values is kept, never the
 * values: a scope costs at most MAX_KEYS_PER_SCOPE numbers and counts.
 */
export class LoopDetector {
  private readonly byObject = new WeakMap<object, Counts>();
  private readonly byConversation = new Map<string, Counts>();

  constructor(readonly threshold: number) {}

  /** Records a call; returns the detection when the count is past the threshold. */
  record(
    scope: LoopScope,
    toolName: string,
    progressParams: readonly string[],
    args: Readonly<Record<string, unknown>>,
  ): LoopDetection | undefined {
    const values: Record<string, unknown> = {};
    for (const param of progressParams) {
      if (hasOwn(args, param)) setOwn(values, param, args[param]);
    }
    let key: number;
    try {
      key = hashText(`${toolName}\u0000${JSON.stringify(progressParams.map((param) => values[param]))}`);
    } catch {
      return undefined; // values that cannot be serialized cannot be compared either
    }
    const counts = this.countsOf(scope);
    const count = (counts.get(key) ?? 0) + 1;
    counts.delete(key); // re-inserted below so the map's order stays least-recent first
    counts.set(key, count);
    if (counts.size > MAX_KEYS_PER_SCOPE) counts.delete(counts.keys().next().value as number);
    if (count <= this.threshold) return undefined;
    return { count, threshold: this.threshold, values };
  }

  /** Forgets the counts of `scope`. */
  reset(scope: LoopScope): void {
    if (typeof scope === 'string') this.byConversation.delete(scope);
    else this.byObject.delete(scope);
  }

  private countsOf(scope: LoopScope): Counts {
    if (typeof scope !== 'string') {
      let counts = this.byObject.get(scope);
      if (counts === undefined) {
        counts = new Map();
        this.byObject.set(scope, counts);
      }
      return counts;
    }
    let counts = this.byConversation.get(scope);
    if (counts !== undefined) {
      this.byConversation.delete(scope); // most recent last
    } else {
      counts = new Map();
      if (this.byConversation.size >= MAX_CONVERSATIONS) this.byConversation.delete(this.byConversation.keys().next().value as string);
    }
    this.byConversation.set(scope, counts);
    return counts;
  }
}

// Below this many characters the plain-JavaScript hash is used: node:crypto's
// fixed cost per hash is larger than hashing a short value in JavaScript.
const NATIVE_HASH_FROM = 256;

/**
 * A 53-bit hash of `text`: for a long value the first 53 bits of a SHA-256
 * (node:crypto, native: about 2 ms per MB, at the same speed everywhere,
 * where a hand-written loop over a 1 MB value took 0.4 s in a vm context
 * such as jest's), for a short one, or where node:crypto is not there
 * (browsers, edge runtimes), a 53-bit hash in plain JavaScript. A value's
 * length picks its kind, so the same value always gets the same one. Loop
 * counts need no cryptographic strength (a model that forges a collision
 * only gets its own call counted as a repeat), only that distinct values
 * rarely meet: among 1,000 keys, 53 bits make that about 1 in 10^10.
 */
function hashText(text: string): number {
  const crypto = text.length >= NATIVE_HASH_FROM ? nodeCrypto() : undefined;
  if (crypto === undefined) return hash53(text);
  const digest = crypto.createHash('sha256').update(text, 'utf16le').digest();
  return digest.readUIntBE(0, 6) * 32 + (digest[6] >>> 3);
}
