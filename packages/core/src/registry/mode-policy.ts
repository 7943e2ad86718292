import { AccessMode, AgentMode, CostTier, type AgentModeValue } from '../enums';
import type { BaseTool } from '../base-tool';
import type { JsonSchema, ToolExecutionContext } from '../types';
import { capText, errorMessage } from './describe-error';
import { isInside, resolveRealPath } from './sandbox';

/** Which rule of the agent-mode policy decided. */
export type ModePolicyRule =
  | 'invalid-mode'
  | 'undeclared-access-mode'
  | 'access-mode'
  | 'cost-tier'
  | 'no-sandbox'
  | 'outside-sandbox';

/** The verdict of `checkModePolicy`. */
export interface ModePolicyDecision {
  allowed: boolean;
  /** Why the call was refused, for the model and the user. */
  reason?: string;
  /** The mode the decision was made in. */
  mode?: AgentModeValue;
  /** The rule that refused the call. */
  rule?: ModePolicyRule;
}

/** What the policy needs to know about a tool, computed once per registration. */
export interface ToolPolicyFacts {
  /** The declared access mode; `undefined` when the tool never declared one. */
  readonly declaredAccessMode: AccessMode | undefined;
  readonly costTier: CostTier;
  /** Parameters whose schema says `format: 'path'` (also on array items). */
  readonly pathFormatParams: ReadonlySet<string>;
}

const ALLOWED: ModePolicyDecision = Object.freeze({ allowed: true });
const PATH_LIKE_NAME = /(path|file|dir|directory|cwd)s?$|directories$/i;

/** The policy facts of `tool`, whose parameters schema is `parameters`. */
export function describeToolPolicy(tool: BaseTool, parameters: JsonSchema = tool.parameters): ToolPolicyFacts {
  const declared = tool.metadata?.accessMode;
  return {
    declaredAccessMode: declared === undefined ? undefined : AccessMode.from(declared),
    costTier: CostTier.from(tool.costTier),
    pathFormatParams: pathFormatParams(parameters),
  };
}

function pathFormatParams(parameters: JsonSchema | undefined): ReadonlySet<string> {
  const found = new Set<string>();
  const properties = parameters?.properties;
  if (properties && typeof properties === 'object') {
    for (const [key, schema] of Object.entries(properties)) {
      if (!schema || typeof schema !== 'object') continue;
      const items = schema.items;
      if (schema.format === 'path' || (items && !Array.isArray(items) && items.format === 'path')) found.add(key);
    }
  }
  return found;
}

/**
 * Whether the agent mode of `ctx` (`ctx.mode`; none means BUILD) lets `tool`
 * run: PLAN allows only READONLY and NETWORK tools; EXPLORE refuses HIGH cost
 * tools and allows WRITE, EXECUTE and MIXED tools only with `ctx.sandbox`
 * set and, when `args` are given, every path argument inside it; BUILD
 * allows all. PLAN and EXPLORE refuse a tool that never declared its access
 * mode. With `args` undefined only the tool-level rules apply.
 */
export function checkModePolicy(
  tool: BaseTool,
  ctx: ToolExecutionContext | undefined,
  args?: Record<string, unknown>,
): ModePolicyDecision {
  let facts: ToolPolicyFacts;
  try {
    facts = describeToolPolicy(tool);
  } catch (error) {
    return { allowed: false, rule: 'undeclared-access-mode', reason: `the tool's metadata cannot be read: ${errorMessage(error)}` };
  }
  const decision = checkToolLevel(facts, ctx);
  if (!decision.allowed || args === undefined) return decision;
  return checkPathArguments(facts, ctx, args);
}

/** The mode of `ctx`, or the `TypeError` of an invalid one. */
function modeOf(ctx: ToolExecutionContext | undefined): AgentMode {
  const raw = ctx?.mode;
  return raw === undefined || raw === null ? AgentMode.BUILD : AgentMode.from(raw);
}

