// Bounded work per call: validation is linear in the size of the
// arguments, a failure lists the first problems and counts the rest, and its
// text is capped. The hostile inputs are built here, as a model would send them.
import {
  BaseTool,
  ToolRegistry,
  ToolResult,
  type JsonSchema,
} from '@victor-tools/core';
import { DEFAULT_MAX_ERROR_CHARS, DEFAULT_MAX_ERRORS, validateArguments } from '@victor-tools/core/framework';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { silentLogger, TestTool } from '../../../test/support/tools';

/** The garbage collector, from a flag set at run time (jest's workers do not start with --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

// Inputs that took 5 to 99 s before. CPU time of this process (GC threads
// included), so that other processes on a shared CI machine do not count.
const SECONDS = 2;
jest.setTimeout(60_000);

const UNION_ITEMS: JsonSchema = {
  type: 'object',
  properties: { items: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } },
};
const STRING_ITEMS: JsonSchema = { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } };
const CLOSED: JsonSchema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };

/** CPU seconds since `since` (a `process.cpuUsage()` reading). */
function cpuSeconds(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
}

function timed<T>(run: () => T): { value: T; seconds: number } {
  const started = process.cpuUsage();
  const value = run();
  return { value, seconds: cpuSeconds(started) };
}

async function executeWith(parameters: JsonSchema, args: unknown, options = {}) {
  const registry = new ToolRegistry({ logger: silentLogger, ...options });
  const tool = new TestTool({ name: 't', parameters });
  registry.register(tool);
  await registry.execute('t', {}); // compile first: what is timed is the call
  const started = process.cpuUsage();
  const result = await registry.execute('t', args);
  return { result, tool, seconds: cpuSeconds(started) };
}

