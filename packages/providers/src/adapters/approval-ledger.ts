import { canonicalJson } from '@victor-tools/core/internal';

/** How many issued approval requests a registry's ledger keeps waiting for an answer; the oldest go first. */
const MAX_PENDING = 10_000;
/** How long an issued approval request waits for its answer. */
const PENDING_MS = 24 * 60 * 60 * 1000;

/**
 * The approval requests this process issued, per registry. What a framework
 * says was approved can come from a client (the AI SDK's message history, a
 * serialized OpenAI Agents run state), so anyone can write it: an approval is
 * honoured only if it answers a request recorded here, for the same tool
 * call, tool name and arguments, and only once. Only a SHA-256 of each
 * request is kept (the Web Crypto API, so it runs wherever the frameworks
 * run), at most 10,000, each for at most a day.
 */
export class ApprovalLedger {
  private readonly pending = new Map<string, number>();

  /** Records that the person is asked about this call. */
  async issue(toolName: string, toolCallId: string, input: unknown): Promise<void> {
    const key = await digest(toolName, toolCallId, input);
    if (key === undefined) return;
    this.forgetExpired();
    this.pending.delete(key);
    this.pending.set(key, Date.now() + PENDING_MS);
    if (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
  }

  /** Whether the person was asked about this call and has not answered yet. */
  async has(toolName: string, toolCallId: string, input: unknown): Promise<boolean> {
    const key = await digest(toolName, toolCallId, input);
    return key !== undefined && (this.pending.get(key) ?? 0) > Date.now();
  }

  /** Whether this call answers a request issued here; the request is used up either way. */
  async take(toolName: string, toolCallId: string, input: unknown): Promise<boolean> {
    const key = await digest(toolName, toolCallId, input);
    if (key === undefined) return false;
    const expires = this.pending.get(key);
    this.pending.delete(key);
    return expires !== undefined && expires > Date.now();
  }

  private forgetExpired(): void {
    const now = Date.now();
    // Insertion order is expiry order (one lifetime for all): stop at the first one still waiting.
    for (const [key, expires] of this.pending) {
      if (expires > now) break;
      this.pending.delete(key);
    }
  }
}

const ledgers = new WeakMap<object, ApprovalLedger>();

/** The ledger of a registry: one per registry, so tool sets made per request share it. */
export function ledgerOf(registry: object): ApprovalLedger {
  let ledger = ledgers.get(registry);
  if (ledger === undefined) {
    ledger = new ApprovalLedger();
    ledgers.set(registry, ledger);
  }
  return ledger;
}

/** SHA-256 of the call (tool name, call id, arguments with sorted keys); undefined when the arguments have no JSON form. */
async function digest(toolName: string, toolCallId: string, input: unknown): Promise<string | undefined> {
  let text: string | undefined;
  try {
    text = canonicalJson([toolName, toolCallId, input]);
  } catch {
    return undefined;
  }
  if (text === undefined) return undefined;
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
