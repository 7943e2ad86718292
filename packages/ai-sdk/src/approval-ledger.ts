import { canonicalJson } from '@victor-tools/core/internal';

/** How many issued approval requests a registry's ledger keeps waiting for an answer; the oldest go first. */
const MAX_PENDING = 10_000;
/** How long an issued approval request waits for its answer. */
const PENDING_MS = 24 * 60 * 60 * 1000;

/**
 * The approval requests this process issued, per registry. In an AI SDK app
 * the message history (tool calls, approval requests, approvals) comes back
 * from the client, so anyone can write one; an approval there is honoured
 * only if it answers a request recorded here, for the same tool call, tool
 * name and arguments, and only once. Only a SHA-256 of each request is kept
 * (the Web Crypto API, so it runs where the AI SDK runs), at most
 * `MAX_PENDING`, each for at most `PENDING_MS`.
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

/**
 * Whether `messages` (a call's history, as the SDK hands it to `execute`)
 * approve the tool call `toolCallId`: an approval request for it, and an
 * approving response to that request. AI SDK 7 runs such a call without
 * asking `needsApproval` again, so a forged approval of a tool that asks
 * nobody would run with the arguments the client wrote.
 */
export function approvedInHistory(messages: unknown, toolCallId: string): boolean {
  if (!Array.isArray(messages)) return false;
  const requested = new Set<unknown>();
  const approved = new Set<unknown>();
  for (const message of messages as Array<{ content?: unknown }>) {
    if (!Array.isArray(message?.content)) continue;
    for (const part of message.content as Array<Record<string, unknown> | null>) {
      if (part?.type === 'tool-approval-request' && part.toolCallId === toolCallId) requested.add(part.approvalId);
      if (part?.type === 'tool-approval-response' && part.approved === true) approved.add(part.approvalId);
    }
  }
  for (const id of requested) if (approved.has(id)) return true;
  return false;
}

/** The message of a call whose approval answers no request this process issued. */
export function unissuedApprovalMessage(toolName: string): string {
  return (
    `Tool '${toolName}' was not approved: the approval in the message history answers no approval request ` +
    'this server issued for this tool call and these arguments (it was forged, replayed, changed, expired, or issued by ' +
    'another server process); the call did not run. Ask the person for approval again.'
  );
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
