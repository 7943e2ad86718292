// Issue 10, bounded work per call: validation is linear in the size of the
// arguments, a failure lists the first problems and counts the rest, and its
// text is capped. The hostile inputs are built here, as a model would send them.
import {
  DEFAULT_MAX_ERROR_CHARS,
  DEFAULT_MAX_ERRORS,
  ToolRegistry,
  validateArguments,
  type JsonSchema,
} from '@victor-tools/core';
import { silentLogger, TestTool } from './helpers';

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

  it('should fold a union over 64k wrong array items in under 2 s (it took 99 s)', () => {
    const args = { items: new Array(64_000).fill(true) };
    expect(JSON.stringify(args).length).toBeGreaterThan(312 * 1024); // 313 KB of JSON
    const { value, seconds } = timed(() => validateArguments(UNION_ITEMS, args).result);
    expect(seconds).toBeLessThan(SECONDS);
    expect(value.errors).toHaveLength(21);
    expect(value.errors[0]).toBe("Parameter 'items.0' has wrong type: expected string or integer, got boolean");
    expect(value.errors[19]).toBe("Parameter 'items.19' has wrong type: expected string or integer, got boolean");
    expect(value.errors[20]).toBe('... and 63980 more problems');
  });

  it('should answer 1e6 wrong-typed items with a short error (it was 69 MB)', async () => {
    const { result, seconds } = await executeWith(STRING_ITEMS, { list: new Array(1_000_000).fill(1) });
    expect(seconds).toBeLessThan(SECONDS);
    expect(result.success).toBe(false);
    const text = result.error!.slice("Invalid parameters for tool 't': ".length);
    expect(text.split('; ')).toHaveLength(21);
    expect(text.endsWith('; ... and 999980 more problems')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(DEFAULT_MAX_ERROR_CHARS);
    expect(result.metadata?.invalidParams).toEqual({ list: 'type: expected string' });
  });

  it('should answer 1e5 unknown keys with a short error and 20 invalid params (it was 2.8 MB)', async () => {
    const args = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`key${i}`, 1]));
    const { result, seconds } = await executeWith(CLOSED, args);
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
