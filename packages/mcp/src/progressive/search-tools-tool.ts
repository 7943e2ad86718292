import { AccessMode, BaseTool, Priority, ToolResult, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';
import { cutText, splitSentences } from '@victor-tools/core/internal';

/** The most tools one search may enable. */
export const MAX_SEARCH_LIMIT = 20;

/** What a search found: the tools it enabled for the session, best first. */
export interface FoundTool {
  name: string;
  description: string;
  score: number;
}

/**
 * `search_tools({ query, limit })`: the one tool a progressive session lists
 * besides its pinned ones. Its call ranks every tool of the registry and
 * enables the best for the session (`find` does that and answers them).
 */
export class SearchToolsTool extends BaseTool<{ query: string; limit?: number }> {
  constructor(
    private readonly toolName: string,
    private readonly defaultLimit: number,
    private readonly find: (query: string, limit: number, ctx: ToolCallContext) => Promise<FoundTool[]>,
  ) {
    super();
  }

  get name(): string {
    return this.toolName;
  }

  get description(): string {
    return (
      'Find tools for a task and make them available. Describe what you want to do in a few words ' +
      "(e.g. 'save this text to notes.txt'); the best matching tools are enabled for this session and " +
      'appear in the tool list, ready to call.'
    );
  }

  get parameters() {
    return {
      type: 'object' as const,
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 1000, description: 'What you want to do, in words' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_SEARCH_LIMIT, description: `How many tools to enable (default ${this.defaultLimit})` },
      },
      required: ['query'],
      additionalProperties: false,
    };
  }

  override get metadata(): ToolMetadataInput {
    return { accessMode: AccessMode.READONLY, priority: Priority.CRITICAL, keywords: ['search', 'tools', 'find', 'discover'] };
  }

  async execute(ctx: ToolCallContext, args: { query: string; limit?: number }): Promise<ToolResult> {
    const found = await this.find(args.query, args.limit ?? this.defaultLimit, ctx);
    if (found.length === 0) return ToolResult.ok(`No tool matches '${args.query}'. Try other words, or describe the task rather than the tool.`);
    const lines = found.map((tool) => `- ${tool.name}: ${firstSentence(tool.description)}`);
    return ToolResult.ok(`Enabled ${found.length} tool${found.length === 1 ? '' : 's'} for this session, best match first; call them by name:\n${lines.join('\n')}`);
  }
}

function firstSentence(text: string): string {
  const sentence = splitSentences(text)[0] ?? text;
  return cutText(sentence, 200);
}
