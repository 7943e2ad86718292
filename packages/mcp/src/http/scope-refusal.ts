import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { AuthInfo, ToolExecutionContext } from '@victor-tools/core';
import { insufficientScopeMessage, missingScopes, requiredScopesOf } from '../scopes';
import { findListed } from '../serve-mcp';
import type { ServableRegistry } from '../servable-registry';

/**
 * The 403 of a `tools/call` (alone or in a batch) whose tool requires scopes
 * the caller's token lacks: the MCP authorization spec answers a scope
 * problem at the HTTP level, so a client can ask for a token with more.
 */
export function insufficientScope(
  registry: ServableRegistry,
  context: ToolExecutionContext | undefined,
  message: unknown,
  auth: AuthInfo,
): { message: string; required: string[]; id: RequestId | null } | undefined {
  for (const item of Array.isArray(message) ? message : [message]) {
    if (item === null || typeof item !== 'object' || (item as { method?: unknown }).method !== 'tools/call') continue;
    const name = (item as { params?: { name?: unknown } }).params?.name;
    if (typeof name !== 'string') continue;
    const tool = findListed(registry, name, context);
    if (tool === undefined) continue;
    const missing = missingScopes(tool, auth);
    if (missing.length === 0) continue;
    const id = (item as { id?: unknown }).id;
    return {
      message: insufficientScopeMessage(tool.name, missing),
      required: requiredScopesOf(tool),
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
    };
  }
  return undefined;
}
