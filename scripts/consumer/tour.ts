// The README's tour as a user compiles it outside the repository. The smoke
// script copies this file to tour.mts (ESM), tour.cts (CommonJS) and tour.ts
// (bundler resolution) and compiles each with strict TypeScript, with stage-3
// and with legacy decorators; the compiled ESM and CommonJS files then run.
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { z } from 'zod';
import { BaseTool, SchemaLevel, ToolRegistry, ToolResult, estimateTokens, type ToolCallContext } from '@victor-tools/core';
import { Param, Tool, tool } from '@victor-tools/decorators';
import { ToolMetadataRegistry, selectTools } from '@victor-tools/metadata';
import { toAnthropicTool, toOpenAITool } from '@victor-tools/providers';

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
  ({ a, b }) => {
    // Inference intact: a and b are numbers (unknown would fail `a + b`, any would leave this unused).
    // @ts-expect-error a is a number, not a string
    const notText: string = a;
    return a + b;
  },
);

const Booking = z
  .object({ room: z.string().min(1), from: z.iso.time(), to: z.iso.time(), note: z.string().trim().optional() })
  .refine((b) => b.to > b.from, { message: 'to must be after from', path: ['to'] });

const bookRoom = tool(
  { name: 'book_room', description: 'Book a meeting room.', parameters: Booking, accessMode: 'write' },
  ({ room, from, to }) => {
    // Inferred from the zod schema (through Standard Schema's types).
    // @ts-expect-error room is a string, not a number
    const notNumber: number = room;
    return `${room} booked ${from}-${to}`;
  },
);

async function tour(): Promise<void> {
  const registry = new ToolRegistry();
  registry.register(new ReadFile());
  registry.register(new Grep());
  registry.register(add);
  registry.register(bookRoom);

  const ok = await registry.execute('add', { a: 2, b: 3 });
  assert.equal(ok.output, 5);
  const bad = await registry.execute('grep', { limit: 'ten' });
  assert.equal(
    bad.error,
    "Invalid parameters for tool 'grep': Required parameter 'pattern' is missing; Parameter 'limit' has wrong type: expected integer, got string",
  );
  const grep = await registry.execute('grep', { pattern: 'TODO' });
  assert.deepEqual(grep.output, ['TODO x20']);
  const booked = await registry.execute('book_room', { room: 'Ada', from: '10:00', to: '09:30' });
  assert.equal(booked.error, "Invalid parameters for tool 'book_room': Validation error at 'to': to must be after from");
  assert.equal((await registry.execute('book_room', { room: 'Ada', from: '09:30', to: '10:00' })).output, 'Ada booked 09:30-10:00');

  const compact = registry.get('read_file')!.toSchema(SchemaLevel.COMPACT);
  assert.equal(estimateTokens(compact), 53);
  ToolMetadataRegistry.getInstance().refreshFromTools(registry);
  const hits = ToolMetadataRegistry.getInstance().search('search the contents of files for a pattern', { limit: 3 });
  assert.equal(hits[0]?.name, 'grep');
  const picked = selectTools(registry, 'read a file', { maxTools: 2, tokenBudget: 400 });
  assert.equal(picked.tools[0]?.name, 'read_file');
  assert.equal(toOpenAITool(registry.get('grep')!, { strict: true }).schema.function.strict, true);
  assert.equal(toAnthropicTool(registry.get('grep')!).schema.name, 'grep');
  console.log('tour ok');
}

tour().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
