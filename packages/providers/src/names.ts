import { InvalidToolNameError } from './errors/invalid-tool-name-error';

/** A provider's rule for function names. */
export interface ToolNameRule {
  /** The provider, as it appears in error messages. */
  readonly provider: string;
  readonly pattern: RegExp;
  /** The rule in words. */
  readonly description: string;
  readonly maxLength: number;
  /** Characters allowed anywhere in the name (used to build a suggestion). */
  readonly allowedChar: RegExp;
  /** Whether the first character must be a letter or an underscore. */
  readonly letterFirst: boolean;
}

/**
 * The naming rules, as each provider documents them:
 * - OpenAI `FunctionDefinition.name` and Anthropic `Tool.name`: `^[a-zA-Z0-9_-]{1,64}$`.
 * - Gemini `FunctionDeclaration.name`: starts with a letter or an underscore, then
 *   letters, digits, `_`, `.`, `:` and `-`, at most 64 characters.
 * - MCP (SEP-986, as the official SDK checks it): `^[A-Za-z0-9._-]{1,128}$`.
 */
export const TOOL_NAME_RULES = Object.freeze({
  openai: rule('OpenAI', /^[a-zA-Z0-9_-]{1,64}$/, /[a-zA-Z0-9_-]/, 64, false, "letters, digits, '_' and '-' only, 1 to 64 characters"),
  anthropic: rule('Anthropic', /^[a-zA-Z0-9_-]{1,64}$/, /[a-zA-Z0-9_-]/, 64, false, "letters, digits, '_' and '-' only, 1 to 64 characters"),
  gemini: rule(
    'Gemini',
    /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    /[a-zA-Z0-9_.:-]/,
    64,
    true,
    "a letter or '_' first, then letters, digits, '_', '.', ':' and '-', at most 64 characters",
  ),
  mcp: rule('MCP', /^[A-Za-z0-9._-]{1,128}$/, /[A-Za-z0-9._-]/, 128, false, "letters, digits, '_', '-' and '.' only, 1 to 128 characters"),
});

function rule(
  provider: string,
  pattern: RegExp,
  allowedChar: RegExp,
  maxLength: number,
  letterFirst: boolean,
  description: string,
): ToolNameRule {
  return Object.freeze({ provider, pattern, allowedChar, maxLength, letterFirst, description });
}

/** Throws an `InvalidToolNameError` when `name` breaks `rule`. */
export function assertToolName(name: string, rule: ToolNameRule): void {
  if (rule.pattern.test(name)) return;
  throw new InvalidToolNameError(name, rule.provider, rule.description, suggestName(name, rule));
}

function suggestName(name: string, rule: ToolNameRule): string {
  let fixed = [...name].map((c) => (rule.allowedChar.test(c) ? c : '_')).join('');
  if (fixed === '') fixed = 'tool';
  if (rule.letterFirst && !/^[a-zA-Z_]/.test(fixed)) fixed = `_${fixed}`;
  return fixed.slice(0, rule.maxLength);
}
