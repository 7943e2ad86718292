import { AccessMode, AgentMode, CostTier, type AgentModeLike, type AgentModeValue } from '../enums';
import type { AnyTool } from '../base-tool';
import { capText, errorMessage } from '../error-text';
import { readSchemaInput } from '../schema-input';
import type { JsonSchema } from '../json-schema';
import type { ToolExecutionContext } from '../context';
import { findPathArguments } from './path-arguments';
import { LookupBudgetExceeded, isInside, newFsAnswers, resolveRealPath } from './sandbox';

/** Which rule of the agent-mode policy decided. */
export type ModePolicyRule =
  | 'invalid-mode'
  | 'undeclared-access-mode'
  | 'access-mode'
  | 'cost-tier'
  | 'no-sandbox'
  | 'outside-sandbox'
  | 'too-many-paths';

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

/** What the policy needs to know about a tool, read once at registration. */
export interface ToolPolicyFacts {
  /** The declared access mode; `undefined` when the tool never declared one. */
  readonly declaredAccessMode: AccessMode | undefined;
  readonly costTier: CostTier;
  /** The parameters schema, for `format: 'path'` declarations. */
  readonly parameters: JsonSchema | undefined;
}

/** The mode and sandbox a call runs under, read once from its context at the call's start. */
export interface PolicyContext {
  readonly mode: unknown;
  readonly sandbox: unknown;
}

const ALLOWED: ModePolicyDecision = Object.freeze({ allowed: true });

/** The policy facts of `tool`, whose parameters schema is `parameters`. */
export function describeToolPolicy(tool: AnyTool, parameters: JsonSchema = readSchemaInput(tool.parameters).jsonSchema): ToolPolicyFacts {
  const declared = tool.metadata?.accessMode;
  return {
    declaredAccessMode: declared === undefined ? undefined : AccessMode.from(declared),
    costTier: CostTier.from(tool.costTier),
    parameters,
  };
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
  tool: AnyTool,
  ctx: ToolExecutionContext | undefined,
  args?: Record<string, unknown>,
): ModePolicyDecision {
  let facts: ToolPolicyFacts;
  let context: PolicyContext;
  try {
    facts = describeToolPolicy(tool);
    context = { mode: ctx?.mode, sandbox: ctx?.sandbox };
  } catch (error) {
    return { allowed: false, rule: 'undeclared-access-mode', reason: `the tool's metadata cannot be read: ${errorMessage(error)}` };
  }
  const decision = checkToolLevel(facts, context);
  if (!decision.allowed || args === undefined) return decision;
  return checkPathArguments(facts, context, args);
}

/** The mode named by `raw` (none means BUILD); throws the TypeError of an invalid one. */
function modeOf(raw: unknown): AgentMode {
  return raw === undefined || raw === null ? AgentMode.BUILD : AgentMode.from(raw as AgentModeLike);
}

/** The tool-level rules: everything but the path arguments. */
export function checkToolLevel(facts: ToolPolicyFacts, context: PolicyContext): ModePolicyDecision {
  if (context.mode === undefined || context.mode === null) return ALLOWED;
  let mode: AgentMode;
  try {
    mode = modeOf(context.mode);
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
  if (needsSandbox(access) && !hasSandbox(context)) return noSandbox(mode, access);
  return ALLOWED;
}

/**
 * The argument-level rule: in EXPLORE, every path argument of a WRITE,
 * EXECUTE or MIXED tool must resolve inside `sandbox` (see
 * `findPathArguments` for which arguments are paths). Relative paths
 * resolve against the sandbox, `..` and symlinks as the operating system
 * would; the first argument outside is named in the refusal.
 */
export function checkPathArguments(
  facts: ToolPolicyFacts,
  context: PolicyContext,
  args: Readonly<Record<string, unknown>>,
): ModePolicyDecision {
  if (context.mode === undefined || context.mode === null) return ALLOWED;
  const access = facts.declaredAccessMode;
  if (access === undefined || !checksPathArguments(facts)) return ALLOWED;
  let mode: AgentMode;
  try {
    mode = modeOf(context.mode);
  } catch (error) {
    return { allowed: false, rule: 'invalid-mode', reason: errorMessage(error) };
  }
  if (mode !== AgentMode.EXPLORE) return ALLOWED;
  if (!hasSandbox(context)) return noSandbox(mode, access);
  let sandbox: string;
  try {
    sandbox = resolveRealPath(context.sandbox as string, process.cwd());
  } catch (error) {
    return refuse(mode, 'outside-sandbox', `the sandbox '${capText(String(context.sandbox))}' cannot be resolved: ${errorMessage(error)}`);
  }
  // One check of the call's paths: what the file system said of an entry holds for all of them.
  const known = newFsAnswers();
  const resolved = new Map<string, string>();
  for (const { where, value } of findPathArguments(args, facts.parameters)) {
    let real: string;
    try {
      real = resolved.get(value) ?? resolveRealPath(value, sandbox, known);
    } catch (error) {
      // Each question blocks the event loop: a budget per call keeps one call from holding it for seconds.
      if (error instanceof LookupBudgetExceeded) {
        return refuse(mode, 'too-many-paths', `checking the call's paths against the sandbox needs more than ${error.budget} file-system lookups; send fewer paths per call`);
      }
      return refuse(mode, 'outside-sandbox', `argument '${capText(where)}' ('${capText(value)}') cannot be resolved: ${errorMessage(error)}`);
    }
    resolved.set(value, real);
    if (!isInside(real, sandbox)) {
      return refuse(
        mode,
        'outside-sandbox',
        `explore mode allows ${access.value} tools only inside the sandbox '${capText(sandbox)}', and argument '${capText(where)}' resolves to '${capText(real)}', outside it`,
      );
    }
  }
  return ALLOWED;
}

/** Whether `checkPathArguments` can refuse a call of the tool: only a WRITE, EXECUTE or MIXED tool's. */
export function checksPathArguments(facts: ToolPolicyFacts): boolean {
  return facts.declaredAccessMode !== undefined && needsSandbox(facts.declaredAccessMode);
}

function needsSandbox(access: AccessMode): boolean {
  return access === AccessMode.WRITE || access === AccessMode.EXECUTE || access === AccessMode.MIXED;
}

function hasSandbox(context: PolicyContext): boolean {
  return typeof context.sandbox === 'string' && context.sandbox.length > 0;
}

function noSandbox(mode: AgentMode, access: AccessMode): ModePolicyDecision {
  return refuse(
    mode,
    'no-sandbox',
    `explore mode allows ${access.value} tools only inside a sandbox, and ctx.sandbox is not set; set ctx.sandbox to a directory`,
  );
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
