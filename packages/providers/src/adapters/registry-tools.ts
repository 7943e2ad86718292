import { SchemaLevel, type BaseTool, type ToolExecutionContext, type ToolResult } from '@victor-tools/core';
import type { SchemaLevelLike, ToolRegistryLike } from '@victor-tools/core/framework';
import { describeValue } from '@victor-tools/core/internal';

/**
 * What a framework adapter needs of a registry: core's `ToolRegistry` fits it
 * as it is, and so does a wrapper or a filtered view with these members of
 * `ToolRegistryLike`. `approvalGate` is optional: with it, an adapter asks
 * its framework's person exactly when the gate answers `asks: 'person'`;
 * without it, approval is left to `execute`.
 */
export type AdaptableRegistry = Pick<ToolRegistryLike, 'listTools' | 'get' | 'execute'> & Partial<Pick<ToolRegistryLike, 'approvalGate'>>;

/**
 * Whether the person of an adapter's framework is asked about a call of the
 * tool registered as `name` with the adapter's `context`: what the
 * registry's `approvalGate` answers (asked before each call, since a WRITE
 * tool asks only until one call was approved).
 */
export function asksPerson(registry: AdaptableRegistry, name: string, context: ToolExecutionContext): boolean {
  return registry.approvalGate?.(name, context)?.asks === 'person';
}

/** One tool to offer: its registered name or alias, and optionally the schema level to describe it at. */
export type ToolChoice = string | { readonly name: string; readonly level?: SchemaLevelLike };

/**
 * Which tools to offer: a list of names (or `{ name, level }` objects), or
 * anything shaped like `selectTools(...)`'s answer (`{ tools: [{ name, level }] }`)
 * from `@victor-tools/metadata`, whose levels then fit its token budget.
 */
export type ToolsOption = Iterable<ToolChoice> | { readonly tools: Iterable<{ readonly name: string; readonly level?: SchemaLevelLike }> };

/** A tool picked to offer to a framework, with the level its schema is rendered at. */
export interface PickedTool {
  readonly tool: BaseTool;
  readonly level: SchemaLevel;
}

/**
 * The registry's tools to offer a framework, as an adapter's `tools` and
 * `level` options name them: those `tools` names, in its order, each once (a
 * name and its alias count as one tool), or every listed tool when `tools` is
 * undefined; each at its own level, else `level` (FULL by default). An unknown
 * name throws: a selection is made by the program, not the model.
 */
export function pickTools(registry: AdaptableRegistry, options: { tools?: ToolsOption; level?: SchemaLevelLike } = {}): PickedTool[] {
  const fallback = SchemaLevel.from(options.level ?? SchemaLevel.FULL);
  const option = options.tools;
  if (option === undefined) return [...registry.listTools()].map((tool) => ({ tool, level: fallback }));
  const choices = toolChoices('tools', option) as Iterable<ToolChoice>;
  const picked = new Map<string, PickedTool>();
  for (const choice of choices) {
    const name = typeof choice === 'string' ? choice : choice?.name;
    if (typeof name !== 'string') throw new TypeError(`A tool choice must be a name or { name, level }, got ${JSON.stringify(choice)}.`);
    const tool = registry.get(name);
    if (tool === undefined) throw new Error(`Tool '${name}' is not registered: pick tools by their registered name or an alias.`);
    const level = typeof choice === 'string' || choice.level === undefined ? fallback : SchemaLevel.from(choice.level);
    if (!picked.has(tool.name)) picked.set(tool.name, { tool, level });
  }
  return [...picked.values()];
}

/**
 * The choices of a `tools`-like option (`tools`, Anthropic's `loaded`): a list
 * of names or `{ name, level }`, or a selection's `tools`. Refuses, naming
 * `option`, a string (it would be read a character at a time: `Tool 'g' is
 * not registered`) and anything not iterable (`choices is not iterable`).
 */
export function toolChoices(option: string, value: unknown): Iterable<unknown> {
  const choices = value !== null && typeof value === 'object' && !(Symbol.iterator in value) && 'tools' in value ? (value as { tools: unknown }).tools : value;
  if (choices === null || typeof choices !== 'object' || typeof (choices as Iterable<unknown>)[Symbol.iterator] !== 'function') {
    const what = choices === value ? describeValue(value) : `a selection whose tools is ${describeValue(choices)}`;
    throw new TypeError(`${option} must be an array of tool names (or { name, level }) or selectTools(...)'s answer, got ${what}.`);
  }
  return choices as Iterable<unknown>;
}

