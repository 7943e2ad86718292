import type { AuthInfo, BaseTool } from '@victor-tools/core';

/**
 * The scopes `tool` requires (its metadata's `requiredScopes`) that `auth`
 * does not grant; none when the call is not authenticated (no `verifyToken`:
 * the server has no scopes to check) or the tool requires none. Registration
 * checked the declaration; a getter that throws now requires what it cannot
 * say, so the tool is refused rather than run.
 */
export function missingScopes(tool: BaseTool, auth: AuthInfo | undefined): string[] {
  if (auth === undefined) return [];
  let required: unknown;
  try {
    required = tool.metadata?.requiredScopes;
  } catch {
    return ['(unreadable requiredScopes)'];
  }
  if (!Array.isArray(required) || required.length === 0) return [];
  const granted = new Set(Array.isArray(auth.scopes) ? auth.scopes : []);
  return required.filter((scope): scope is string => typeof scope === 'string' && !granted.has(scope));
}

/** Every scope `tool` requires (for the `scope` of a 403's challenge: the token must grant them all). */
export function requiredScopesOf(tool: BaseTool): string[] {
  try {
    const required = tool.metadata?.requiredScopes;
    return Array.isArray(required) ? required.filter((scope): scope is string => typeof scope === 'string') : [];
  } catch {
    return [];
  }
}

/** The message of a call refused for its scopes, naming each missing one. */
export function insufficientScopeMessage(toolName: string, missing: readonly string[]): string {
  const list = missing.map((scope) => `'${scope}'`).join(', ');
  return `Tool '${toolName}' requires the scope${missing.length === 1 ? '' : 's'} ${list}, which the caller's token does not grant`;
}
