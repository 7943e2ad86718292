// Per-step selection measured end to end: scripted multi-step conversations
// over a catalogue, each user turn needing its tool(s), selected the way
// victorPrepareStep (and the LangChain and OpenAI Agents helpers) select:
// selectToolsForConversation over the turns so far, schemas at one level.
import { SchemaLevel, ToolRegistry, type BaseTool } from '@victor-tools/core';
import { ToolMetadataRegistry, selectTools, selectToolsForConversation, type ConversationTurn, type Embedder } from '@victor-tools/metadata';

/** One step: what the user says, and the tools the step needs. */
export interface ScriptedTurn {
  readonly request: string;
  readonly needs: readonly string[];
}

export interface ConversationFigures {
  readonly tools: number;
  readonly steps: number;
  /** Mean tokens of the tool definitions sent per step: every tool. */
  readonly tokensWithout: number;
  /** Mean tokens of the tool definitions sent per step: the selection. */
  readonly tokensWith: number;
  /** Mean share of a step's needed tools that were in its selection. */
  readonly recall: number;
  /** Share of steps with every needed tool in the selection. */
  readonly complete: number;
}

export const STEP_OPTIONS = { maxTools: 8, level: SchemaLevel.FULL, lowestLevel: SchemaLevel.FULL } as const;

/** Groups `turns` into conversations of `length` user turns, in order. */
export function conversationsOf(turns: readonly ScriptedTurn[], length = 3): ScriptedTurn[][] {
  const out: ScriptedTurn[][] = [];
  for (let i = 0; i < turns.length; i += length) out.push(turns.slice(i, i + length));
  return out;
}

/**
 * Plays every conversation: at each user turn, selects the tools for the
 * turns so far, records their tokens and whether the needed tools are among
 * them, then appends the assistant's calls of the needed tools and their
 * results (as the model would have made them).
 */
export async function playConversations(tools: readonly BaseTool[], conversations: readonly ScriptedTurn[][], embedder?: Embedder): Promise<ConversationFigures> {
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  const metadataRegistry = new ToolMetadataRegistry();
  if (embedder) metadataRegistry.configure({ embedder });
  const everything = selectTools(registry, '', { metadataRegistry, maxTools: Infinity, level: SchemaLevel.FULL, lowestLevel: SchemaLevel.FULL });
  let steps = 0;
  let tokens = 0;
  let recall = 0;
  let complete = 0;
  for (const conversation of conversations) {
    const turns: ConversationTurn[] = [];
    for (const { request, needs } of conversation) {
      turns.push({ role: 'user', text: request });
      const selection = await selectToolsForConversation(registry, turns, { ...STEP_OPTIONS, metadataRegistry });
      const chosen = new Set(selection.tools.map((t) => t.name));
      const found = needs.filter((name) => chosen.has(name)).length;
      steps += 1;
      tokens += selection.totalTokens;
      recall += found / needs.length;
      if (found === needs.length) complete += 1;
      turns.push({ role: 'assistant', toolNames: [...needs] }, { role: 'tool', toolNames: [...needs] });
    }
  }
  return {
    tools: everything.tools.length,
    steps,
    tokensWithout: everything.totalTokens,
    tokensWith: steps ? tokens / steps : 0,
    recall: steps ? recall / steps : 0,
    complete: steps ? complete / steps : 0,
  };
}
