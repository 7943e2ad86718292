import { AccessMode, CostTier, type DangerLevel, type ExecutionCategory } from '../enums';
import { BaseTool } from '../base-tool';
import { capText, describeValue, errorMessage } from '../error-text';
import { outputSchemaFormsOf, readSchemaInput, type StandardSchemaV1 } from '../schema-input';
import { normalizeMetadata, type ToolMetadata } from '../tool-metadata';
import type { JsonSchema } from '../json-schema';
import type { CompiledSchema } from '../validation/validator-cache';
import { approvalRequirementOf, type ApprovalRequirement } from '../policy/approval';
import { describeToolPolicy, type ToolPolicyFacts } from '../policy/mode-policy';
import { generatorProblem, parametersProblem, referencePropertyProblem, toolNameProblem } from './registration-rules';
import { timeoutProblem } from '../timeouts';
import { registeredView } from './registered-view';

/**
 * A registered tool with everything a call needs read once, at
 * registration: the schema reference (so the validator's compile cache
 * hits), the policy facts, the timeout, the progress parameters.
 */
export interface ToolEntry {
  /** The name it is registered under. */
  readonly name: string;
  /** What was passed to `register`: a BaseTool, or a tool provider (a `@Tool` instance, a function tool). */
  readonly registered: unknown;
  /** The BaseTool whose `execute` runs (the provider's, for a tool provider). */
  readonly tool: BaseTool;
  /** What the registry hands out (`get`, `listTools`): `tool` itself, or a view of it under its registered name and with JSON Schema parameters. */
  readonly view: BaseTool;
  readonly aliases: readonly string[];
  /** The parameters' JSON Schema (the tool's own object when it declared one). */
  readonly parameters: JsonSchema;
  /** The declared output schema (`outputSchemaOf`), checked after each successful call; undefined for none. */
  readonly outputSchema: JsonSchema | undefined;
  /** The output schema's Standard Schema (zod...), whose own validation runs after the JSON Schema's (`checkOutput`). */
  readonly outputStandard: StandardSchemaV1 | undefined;
  /** The Standard Schema the tool declared as its parameters, validated after the JSON Schema (`validateStandard`). */
  readonly standard: StandardSchemaV1 | undefined;
  readonly policy: ToolPolicyFacts;
  /** The declared access mode, or READONLY (the reference's default). */
  readonly accessMode: AccessMode;
  readonly dangerLevel: DangerLevel;
  readonly executionCategory: ExecutionCategory;
  readonly costTier: CostTier;
  readonly progressParams: readonly string[];
  readonly timeoutMs: number | undefined;
  /** When calls ask for approval, and why (the agent mode aside): policy/approval.ts's one rule. */
  readonly approval: ApprovalRequirement;
  /** Whether calls are logged (access modes of approval level 1, e.g. NETWORK). */
  readonly logsCalls: boolean;
  /** The compiled validator, looked up on the first call (validators are compiled lazily). */
  compiled: CompiledSchema | undefined;
  /**
   * Whether the tool keeps BaseTool's own `isAvailable` (always true), read
   * at registration: such a tool is never polled, so listing and cached
   * schemas cost nothing per static tool.
   */
  readonly alwaysAvailable: boolean;
  enabled: boolean;
  /** Set once a WRITE tool's first use was approved. */
  approvedOnce: boolean;
}

// The Standard Schema behind each registered view of a tool that declared
// one (a view's `parameters` is its JSON Schema), for `standardSchemaOf`.
const standardOfView = new WeakMap<BaseTool, StandardSchemaV1>();

/**
 * The Standard Schema (zod, valibot, arktype) a tool declared as its
 * parameters, or undefined for a JSON Schema or TypeBox tool; also for the
 * view a registry hands out (`registry.get(name)`), whose `parameters` is
 * the converted JSON Schema. For a queue worker, which validates a call
 * again as the caller's registry did: ajv, then the library. Throws what
 * reading the tool's `parameters` throws (a registry's view never does).
 */
export function standardSchemaOf(tool: BaseTool): StandardSchemaV1 | undefined {
  return standardOfView.get(tool) ?? readSchemaInput(tool.parameters).standard;
}

