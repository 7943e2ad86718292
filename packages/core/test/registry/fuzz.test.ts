import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { ToolRegistry, ToolResult, type ToolExecutionContext } from '@victor-tools/core';
import { PATH_SCHEMA, snapshotOf, testTool } from './helpers';
import { FUZZ_RUNS, fuzzParams } from '../../../../test/support/fuzz';
import { sameDeep } from '../../../../test/support/same-deep';
import { silentLogger } from '../../../../test/support/logger';

const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

let sandbox: string;

beforeAll(() => {
  sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'victor-fuzz-'));
});

afterAll(() => {
  fs.rmSync(sandbox, { recursive: true, force: true });
});

function setup(): ToolRegistry {
  const registry = new ToolRegistry({ logger: silentLogger });
  registry.register(testTool({ name: 'read_file', parameters: PATH_SCHEMA, metadata: { accessMode: 'readonly', progressParams: ['path'] } }));
  registry.register(
    testTool({
      name: 'write_file',
      parameters: { type: 'object', properties: { filePath: { type: 'string' }, content: {} } },
      metadata: { accessMode: 'write', progressParams: ['filePath', 'content'] },
    }),
  );
  registry.register(testTool({ name: 'open', parameters: { type: 'object' } }));
  registry.registerBeforeHook(() => undefined);
  registry.registerAfterHook(() => undefined);
  return registry;
}

/** Values JSON can carry, plus what it cannot: NaN, ±Infinity, -0, undefined, bigint, dates. */
const value = fc.oneof(
  fc.jsonValue(),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, undefined, null),
  fc.bigInt(),
  fc.date({ noInvalidDate: true }),
  fc.string(),
);

/** Objects whose keys include the ones that pollute prototypes when handled carelessly. */
const hostileObject = fc.dictionary(fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), fc.string()), value, { maxKeys: 8 });

const anyArgs = fc.oneof(
  fc.anything(),
  hostileObject,
  fc.record({ path: value, limit: value }, { requiredKeys: [] }),
  fc.record({ filePath: fc.oneof(fc.string(), fc.constantFrom('../x', '/etc/passwd', 'a/../../b', '\u0000')), content: value }),
);

const anyContext = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom<ToolExecutionContext | string | null>({}, { mode: 'build' }, { mode: 'plan' }, { mode: 'explore' }, 'not a context', null),
  fc.constant('explore-sandbox'),
);

function contextFor(choice: unknown): ToolExecutionContext | undefined {
  return (choice === 'explore-sandbox' ? { mode: 'explore', sandbox } : choice) as ToolExecutionContext | undefined;
}

function expectReadable(result: unknown): void {
  expect(result).toBeInstanceOf(ToolResult);
  const r = result as ToolResult;
  if (!r.success) {
    expect(typeof r.error).toBe('string');
    expect(r.error!.length).toBeGreaterThan(0);
    expect(r.error).not.toContain('[object Object]');
  }
}

describe('ToolRegistry', () => {
  describe('execute with arbitrary input (property-based)', () => {
    const registry = setup();

    afterEach(() => {
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });

    it('should always resolve to a readable ToolResult and leave the caller args unchanged', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('read_file', 'write_file', 'open', 'nope', ''), anyArgs, anyContext, async (name, args, ctx) => {
          const snapshot = snapshotOf(args);
          const result = await registry.execute(name, args, contextFor(ctx));
          expectReadable(result);
          expect(sameDeep(args, snapshot)).toBe(true);
        }),
        fuzzParams(),
      );
    });

    it('should never let __proto__, constructor or prototype keys reach Object.prototype', async () => {
      const pollution = fc.constantFrom(
        '{"__proto__": {"polluted": "yes"}}',
        '{"constructor": {"prototype": {"polluted": "yes"}}}',
        '{"path": "a", "__proto__": {"polluted": "yes", "path": "b"}}',
        '{"prototype": {"polluted": "yes"}, "limit": 1}',
      );
      await fc.assert(
        fc.asyncProperty(pollution, fc.constantFrom('read_file', 'open'), async (json, name) => {
          const args = JSON.parse(json) as Record<string, unknown>;
          const snapshot = snapshotOf(args);
          expectReadable(await registry.execute(name, args));
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(sameDeep(args, snapshot)).toBe(true);
        }),
        fuzzParams(),
      );
    });

    // The check that the args are unchanged is sameDeep, without recursion:
    // node's isDeepStrictEqual overflows its stack near 1000 levels on Node 22.
    it('should survive deep nesting and cyclic objects', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 1000 }), fc.boolean(), async (depth, cyclic) => {
          const root: Record<string, unknown> = { path: 'a' };
          let node = root;
          for (let i = 0; i < depth; i++) {
            const child: Record<string, unknown> = {};
            node.next = child;
            node = child;
          }
          if (cyclic) node.back = root;
          const snapshot = snapshotOf(root);
          expectReadable(await registry.execute('read_file', root));
          expectReadable(await registry.execute('write_file', { filePath: 'x', content: root }));
          expect(sameDeep(root, snapshot)).toBe(true);
        }),
        fuzzParams(Math.max(50, Math.floor(FUZZ_RUNS / 10))),
      );
    });

    it('should survive args whose getters and traps throw', async () => {
      const hostile = new Proxy(
        {},
        {
          get() {
            throw new Error('trap');
          },
          ownKeys() {
            throw 'ownKeys trap';
          },
          getOwnPropertyDescriptor() {
            throw undefined;
          },
          has() {
            throw new Error('has trap');
          },
        },
      );
      const getter = Object.defineProperty({}, 'path', {
        enumerable: true,
        get() {
          throw new Error('getter');
        },
      });
      for (const args of [hostile, getter]) {
        for (const name of ['read_file', 'open']) expectReadable(await registry.execute(name, args));
      }
      expectReadable(await registry.execute('read_file', { path: 'a' }, hostile as ToolExecutionContext));
    });

    it('should handle a 10 MB string argument', async () => {
      const big = 'x'.repeat(10 * 1024 * 1024);
      const args = { path: big, content: big };
      const result = await registry.execute('read_file', args);
      expectReadable(result);
      expect(args.path.length).toBe(10 * 1024 * 1024);
      expectReadable(await registry.execute('write_file', { filePath: big }, { mode: 'explore', sandbox }));
    });
  });
});
