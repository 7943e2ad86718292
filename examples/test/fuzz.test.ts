import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { ToolRegistry, ToolResult, type ToolExecutionContext } from '@victor-tools/core';
import { ToolContainer } from '@victor-tools/decorators';
import { codeMetrics } from '../src/code-metrics';
import { CustomTool } from '../src/custom-tool';
import { FindFiles } from '../src/find-files';
import { TextToolbox } from '../src/text-toolbox';
import { FUZZ_RUNS, fuzzParams } from '../../test/support/fuzz';
import { sameDeep } from '../../test/support/same-deep';
import { silentLogger } from '../../test/support/logger';

// A property's time grows with FUZZ_RUNS (and with the load of a shared CI machine).
jest.setTimeout(60_000 + FUZZ_RUNS * 100);
const params = fuzzParams;

const TOOLS = ['custom_tool', 'find_files', 'code_metrics', 'text_stats', 'word_count'] as const;
const FIXTURES = ['a.txt', 'data.json', 'conf.yaml', 'src/m.ts', 'src/deep/n.js', 'src/p.py'];
const MAX_ERROR_LENGTH = 4096;
const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'polluted'];

/**
 * Every tool works inside one temp dir: custom_tool and find_files get it as
 * their root, the working directory (code_metrics' root) is moved there for
 * the suite, and the contexts that set a sandbox set it, so no generated call
 * can read or write the repo, whatever path it sends.
 */
let root: string;
let cwd: string;
let registry: ToolRegistry;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'victor-examples-fuzz-')));
  mkdirSync(join(root, 'src', 'deep'), { recursive: true });
  writeFileSync(join(root, 'a.txt'), '  Hello big World  \nsecond line\n');
  writeFileSync(join(root, 'data.json'), '{\n  "a": 1,\n  "b": \n}\n');
  writeFileSync(join(root, 'conf.yaml'), 'name: x\n\tindented: y\n');
  writeFileSync(join(root, 'src', 'm.ts'), '// m\nexport function f(a: number) {\n  return a > 1 ? a : a ?? 0;\n}\n');
  writeFileSync(join(root, 'src', 'deep', 'n.js'), 'function g(x) { if (x) { return 1; } return 2; }\n');
  writeFileSync(join(root, 'src', 'p.py'), 'def h(x):\n    return 1 if x else 2\n');
  cwd = process.cwd();
  process.chdir(root);
  registry = new ToolRegistry({ logger: silentLogger });
  const report = new ToolContainer({ registry }).scan(new CustomTool(root), new FindFiles(root), codeMetrics, new TextToolbox());
  expect(report.registered.map((r) => r.name).sort()).toEqual([...TOOLS].sort());
});

afterAll(() => {
  process.chdir(cwd);
  rmSync(root, { recursive: true, force: true });
});

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
});

/** A deep copy in this realm that keeps prototypes, own keys (`__proto__` too) and cycles. */
function snapshotOf<T>(value: T, seen = new Map<unknown, unknown>()): T {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const copy = Array.isArray(value) ? new Array(value.length) : Object.create(Object.getPrototypeOf(value));
  seen.set(value, copy);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if ('value' in descriptor) descriptor.value = snapshotOf(descriptor.value, seen);
    Object.defineProperty(copy, key, descriptor);
  }
  return copy as T;
}

/** Values JSON can carry and values it cannot (NaN, ±Infinity, -0, undefined, bigint, dates). */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.double(),
  // Not the string '[object Object]': tools rightly echo a path they were given, and the check looks for that text.
  fc.constantFrom(NaN, Infinity, -Infinity, -0, undefined, null, '', 'true', '1'),
  fc.bigInt(),
  fc.date({ noInvalidDate: true }),
  fc.string(),
);

/** Objects with keys that pollute prototypes when code assigns them carelessly; `__proto__` made an own key by JSON.parse. */
const hostileKeys = fc
  .dictionary(fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 })
  .map((record) => JSON.parse(JSON.stringify(record)) as Record<string, unknown>);