/** Reads `tool` once into an entry registered as `name`; a TypeError names the tool when a property is unusable. */
export function createEntry(registered: unknown, tool: BaseTool, name: string, enabled: boolean): ToolEntry {
  const described = `Tool '${name}'`;
  const read = <T>(what: string, get: () => T): T => {
    try {
      return get();
    } catch (error) {
      throw new TypeError(`${described} cannot be registered: its ${what} cannot be read (${errorMessage(error)}).`);
    }
  };
  const refuse = (problem: string | undefined): void => {
    if (problem !== undefined) throw new TypeError(`${described} cannot be registered: ${problem}.`);
  };
  refuse(referencePropertyProblem(tool));
  const execute = read('execute', () => tool.execute);
  if (typeof execute !== 'function') refuse(`it has no execute method (got ${describeValue(execute)})`);
  refuse(generatorProblem(execute, 'its execute method'));
  const description = read('description', () => tool.description);
  if (typeof description !== 'string') refuse(`its description must be a string, got ${describeValue(description)}`);
  const declared = read('parameters', () => tool.parameters);
  const { jsonSchema: parameters, standard } = readSchemaInput(declared, { owner: described });
  refuse(parametersProblem(parameters));
  const declaredOutput = read('outputSchema', () => tool.outputSchema);
  let output: { jsonSchema: JsonSchema; standard: StandardSchemaV1 | undefined } | undefined;
  try {
    output = outputSchemaFormsOf(declaredOutput);
  } catch (error) {
    refuse(errorMessage(error));
  }
  const declaredMetadata = read('metadata', () => tool.metadata);
  let metadata: ToolMetadata;
  try {
    metadata = normalizeMetadata(declaredMetadata ?? {});
  } catch (error) {
    throw new TypeError(`${described} cannot be registered: ${errorMessage(error).replace(/\.$/, '')}.`);
  }
  const aliases = read('aliases', () => tool.aliases ?? []);
  if (!Array.isArray(aliases) || aliases.some((alias) => typeof alias !== 'string' || alias.length === 0)) {
    throw new TypeError(`${described} cannot be registered: its aliases must be an array of non-empty strings.`);
  }
  // An alias is a name a caller (a model) may use: the name's rule, so that no provider refuses it either.
  for (const alias of aliases as string[]) {
    const aliasProblem = toolNameProblem(alias);
    if (aliasProblem !== undefined) refuse(`its alias '${capText(alias)}' cannot be a tool's name: ${aliasProblem}`);
  }
  const timeoutMs = read('timeoutMs', () => tool.timeoutMs);
  const timeoutRefusal = timeoutProblem(timeoutMs);
  if (timeoutRefusal !== undefined) throw new TypeError(`${described} cannot be registered: ${timeoutRefusal}.`);
  const policy = read('metadata', () => describeToolPolicy(tool, parameters));
  const accessMode = policy.declaredAccessMode ?? AccessMode.READONLY;
  const dangerLevel = metadata.dangerLevel;
  const view = read('name', () => tool.name) === name && parameters === declared ? tool : registeredView(tool, name, parameters);
  if (standard !== undefined) standardOfView.set(view, standard);
  return {
    name,
    registered,
    tool,
    view,
    aliases: [...new Set(aliases.filter((alias) => alias !== name))],
    parameters,
    outputSchema: output?.jsonSchema,
    outputStandard: output?.standard,
    standard,
    policy,
    accessMode,
    dangerLevel,
    executionCategory: metadata.executionCategory,
    costTier: read('costTier', () => CostTier.from(tool.costTier)),
    progressParams: [...metadata.progressParams],
    timeoutMs,
    approval: approvalRequirementOf(accessMode, dangerLevel),
    logsCalls: accessMode.approvalLevel === 1,
    compiled: undefined,
    alwaysAvailable: keepsDefaultAvailability(tool),
    enabled,
    approvedOnce: false,
  };
}

/**
 * Whether `tool.isAvailable` is BaseTool's own, which answers true forever.
 * (A tool of another copy of core has another BaseTool and is polled.)
 */
function keepsDefaultAvailability(tool: BaseTool): boolean {
  try {
    return tool.isAvailable === BaseTool.prototype.isAvailable;
  } catch {
    return false;
  }
}

/** Whether the tool can run now; an `isAvailable` that throws counts as unavailable. */
export function isEntryAvailable(entry: ToolEntry): boolean {
  if (entry.alwaysAvailable) return true;
  try {
    return Boolean(entry.tool.isAvailable());
  } catch {
    return false;
  }
}
