// The README's tour, run as it is written there: if this file changes, change
// the README with it (and the other way round).
import { Type } from '@sinclair/typebox';
import { z } from 'zod';
import { BaseTool, SchemaLevel, ToolRegistry, ToolResult, estimateTokens, type ToolCallContext } from '@victor-tools/core';
import { Param, Tool, tool } from '@victor-tools/decorators';
import { ToolMetadataRegistry, selectTools } from '@victor-tools/metadata';
import { toAnthropicTool, toOpenAITool } from '@victor-tools/providers';

// --- README: 1. Declare tools
class ReadFile extends BaseTool<{ path: string }> {
  get name() { return 'read_file'; }
  get description() { return 'Read a UTF-8 text file and return its contents.'; }
  get parameters() {
    return { type: 'object', properties: { path: { type: 'string', description: 'File to read' } }, required: ['path'] };
  }
  async execute(_ctx: ToolCallContext, args: { path: string }) {
    return ToolResult.ok(`contents of ${args.path}`);
  }
}

class GrepParams {
  @Param({ type: 'string', description: 'Regular expression to look for' }) pattern!: string;
  @Param({ type: 'integer', minimum: 1, description: 'Most matches to return' }) limit = 20;
}

@Tool({ name: 'grep', description: 'Search file contents for a pattern.', params: GrepParams, accessMode: 'readonly' })
class Grep {
  execute(args: GrepParams) {
    return [`${args.pattern} x${args.limit}`];
  }
}

const add = tool(
  { name: 'add', description: 'Add two numbers.', parameters: Type.Object({ a: Type.Number(), b: Type.Number() }) },
  ({ a, b }) => a + b, // a and b are numbers, inferred from the schema
);

const Booking = z
  .object({ room: z.string().min(1), from: z.iso.time(), to: z.iso.time(), note: z.string().trim().optional() })
  .refine((b) => b.to > b.from, { message: 'to must be after from', path: ['to'] });

const bookRoom = tool(
  { name: 'book_room', description: 'Book a meeting room.', parameters: Booking, accessMode: 'write' },
  ({ room, from, to }) => `${room} booked ${from}-${to}`, // typed from the zod schema
);

// --- README: 2. Register and call
async function tour() {
  const registry = new ToolRegistry();
  registry.register(new ReadFile());
  registry.register(new Grep());
  registry.register(add);
  registry.register(bookRoom);

  const ok = await registry.execute('add', { a: 2, b: 3 });
  // ok.success === true, ok.output === 5
  const bad = await registry.execute('grep', { limit: 'ten' });
  // bad.error === "Invalid parameters for tool 'grep': Required parameter 'pattern' is missing;
  //               Parameter 'limit' has wrong type: expected integer, got string"
  const grep = await registry.execute('grep', { pattern: 'TODO' });
  // grep.output: ['TODO x20'] (the default applied)
  const booked = await registry.execute('book_room', { room: 'Ada', from: '10:00', to: '09:30' });
  // booked.error === "Invalid parameters for tool 'book_room': Validation error at 'to': to must be after from"

  // --- README: 3. Schemas to fit a budget, search, and export
  const compact = registry.get('read_file')!.toSchema(SchemaLevel.COMPACT);
  const tokens = estimateTokens(compact);
  ToolMetadataRegistry.getInstance().refreshFromTools(registry);
  const hits = ToolMetadataRegistry.getInstance().search('search the contents of files for a pattern', { limit: 3 });
  const picked = selectTools(registry, 'read a file', { maxTools: 2, tokenBudget: 400 });
  const openai = toOpenAITool(registry.get('grep')!, { strict: true }).schema;
  const anthropic = toAnthropicTool(registry.get('grep')!).schema;
  return { ok, bad, grep, booked, registry, compact, tokens, hits, picked, openai, anthropic };
}

describe('README tour', () => {
  beforeEach(() => ToolMetadataRegistry.resetInstance());

  it('should behave as the README says', async () => {
    const { ok, bad, grep, booked, registry, compact, tokens, hits, picked, openai, anthropic } = await tour();
    expect(ok.success).toBe(true);
    expect(ok.output).toBe(5);
    expect(bad.success).toBe(false);
    expect(bad.error).toBe(
      "Invalid parameters for tool 'grep': Required parameter 'pattern' is missing; Parameter 'limit' has wrong type: expected integer, got string",
    );
    expect(grep.output).toEqual(['TODO x20']);
    expect(booked.error).toBe("Invalid parameters for tool 'book_room': Validation error at 'to': to must be after from");
    await expect(registry.execute('book_room', { room: 'Ada', from: '09:30', to: '10:00', note: ' quiet ' })).resolves.toMatchObject({
      success: true,
      output: 'Ada booked 09:30-10:00',
    });
    expect(registry.get('book_room')!.parameters).toMatchObject({ type: 'object', required: ['room', 'from', 'to'] });
    expect(compact.function.name).toBe('read_file');
    expect(tokens).toBeGreaterThan(10);
    expect(hits[0]?.name).toBe('grep');
    expect(picked.tools[0]?.name).toBe('read_file');
    expect(picked.totalTokens).toBeLessThanOrEqual(400);
    expect(openai.function.strict).toBe(true);
    expect(openai.function.parameters.required).toEqual(['pattern', 'limit']);
    expect(anthropic.input_schema.required).toEqual(['pattern']);
  });
});