const pollution = fc
  .constantFrom(
    '{"__proto__": {"polluted": "yes"}}',
    '{"constructor": {"prototype": {"polluted": "yes"}}}',
    '{"prototype": {"polluted": "yes"}}',
    '{"__proto__": {"polluted": "yes", "text": "x"}, "text": "y"}',
  )
  .map((json) => JSON.parse(json) as Record<string, unknown>);

const safeName = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}(\.(txt|ts|js|json|yaml))?$/);
const anyPath = fc.oneof(
  fc.constantFrom(...FIXTURES, '.', 'src', 'src/deep', '..', '../..', '/', '/etc/passwd', '~', 'C:\\x', 'a/../../b', 'src/../a.txt', '\u0000', ''),
  safeName,
  fc.string({ maxLength: 12 }),
);
const anyPattern = fc.oneof(
  fc.constantFrom('*', '**', '*.ts', '**/*.js', 'src/*', '{a,b}*', '[a-z]*', '!(*.ts)', '../*', '/etc/*', '~/x', 'C:/x', 'src/../../*', '\\', ''),
  fc.string({ maxLength: 12 }),
);

/** Arguments shaped like each tool's, with every field either plausible or hostile, and extra keys sometimes. */
function shapedArgs(name: (typeof TOOLS)[number]): fc.Arbitrary<Record<string, unknown>> {
  const or = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, anyValue);
  const fields: Record<(typeof TOOLS)[number], Record<string, fc.Arbitrary<unknown>>> = {
    custom_tool: {
      operation: or(fc.constantFrom('analyze', 'transform', 'validate', 'delete')),
      target: or(anyPath),
      options: or(
        fc.record(
          { mode: or(fc.constantFrom('upper', 'lower', 'trim', 'UPPER')), output: or(fc.oneof(anyPath, safeName.map((n) => `out/${n}`))) },
          { requiredKeys: [] },
        ),
      ),
    },
    find_files: { pattern: or(anyPattern), path: or(anyPath), recursive: or(fc.boolean()), limit: or(fc.integer({ min: -2, max: 1002 })) },
    code_metrics: { path: or(anyPath), metricType: or(fc.constantFrom('loc', 'complexity', 'all', 'ALL')), recursive: or(fc.boolean()) },
    text_stats: { text: or(fc.string({ maxLength: 200 })) },
    word_count: { text: or(fc.string({ maxLength: 200 })), top: or(fc.integer({ min: -1, max: 101 })) },
  };
  return fc
    .tuple(fc.record(fields[name], { requiredKeys: [] }), fc.option(hostileKeys, { nil: undefined }))
    .map(([args, extra]) => (extra === undefined ? args : Object.assign(extra, args)));
}

const toolName = fc.constantFrom(...TOOLS);
const anyCall = fc.oneof(
  { weight: 4, arbitrary: toolName.chain((name) => fc.tuple(fc.constant<string>(name), shapedArgs(name))) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom<string>(...TOOLS, 'nope', 'custom tool', ''), fc.oneof(fc.anything({ maxDepth: 3 }), hostileKeys, pollution)) },
);
const anyContext = fc.constantFrom<() => ToolExecutionContext | undefined>(
  () => undefined,
  () => ({}),
  () => ({ mode: 'build' }),
  () => ({ mode: 'plan' }),
  () => ({ mode: 'explore' }),
  () => ({ mode: 'explore', sandbox: root }),
  () => ({ sandbox: join(root, 'src') }),
);

function expectReadable(result: unknown): asserts result is ToolResult {
  expect(result).toBeInstanceOf(ToolResult);
  const r = result as ToolResult;
  if (!r.success) {
    expect(typeof r.error).toBe('string');
    expect(r.error!.length).toBeGreaterThan(0);
    expect(r.error).not.toContain('[object Object]');
    // Hostile input must not come back whole: a 10 MB echo is no message a model can read.
    expect(r.error!.length).toBeLessThan(MAX_ERROR_LENGTH);
  }
}