describe('bounded validation of hostile arguments', () => {
  it('should list 20 problems and count the rest by default, within 2048 characters', () => {
    expect(DEFAULT_MAX_ERRORS).toBe(20);
    expect(DEFAULT_MAX_ERROR_CHARS).toBe(2048);
    const { result } = validateArguments(STRING_ITEMS, { list: new Array(100).fill(1) });
    expect(result.errors).toHaveLength(21);
    expect(result.errors.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => `Parameter 'list.${i}' has wrong type: expected string, got number`));
    expect(result.errors[20]).toBe('... and 80 more problems');
    expect(result.issues).toHaveLength(20);
    expect(result.omittedIssues).toBe(80);
    expect(result.errors.join('; ').length).toBeLessThanOrEqual(2048);
  });

  // 64,000 items are over the default maxCheckedValues (50,000): with no limit, every problem is still found, in linear time.
  it.each([
    [16_000, '4.5 s', {}],
    [64_000, '99 s', { maxCheckedValues: Infinity }],
  ])('should fold a union over %i wrong array items in under 2 s (it took %s), answering exactly 20 problems and the count', (count, _before, options) => {
    const args = { items: new Array(count).fill(true) };
    if (count === 64_000) expect(JSON.stringify(args).length).toBeGreaterThan(312 * 1024); // 313 KB of JSON
    const { value, seconds } = timed(() => validateArguments(UNION_ITEMS, args, options).result);
    expect(seconds).toBeLessThan(SECONDS);
    const listed = Array.from({ length: 20 }, (_, i) => `Parameter 'items.${i}' has wrong type: expected string or integer, got boolean`);
    expect(value.errors).toEqual([...listed, `... and ${count - 20} more problems`]);
    // The exact size of what comes back, whatever the input's size.
    expect(value.errors.join('; ').length).toBe(listed.join('; ').length + `; ... and ${count - 20} more problems`.length);
    expect(value.omittedIssues).toBe(count - 20);
  });

  it('should answer 1e6 wrong-typed items with their first problem and a note that others were not looked for (168 characters)', async () => {
    const { result, seconds } = await executeWith(STRING_ITEMS, { list: new Array(1_000_000).fill(1) });
    expect(seconds).toBeLessThan(SECONDS);
    expect(result.error).toBe(
      "Invalid parameters for tool 't': Parameter 'list.0' has wrong type: expected string, got number; ... and perhaps more problems, not looked for in more than 50000 values",
    );
    expect(result.error!.length).toBe(168);
    expect(result.metadata?.invalidParams).toEqual({ list: 'type: expected string' });
  });

  it('should answer 1e6 wrong-typed items with exactly 20 problems and the count when every problem is asked for (maxCheckedValues: Infinity)', async () => {
    const { result, seconds } = await executeWith(STRING_ITEMS, { list: new Array(1_000_000).fill(1) }, { maxCheckedValues: Infinity });
    expect(seconds).toBeLessThan(SECONDS);
    expect(result.success).toBe(false);
    const listed = Array.from({ length: 20 }, (_, i) => `Parameter 'list.${i}' has wrong type: expected string, got number`);
    const expected = `Invalid parameters for tool 't': ${listed.join('; ')}; ... and 999980 more problems`;
    expect(result.error).toBe(expected);
    expect(result.error!.length).toBe(1351);
    expect(result.metadata?.invalidParams).toEqual({ list: 'type: expected string' });
  });

  it('should answer 1e5 unknown keys with a short error naming the first', async () => {
    const args = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`key${i}`, 1]));
    const { result, seconds } = await executeWith(CLOSED, args);
    expect(seconds).toBeLessThan(SECONDS);
    expect(result.error).toBe("Invalid parameters for tool 't': Unknown parameter 'key0'; ... and perhaps more problems, not looked for in more than 50000 values");
    expect(result.metadata?.invalidParams).toEqual({ key0: 'unknown parameter' });
  });

  it('should answer 1e5 unknown keys with 20 invalid params and the count when every problem is asked for (maxCheckedValues: Infinity)', async () => {
    const args = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`key${i}`, 1]));
    const { result, seconds } = await executeWith(CLOSED, args, { maxCheckedValues: Infinity });
    expect(seconds).toBeLessThan(SECONDS);
    expect(result.error).toBe(
      `Invalid parameters for tool 't': ${Array.from({ length: 20 }, (_, i) => `Unknown parameter 'key${i}'`).join('; ')}; ... and 99980 more problems`,
    );
    expect(Object.keys(result.metadata?.invalidParams as object)).toHaveLength(20);
    expect(JSON.stringify(result).length).toBeLessThan(4096);
  });

  it('should answer a 16 MB unknown key quickly, echoing 120 characters of it', async () => {
    const key = 'k'.repeat(16 * 1024 * 1024);
    const { result, seconds } = await executeWith(CLOSED, { [key]: 1 });
    expect(seconds).toBeLessThan(SECONDS);
    expect(result.error).toBe(`Invalid parameters for tool 't': Unknown parameter '${'k'.repeat(117)}...'`);
    expect(result.metadata?.invalidParams).toEqual({ [`${'k'.repeat(117)}...`]: 'unknown parameter' });
    expect(JSON.stringify(result).length).toBeLessThan(1024);
  });

  it('should keep nothing of 8 keys of 4 MB once the call is over (126 MB stayed with the schema)', async () => {
    const gc = collector();
    const registry = new ToolRegistry({ logger: silentLogger });
    const open: JsonSchema = { type: 'object', properties: { a: { type: 'string' } } };
    // Not a TestTool: it would keep the arguments of every call it saw.
    registry.register(
      new (class extends BaseTool {
        get name() {
          return 'open';
        }
        get description() {
          return 'Keeps nothing of its calls.';
        }
        get parameters() {
          return open;
        }
        async execute() {
          return ToolResult.ok('ran');
        }
      })(),
    );
    await registry.execute('open', { a: 'x' });
    /** An object with 8 keys of 4 MB each, new ones every round. */
    const hostile = (round: number) => {
      const args: Record<string, unknown> = { a: 'x' };
      for (let i = 0; i < 8; i++) args[`${String.fromCharCode(97 + i)}${round}`.repeat(4 * 1024 * 1024)] = i;
      return args;
    };
    // V8 itself keeps some recent property names alive (tens of MB of them here,
    // however many rounds): build and drop a few rounds first, so that what is
    // measured below is what the registry keeps.
    for (let round = 0; round < 4; round++) expect(Object.keys(hostile(round))).toHaveLength(9);
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let round = 4; round < 10; round++) expect((await registry.execute('open', hostile(round))).success).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
    // The registry, the tool and its schema are alive; 192 MB of keys went through them. What V8
    // keeps of recent property names varies from run to run (up to about 40 MB measured, 75 MB
    // once on a loaded machine), but it does not grow with the rounds; a schema that kept its
    // calls' keys would hold 192 MB of them after six rounds (126 MB per round with a generated copier).
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(112 * 1024 * 1024);
  });

  it('should generate no code from the arguments: new key lists compile nothing', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { type: 'string' } } };
    validateArguments(schema, {}); // the schema's own compilation
    const generate = jest.spyOn(globalThis, 'Function');
    try {
      for (let i = 0; i < 50; i++) validateArguments(schema, { a: 'x', [`key${i}`]: i, ['k'.repeat(100_000 + i)]: i });
      expect(generate).not.toHaveBeenCalled();
    } finally {
      generate.mockRestore();
    }
  });

  it('should take other limits as options, and never list fewer than one problem', () => {
    const args = { list: new Array(50).fill(1) };
    const three = validateArguments(STRING_ITEMS, args, { maxErrors: 3 }).result;
    expect(three.errors).toHaveLength(4);
    expect(three.errors[3]).toBe('... and 47 more problems');
    const all = validateArguments(STRING_ITEMS, args, { maxErrors: Infinity, maxErrorChars: Infinity }).result;
    expect(all.errors).toHaveLength(50);
    expect(all.omittedIssues).toBe(0);
    const short = validateArguments(STRING_ITEMS, args, { maxErrorChars: 200 }).result;
    expect(short.errors.join('; ').length).toBeLessThanOrEqual(200);
    expect(short.errors).toEqual([
      "Parameter 'list.0' has wrong type: expected string, got number",
      "Parameter 'list.1' has wrong type: expected string, got number",
      '... and 48 more problems',
    ]);
    const none = validateArguments(STRING_ITEMS, args, { maxErrors: 0, maxErrorChars: 1 }).result;
    expect(none.errors[0]).toMatch(/^Parameter 'list\.0' has wrong type/);
    expect(none.errors.join('; ').length).toBeLessThanOrEqual(80);
  });

  it('should cut a problem too long for the cap on its own', () => {
    const schema: JsonSchema = { type: 'object', properties: { mode: { enum: Array.from({ length: 1000 }, (_, i) => `mode_${i}`) } } };
    const { result } = validateArguments(schema, { mode: 'x' });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].length).toBe(DEFAULT_MAX_ERROR_CHARS);
    expect(result.errors[0]).toMatch(/^Parameter 'mode' must be one of: \['mode_0', 'mode_1', .*\.\.\.$/);
  });
});