/** The tool-level rules: everything but the path arguments. */
export function checkToolLevel(facts: ToolPolicyFacts, ctx: ToolExecutionContext | undefined): ModePolicyDecision {
  if (ctx === undefined || ctx === null || ctx.mode === undefined || ctx.mode === null) return ALLOWED;
  let mode: AgentMode;
  try {
    mode = modeOf(ctx);
  } catch (error) {
    return { allowed: false, rule: 'invalid-mode', reason: errorMessage(error) };
  }
  if (mode === AgentMode.BUILD) return ALLOWED;
  const access = facts.declaredAccessMode;
  if (access === undefined) {
    return refuse(
      mode,
      'undeclared-access-mode',
      `the tool does not declare its access mode; declare it (e.g. metadata { accessMode: 'readonly' }) so ${mode.value} mode can tell what it touches`,
    );
  }
  if (mode === AgentMode.PLAN) {
    if (access === AccessMode.READONLY || access === AccessMode.NETWORK) return ALLOWED;
    return refuse(mode, 'access-mode', `plan mode allows only readonly and network tools, and this tool's access mode is '${access.value}'`);
  }
  if (facts.costTier === CostTier.HIGH) {
    return refuse(mode, 'cost-tier', `explore mode does not allow tools of the high cost tier; switch to build mode to use it`);
  }
  if (needsSandbox(access) && !hasSandbox(ctx)) {
    return refuse(
      mode,
      'no-sandbox',
      `explore mode allows ${access.value} tools only inside a sandbox, and ctx.sandbox is not set; set ctx.sandbox to a directory`,
    );
  }
  return ALLOWED;
}

/**
 * The argument-level rule: in EXPLORE, every path argument of a WRITE,
 * EXECUTE or MIXED tool must resolve inside `ctx.sandbox`. Path arguments
 * are the string (or string array) arguments whose name ends in path, file,
 * dir, directory or cwd (plurals too, case-insensitive) or whose schema says
 * `format: 'path'`. Relative paths resolve against the sandbox.
 */
export function checkPathArguments(
  facts: ToolPolicyFacts,
  ctx: ToolExecutionContext | undefined,
  args: Record<string, unknown>,
): ModePolicyDecision {
  if (ctx === undefined || ctx === null || ctx.mode === undefined || ctx.mode === null) return ALLOWED;
  const access = facts.declaredAccessMode;
  if (access === undefined || !needsSandbox(access)) return ALLOWED;
  let mode: AgentMode;
  try {
    mode = modeOf(ctx);
  } catch (error) {
    return { allowed: false, rule: 'invalid-mode', reason: errorMessage(error) };
  }
  if (mode !== AgentMode.EXPLORE) return ALLOWED;
  if (!hasSandbox(ctx)) {
    return refuse(mode, 'no-sandbox', `explore mode allows ${access.value} tools only inside a sandbox, and ctx.sandbox is not set; set ctx.sandbox to a directory`);
  }
  let sandbox: string;
  try {
    sandbox = resolveRealPath(ctx.sandbox as string, process.cwd());
  } catch (error) {
    return refuse(mode, 'outside-sandbox', `the sandbox '${capText(String(ctx.sandbox))}' cannot be resolved: ${errorMessage(error)}`);
  }
  for (const key of Object.keys(args)) {
    if (!PATH_LIKE_NAME.test(key) && !facts.pathFormatParams.has(key)) continue;
    const value = args[key];
    const values = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    for (const raw of values) {
      let real: string;
      try {
        real = resolveRealPath(raw, sandbox);
      } catch (error) {
        return refuse(mode, 'outside-sandbox', `argument '${capText(key)}' ('${capText(raw)}') cannot be resolved: ${errorMessage(error)}`);
      }
      if (!isInside(real, sandbox)) {
        return refuse(
          mode,
          'outside-sandbox',
          `explore mode allows ${access.value} tools only inside the sandbox '${sandbox}', and argument '${capText(key)}' resolves to '${capText(real)}', outside it`,
        );
      }
    }
  }
  return ALLOWED;
}

function needsSandbox(access: AccessMode): boolean {
  return access === AccessMode.WRITE || access === AccessMode.EXECUTE || access === AccessMode.MIXED;
}

function hasSandbox(ctx: ToolExecutionContext): boolean {
  return typeof ctx.sandbox === 'string' && ctx.sandbox.length > 0;
}

function refuse(mode: AgentMode, rule: ModePolicyRule, reason: string): ModePolicyDecision {
  return { allowed: false, mode: mode.value, rule, reason };
}

/** The failed-result message of a refused call: `Tool 'x' refused in plan mode: ...`. */
export function refusalMessage(toolName: string, decision: ModePolicyDecision): string {
  return decision.mode
    ? `Tool '${toolName}' refused in ${decision.mode} mode: ${decision.reason}`
    : `Tool '${toolName}' refused: ${decision.reason}`;
}
