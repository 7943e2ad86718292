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