/** Runs a call the way every property checks it: resolves, readable, caller's args untouched. */
async function check(name: string, args: unknown, ctx?: ToolExecutionContext): Promise<ToolResult> {
  const snapshot = snapshotOf(args);
  const result = await registry.execute(name, args, ctx);
  expectReadable(result);
  expect(sameDeep(args, snapshot)).toBe(true);
  return result;
}

describe('the example tools under hostile input (property-based)', () => {
  it('should always resolve to a readable ToolResult, leaving the caller args unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(anyCall, anyContext, async ([name, args], ctx) => {
        await check(name, args, ctx());
      }),
      params(),
    );
  });

  it('should fail with the validation error when one field has a wrong type, is missing or is unknown', async () => {
    // JSON values only: fc.object() may hold Infinity, which fails earlier (not JSON) rather than on its type.
    const wrongValue = fc.oneof(
      fc.integer(),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
    );
    const valid: Record<(typeof TOOLS)[number], Record<string, unknown>> = {
      custom_tool: { operation: 'transform', target: 'a.txt', options: { mode: 'upper' } },
      find_files: { pattern: '*.ts', path: 'src', recursive: true, limit: 5 },
      code_metrics: { path: 'src', metricType: 'loc', recursive: true },
      text_stats: { text: 'a b' },
      word_count: { text: 'a b', top: 2 },
    };
    const required: Record<(typeof TOOLS)[number], string[]> = {
      custom_tool: ['operation', 'target'],
      find_files: ['pattern'],
      code_metrics: ['path'],
      text_stats: ['text'],
      word_count: ['text'],
    };
    const mutation = fc.oneof(
      fc.tuple(fc.constant('type' as const), fc.nat(), wrongValue),
      fc.tuple(fc.constant('drop' as const), fc.nat(), fc.constant(undefined)),
      fc.tuple(fc.constant('unknown' as const), fc.nat(), fc.string({ minLength: 1, maxLength: 8 })),
    );
    await fc.assert(
      fc.asyncProperty(toolName, mutation, async (name, [kind, index, value]) => {
        const args: Record<string, unknown> = { ...valid[name] };
        const keys = Object.keys(args);
        let expected: string;
        if (kind === 'type') {
          const key = keys[index % keys.length]!;
          const optional = !required[name].includes(key);
          // A value of the field's own type would be no mutation, and a null for an optional field is
          // taken as absent (SPEC section 11): those become null for a required field, a string or a
          // number (whichever the field is not) for an optional one.
          if (typeof value === typeof args[key] || (value === null && optional)) {
            args[key] = optional ? (typeof args[key] === 'string' ? 42 : 'wrong') : null;
          } else {
            args[key] = value;
          }
          expected = `Parameter '${key}' has wrong type: expected`;
        } else if (kind === 'drop') {
          const key = required[name][index % required[name].length]!;
          delete args[key];
          expected = `Required parameter '${key}' is missing`;
        } else {
          const key = keys.includes(value as string) ? `${value as string}_x` : (value as string);
          // defineProperty, so that '__proto__' becomes an own key as JSON.parse would make it.
          Object.defineProperty(args, key, { value: 1, enumerable: true, writable: true, configurable: true });
          expected = 'Unknown parameter ';
        }
        const result = await check(name, args);
        expect(result.success).toBe(false);
        expect(result.error).toContain(`Invalid parameters for tool '${name}': `);
        expect(result.error).toContain(expected);
      }),
      params(),
    );
  });

  it('should fail every call whose args carry NaN, Infinity, a bigint or a cycle, naming the problem', async () => {
    const poison = fc.constantFrom<unknown>(NaN, Infinity, -Infinity, BigInt(1), 'cycle');
    await fc.assert(
      fc.asyncProperty(toolName, poison, fc.boolean(), async (name, bad, nested) => {
        const args: Record<string, unknown> = { text: 'a', pattern: '*', path: '.', operation: 'analyze', target: 'a.txt' };
        const value = bad === 'cycle' ? args : bad;
        if (nested) args.deep = { list: [1, value] };
        else args.limit = value;
        const result = await check(name, args);
        expect(result.success).toBe(false);
        expect(result.error).toMatch(/Parameters must be JSON-serializable: (non-finite number|a bigint|cyclic reference)/);
      }),
      params(),
    );
  });

  it('should never let __proto__, constructor or prototype keys reach Object.prototype', async () => {
    await fc.assert(
      fc.asyncProperty(toolName, pollution, fc.boolean(), async (name, hostile, asField) => {
        const args = asField ? { text: 'x', pattern: '*', path: '.', nested: hostile } : hostile;
        await check(name, args);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      params(),
    );
  });

  it('should run valid calls inside the temp dir and succeed', async () => {
    const before = readdirSync(root, { recursive: true }).sort();
    const validCall = fc.oneof(
      fc.record({
        name: fc.constant('custom_tool'),
        args: fc.oneof(
          fc.record({ operation: fc.constantFrom('analyze', 'validate'), target: fc.constantFrom(...FIXTURES), options: fc.constant({}) }, { requiredKeys: ['operation', 'target'] }),
          fc.record(
            {
              operation: fc.constant('transform'),
              target: fc.constantFrom(...FIXTURES),
              options: fc.record({ mode: fc.constantFrom('upper', 'lower', 'trim') }, { requiredKeys: [] }),
            },
            { requiredKeys: ['operation', 'target'] },
          ),
        ),
      }),
      fc.record({
        name: fc.constant('find_files'),
        args: fc.record(
          {
            pattern: fc.constantFrom('*', '*.ts', '**/*.js', 'src/*', '{a,b}*', '[a-z]*'),
            path: fc.constantFrom('.', 'src', 'src/deep'),
            recursive: fc.boolean(),
            limit: fc.integer({ min: 1, max: 1000 }),
          },
          { requiredKeys: ['pattern'] },
        ),
      }),
      fc.record({
        name: fc.constant('code_metrics'),
        args: fc.record(
          { path: fc.constantFrom('.', 'src', 'src/m.ts', 'src/deep/n.js', 'src/p.py'), metricType: fc.constantFrom('loc', 'complexity', 'all'), recursive: fc.boolean() },
          { requiredKeys: ['path'] },
        ),
      }),
      fc.record({ name: fc.constant('text_stats'), args: fc.record({ text: fc.string({ maxLength: 200 }) }) }),
      fc.record({
        name: fc.constant('word_count'),
        args: fc.record({ text: fc.string({ unit: 'grapheme', maxLength: 200 }), top: fc.integer({ min: 1, max: 100 }) }, { requiredKeys: ['text'] }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(validCall, async ({ name, args }) => {
        const result = await check(name, args);
        expect(result.error).toBeUndefined();
        expect(result.success).toBe(true);
      }),
      params(),
    );
    // Valid calls without `output` write nothing.
    expect(readdirSync(root, { recursive: true }).sort()).toEqual(before);
  });

  it('should survive nesting up to 1000 levels deep, and cyclic objects, in any field', async () => {
    await fc.assert(
      fc.asyncProperty(toolName, fc.integer({ min: 1, max: 1000 }), fc.boolean(), async (name, depth, cyclic) => {
        const args: Record<string, unknown> = { text: 'a', pattern: '*', path: '.', operation: 'analyze', target: 'a.txt' };
        let node = args;
        for (let i = 0; i < depth; i++) {
          const child: Record<string, unknown> = {};
          node.next = child;
          node = child;
        }
        if (cyclic) node.back = args;
        const result = await check(name, args);
        expect(result.success).toBe(false);
      }),
      params(Math.max(100, Math.floor(FUZZ_RUNS / 10))),
    );
  });

  it.each(TOOLS)('should handle a 10 MB string in every string field of %s', async (name) => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const fields: Record<string, Record<string, unknown>> = {
      custom_tool: { operation: 'analyze', target: big, options: { output: big } },
      find_files: { pattern: big, path: big },
      code_metrics: { path: big },
      text_stats: { text: big },
      word_count: { text: big },
    };
    const args = fields[name]!;
    await check(name, args);
    await check(name, { ...args, [big]: 1 });
    expectReadable(await registry.execute(big, args));
    expectReadable(await registry.execute({ name } as never, args));
  });
});
