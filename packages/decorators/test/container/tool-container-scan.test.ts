import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { ToolRegistry, ToolResult, type ToolCallContext } from '@victor-tools/core';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { DecoratedTool, DuplicateToolNameError, Inject, MissingProviderError, Tool, ToolContainer, tool } from '@victor-tools/decorators';
import * as greetModule from '../fixtures/scan/greet';
import { StampTool } from '../fixtures/scan/nested/stamp';
import { RecordingMetadataRegistry, StoringRegistry } from '../helpers/fake-registry';

function container() {
  const registry = new StoringRegistry();
  const metadataRegistry = new RecordingMetadataRegistry();
  return { registry, metadataRegistry, container: new ToolContainer({ registry, metadataRegistry }) };
}

describe('ToolContainer', () => {
  describe('scan', () => {
    it('should pick every @Tool class, toolbox method and function tool out of a module namespace', () => {
      const { registry, container: c } = container();
      const report = c.scan(greetModule);
      expect(report.registered).toEqual([
        { name: 'greet', source: 'GreetTool' },
        { name: 'upper', source: 'Letters.upper' },
        { name: 'lower', source: 'Letters.lower' },
        { name: 'reverse', source: "tool 'reverse'" },
      ]);
      expect([...registry.tools.keys()].sort()).toEqual(['greet', 'lower', 'reverse', 'upper']);
    });

    it('should report what it skipped and why', () => {
      const { container: c } = container();
      const { skipped } = c.scan(greetModule);
      expect(skipped).toEqual([
        { name: 'GreetParams', export: 'arguments[0].GreetParams', reason: "class 'GreetParams' has no @Tool: decorate it or its methods with @Tool" },
        { export: 'arguments[0].VERSION', reason: 'not a tool: a string' },
        { name: 'helper', export: 'arguments[0].helper', reason: "function 'helper' is not a tool: wrap it with tool(options, fn)" },
      ]);
    });

    it('should take arrays, instances and function tools, and refresh the metadata registry once per scan', () => {
      const { metadataRegistry, container: c } = container();
      const report = c.scan([new greetModule.Letters()], greetModule.reverse);
      expect(report.registered.map((r) => r.name)).toEqual(['upper', 'lower', 'reverse']);
      expect(metadataRegistry.refreshes).toEqual([['lower', 'reverse', 'upper']]);
    });

    it('should build a new tool for each scan of a class, named by the class it was scanned from', () => {
      class MoreLetters extends greetModule.Letters {}
      const first = container();
      const second = container();
      const third = container();
      first.container.scan(greetModule.Letters);
      second.container.scan(greetModule.Letters);
      expect(third.container.scan(MoreLetters).registered).toEqual([
        { name: 'upper', source: 'MoreLetters.upper' },
        { name: 'lower', source: 'MoreLetters.lower' },
      ]);
      const [one, two] = [first.registry.get('upper')!, second.registry.get('upper')!];
      expect(one).not.toBe(two);
      expect([one.name, one.description, one.parameters]).toEqual([two.name, two.description, two.parameters]);
    });

    it('should skip a tool already registered, the same instance twice', () => {
      const { container: c } = container();
      c.scan(greetModule.reverse);
      expect(c.scan(greetModule.reverse)).toEqual({ registered: [], skipped: [{ name: 'reverse', export: "tool 'reverse'", reason: 'already registered' }] });
    });

    it('should skip the tools of a class this container already registered, the same class twice', () => {
      const { registry, container: c } = container();
      c.scan(greetModule.GreetTool, greetModule.Letters);
      const first = registry.get('upper');
      expect(c.scan(greetModule.GreetTool, greetModule.Letters)).toEqual({
        registered: [],
        skipped: [
          { name: 'greet', export: 'GreetTool', reason: 'already registered' },
          { name: 'upper', export: 'Letters.upper', reason: 'already registered' },
          { name: 'lower', export: 'Letters.lower', reason: 'already registered' },
        ],
      });
      expect(registry.get('upper')).toBe(first);
    });

    it('should skip a toolbox class whose @Tool methods a scanned subclass inherits, an abstract base exported next to it', async () => {
      abstract class BaseBox {
        abstract prefix(): string;
        @Tool({ description: 'Answer pong.', params: Type.Object({}) })
        ping() {
          return `${this.prefix()}pong`;
        }
      }
      class ImplBox extends BaseBox {
        prefix() {
          return 'impl:';
        }
      }
      const { registry, container: c } = container();
      const report = c.scan({ BaseBox, reverse: greetModule.reverse, ImplBox });
      expect(report).toEqual({
        registered: [
          { name: 'reverse', source: "tool 'reverse'" },
          { name: 'ping', source: 'ImplBox.ping' },
        ],
        skipped: [
          {
            name: 'BaseBox',
            export: 'arguments[0].BaseBox',
            reason: "toolbox class 'BaseBox' is a base of 'ImplBox', which inherits its @Tool methods and is registered in its place (both would register them under the same names)",
          },
        ],
      });
      expect((await registry.get('ping')!.execute({} as ToolCallContext, {})).output).toBe('impl:pong');
      // Alone, it is a toolbox like any other.
      expect(container().container.scan(greetModule.Letters, BaseBox).registered.map((r) => r.source)).toEqual(['Letters.upper', 'Letters.lower', 'BaseBox.ping']);
    });

    it('should name both sources and the fix on a duplicate name, registering nothing', () => {
      const { registry, container: c } = container();
      const other = tool({ name: 'upper', description: 'Another upper.' }, () => 1);
      expect(() => c.scan(greetModule.Letters, other)).toThrow(DuplicateToolNameError);
      expect(() => c.scan(greetModule.Letters, other)).toThrow(
        "Tool name 'upper' (from tool 'upper') is already taken by Letters.upper. Give one of them another name, e.g. tool({ name: 'upper_2', ... }, fn).",
      );
      expect(registry.tools.size).toBe(0);
      // The example follows the door the incoming tool was declared through.
      expect(() => c.scan(other, greetModule.Letters)).toThrow(
        "Tool name 'upper' (from Letters.upper) is already taken by tool 'upper'. Give one of them another name, e.g. @Tool({ name: 'upper_2', ... }).",
      );
    });

    it('should leave the registry as it was when the registry refuses one of the tools', () => {
      const registry = new ToolRegistry();
      const metadataRegistry = new RecordingMetadataRegistry();
      const c = new ToolContainer({ registry, metadataRegistry });
      const good = tool({ name: 'good', description: 'Fine.' }, () => 1);
      const bad = tool({ name: 'bad_schema', description: 'Not an object schema.', parameters: { type: 'string' } as never }, () => 1);
      expect(() => c.scan(good, bad)).toThrow(TypeError);
      expect(registry.size).toBe(0);
      expect(metadataRegistry.refreshes).toEqual([]);
      expect(c.scan(good).registered).toEqual([{ name: 'good', source: "tool 'good'" }]);
    });

    it('should refuse an alias that another scan already registered', () => {
      const { container: c } = container();
      c.scan(tool({ name: 'first', description: 'First.', aliases: ['shared'] }, () => 1));
      expect(() => c.scan(tool({ name: 'shared', description: 'Second.' }, () => 2))).toThrow(/'shared' \(from tool 'shared'\) is already taken by tool 'first'\./);
    });
  });

  describe('provide', () => {
    it('should inject provided values by the static inject tokens', async () => {
      const { registry, container: c } = container();
      c.provide('prefix', '>> ').scan(StampTool);
      const result = await registry.get('stamp')!.execute({} as ToolCallContext, { text: 'x' });
      expect(result).toEqual(ToolResult.ok('>> x'));
    });

    it('should name the class and the token, and say how to provide it, when a provider is missing', () => {
      const { container: c } = container();
      expect(() => c.scan(StampTool)).toThrow(MissingProviderError);
      expect(() => c.scan(StampTool)).toThrow("Cannot construct 'StampTool': no provider for token 'prefix'. Call container.provide('prefix', value) before scanning.");
    });

    it('should inject class tokens too', () => {
      class Clock {
        now() {
          return 42;
        }
      }
      @Tool({ description: 'Tell the time.', params: Type.Object({}) })
      class TimeTool {
        static inject = [Clock];
        constructor(private readonly clock: Clock) {}
        execute() {
          return this.clock.now();
        }
      }
      const { registry, container: c } = container();
      expect(() => c.scan(TimeTool)).toThrow("no provider for token 'Clock'. Call container.provide(Clock, value)");
      c.provide(Clock, new Clock()).scan(TimeTool);
      expect(registry.has('time')).toBe(true);
    });
    it('should refuse a constructor that takes parameters no token is declared for, saying to declare static inject', async () => {
      class Db {
        query() {
          return 'rows';
        }
      }
      // In legacy mode design:paramtypes would name Db; this class is built without it, as stage 3 builds every class.
      @Tool({ name: 'by_type', description: 'Injected by type.', params: Type.Object({}) })
      class ByType {
        constructor(private readonly db: Db) {}
        execute() {
          return this.db.query();
        }
      }
      Reflect.deleteMetadata('design:paramtypes', ByType);
      const { registry, container: c } = container();
      c.provide(Db, new Db());
      expect(() => c.scan(ByType)).toThrow(
        "Cannot construct 'ByType': its constructor takes 1 parameter, and no injection token says what to pass " +
          '(stage-3 decorators emit no parameter types; legacy ones only with emitDecoratorMetadata). ' +
          "Declare one per parameter, in order, as static inject = [Db, 'config'], and provide each with container.provide(token, value).",
      );
      expect(registry.tools.size).toBe(0);
    });

    it('should refuse the same for a @Tool BaseTool subclass, and build one whose static inject = [] says "pass nothing"', async () => {
      @Tool({ name: 'base_injected', description: 'A BaseTool taking a value.', params: Type.Object({}) })
      class BaseInjected extends DecoratedTool {
        constructor(readonly label: string) {
          super();
        }
        async execute() {
          return ToolResult.ok(this.label);
        }
      }
      // (@Tool returned a subclass of the class the metadata was emitted on.)
      for (const c of [BaseInjected, Object.getPrototypeOf(BaseInjected)]) Reflect.deleteMetadata('design:paramtypes', c);
      expect(() => container().container.scan(BaseInjected)).toThrow(/^Cannot construct 'BaseInjected': its constructor takes 1 parameter, and no injection token/);
      @Tool({ name: 'optional_options', description: 'Options of its own.', params: Type.Object({}) })
      class OptionalOptions {
        static inject = [];
        constructor(private readonly options?: { greeting: string }) {}
        execute() {
          return this.options?.greeting ?? 'hello';
        }
      }
      const { registry, container: c } = container();
      c.scan(OptionalOptions);
      expect(await registry.get('optional_options')!.execute({} as ToolCallContext, {})).toEqual(ToolResult.ok('hello'));
    });

    it("should build a subclass from its own constructor's tokens, not its parent's inherited static inject", async () => {
      @Tool({ name: 'parent_dep', description: 'Parent.', params: Type.Object({}) })
      class ParentDep {
        static inject = ['db'];
        constructor(protected readonly dep: unknown) {}
        execute() {
          return this.dep;
        }
      }
      @Tool({ name: 'child_dep', description: 'Child.', params: Type.Object({}) })
      class ChildDep extends ParentDep {
        constructor(clock: unknown) {
          super(clock);
        }
      }
      // What `constructor(@Inject('clock') clock)` does in legacy mode (stage 3 has no parameter decorators).
      Inject('clock')(ChildDep, undefined, 0);
      @Tool({ name: 'heir_dep', description: 'No constructor of its own.', params: Type.Object({}) })
      class HeirDep extends ParentDep {}
      const { registry, container: c } = container();
      c.provide('db', 'DB').provide('clock', 'CLOCK').scan(ParentDep, ChildDep, HeirDep);
      const run = async (name: string) => (await registry.get(name)!.execute({} as ToolCallContext, {})).output;
      expect([await run('parent_dep'), await run('child_dep'), await run('heir_dep')]).toEqual(['DB', 'CLOCK', 'DB']);
    });

    it('should refuse a subclass whose own constructor takes parameters no token of its own is declared for', () => {
      @Tool({ name: 'parent_tokens', description: 'Parent.', params: Type.Object({}) })
      class ParentTokens {
        static inject = ['db'];
        constructor(protected readonly dep: unknown) {}
        execute() {
          return this.dep;
        }
      }
      @Tool({ name: 'child_tokens', description: 'Child.', params: Type.Object({}) })
      class ChildTokens extends ParentTokens {
        constructor(clock: unknown, readonly extra: unknown) {
          super(clock);
        }
      }
      // As stage 3 builds every class: no design:paramtypes.
      Reflect.deleteMetadata('design:paramtypes', ChildTokens);
      const { registry, container: c } = container();
      c.provide('db', 'DB');
      expect(() => c.scan(ChildTokens)).toThrow(/^Cannot construct 'ChildTokens': its constructor takes 2 parameters, and no injection token says what to pass/);
      expect(registry.tools.size).toBe(0);
    });

    it('should name the class whose constructor throws during a scan, keeping the error as cause', () => {
      @Tool({ name: 'fragile', description: 'Throws as it is built.', params: Type.Object({}) })
      class Fragile {
        static inject = [];
        constructor() {
          throw new RangeError('no connection');
        }
        execute() {
          return 1;
        }
      }
      const { registry, container: c } = container();
      const good = tool({ name: 'good', description: 'Fine.' }, () => 1);
      let thrown: unknown;
      try {
        c.scan(good, Fragile);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toEqual(new Error("Cannot construct 'Fragile': its constructor threw RangeError: no connection. Nothing was registered."));
      expect((thrown as Error).cause).toEqual(new RangeError('no connection'));
      expect(registry.tools.size).toBe(0);
    });

    it('should say what to do for a token that is only an interface type (Object in design:paramtypes)', () => {
      interface Clock {
        now(): number;
      }
      @Tool({ name: 'by_interface', description: 'Injected by interface.', params: Type.Object({}) })
      class ByInterface {
        constructor(private readonly clock: Clock) {}
        execute() {
          return this.clock.now();
        }
      }
      // What legacy mode emits for an interface-typed parameter.
      Reflect.defineMetadata('design:paramtypes', [Object], ByInterface);
      expect(() => container().container.scan(ByInterface)).toThrow(
        "Cannot construct 'ByInterface': no provider for token 'Object'. Call container.provide(Object, value) before scanning. " +
          "The parameter's type is an interface, a union or any, which TypeScript emits as Object: " +
          "name its token with @Inject('token') on the parameter or static inject = ['token', ...] on the class, and provide that token.",
      );
    });
  });

  describe('scanDirectory', () => {
    const dir = join(__dirname, '..', 'fixtures', 'scan');

    it('should import the matching files and register their tools with file-qualified sources', async () => {
      const { container: c } = container();
      c.provide('prefix', '# ');
      const report = await c.scanDirectory(dir, { include: ['**/*.ts'] });
      expect(report.registered).toEqual([
        { name: 'greet', source: 'greet.ts:GreetTool' },
        { name: 'upper', source: 'greet.ts:Letters.upper' },
        { name: 'lower', source: 'greet.ts:Letters.lower' },
        { name: 'reverse', source: "greet.ts:tool 'reverse'" },
        { name: 'stamp', source: 'nested/stamp.ts:StampTool' },
      ]);
      expect(report.skipped.map((s) => s.export)).toEqual(['greet.ts:GreetParams', 'greet.ts:VERSION', 'greet.ts:helper']);
    });

    it('should name a file that fails to load, registering nothing', async () => {
      const root = mkdtempSync(join(tmpdir(), 'vt-scan-broken-'));
      try {
        writeFileSync(join(root, 'a.js'), "exports.echo = require('@victor-tools/decorators').tool({ name: 'echo', description: 'Echo.' }, () => 1);");
        writeFileSync(join(root, 'broken.js'), "throw new Error('bad module');");
        const { registry, container: c } = container();
        const scanned = c.scanDirectory(root);
        await expect(scanned).rejects.toThrow(`scanDirectory could not load 'broken.js' under '${root}': Error: bad module. Nothing was registered.`);
        await expect(scanned).rejects.toHaveProperty('cause.message', 'bad module');
        expect(registry.tools.size).toBe(0);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    it('should refuse a directory that does not exist, or a file, rather than register nothing in silence', async () => {
      const root = mkdtempSync(join(tmpdir(), 'vt-scan-missing-'));
      try {
        const { container: c } = container();
        const missing = join(root, 'tools');
        await expect(c.scanDirectory(missing)).rejects.toThrow(
          `scanDirectory: the directory '${missing}' does not exist. Give the directory that holds the tool modules (e.g. 'dist/tools').`,
        );
        await expect(c.scanDirectory(missing)).rejects.toHaveProperty('cause.code', 'ENOENT');
        const file = join(root, 'a.js');
        writeFileSync(file, 'exports.x = 1;');
        await expect(c.scanDirectory(file)).rejects.toThrow(
          `scanDirectory: '${file}' is not a directory. Give the directory that holds it, or import the module and pass it to container.scan(...).`,
        );
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    it('should open a module another file re-exports as a namespace (export * as helpers), registering its tools once', async () => {
      const root = mkdtempSync(join(tmpdir(), 'vt-scan-namespace-'));
      try {
        // What TypeScript emits for `export * as helpers from './tools'` (CommonJS): the same exports object, marked __esModule.
        const esModule = 'Object.defineProperty(exports, "__esModule", { value: true });';
        writeFileSync(join(root, 'index.js'), `${esModule} exports.helpers = require('./tools');`);
        writeFileSync(join(root, 'tools.js'), `${esModule} exports.echo = require('@victor-tools/decorators').tool({ name: 'echo', description: 'Echo.' }, () => 1);`);
        const { registry, container: c } = container();
        const report = await c.scanDirectory(root);
        expect(report).toEqual({ registered: [{ name: 'echo', source: "index.js:tool 'echo'" }], skipped: [] });
        expect([...registry.tools.keys()]).toEqual(['echo']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    it('should name the export and its file when reading an export throws (a lazy require), registering nothing', async () => {
      const root = mkdtempSync(join(tmpdir(), 'vt-scan-getter-'));
      try {
        writeFileSync(
          join(root, 'lazy.js'),
          "exports.ok = require('@victor-tools/decorators').tool({ name: 'ok_lazy', description: 'Fine.' }, () => 1);\n" +
            "Object.defineProperty(exports, 'heavy', { enumerable: true, get() { throw new Error('optional dependency missing'); } });",
        );
        const { registry, container: c } = container();
        const scanned = c.scanDirectory(root);
        await expect(scanned).rejects.toThrow(
          "Cannot scan 'lazy.js:heavy': reading it threw Error: optional dependency missing. Nothing was registered. " +
            "Fix the export, or leave 'lazy.js' out with scanDirectory's ignore option.",
        );
        await expect(scanned).rejects.toHaveProperty('cause.message', 'optional dependency missing');
        expect(registry.tools.size).toBe(0);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    it('should only import what include matches', async () => {
      const { container: c } = container();
      c.provide('prefix', '# ');
      const report = await c.scanDirectory(dir, { include: ['nested/*.ts'] });
      expect(report.registered.map((r) => r.name)).toEqual(['stamp']);
    });
  });
});

describe('ToolContainer', () => {
  describe('scan of nested values', () => {
    it('should open arrays in a namespace but not plain objects, which are data', () => {
      const { container: c } = container();
      const schema = { type: 'object', properties: {} };
      const report = c.scan({ tools: [greetModule.reverse], schema });
      expect(report.registered.map((r) => r.name)).toEqual(['reverse']);
      expect(report.skipped).toEqual([{ export: 'arguments[0].schema', reason: 'not a tool: a plain object (data, not a module or namespace)' }]);
    });
  });
});

describe('ToolContainer', () => {
  describe('scan of an ES module namespace', () => {
    it('should open a null-prototype namespace object', () => {
      const { container: c } = container();
      const namespace = Object.assign(Object.create(null) as object, { reverse: greetModule.reverse });
      expect(c.scan(namespace).registered.map((r) => r.name)).toEqual(['reverse']);
    });

    it('should open a module namespace found inside another, and a data object again where it is scanned itself', () => {
      const { container: c } = container();
      const helpers = Object.defineProperty(Object.assign(Object.create(null) as object, { reverse: greetModule.reverse }), Symbol.toStringTag, { value: 'Module' });
      expect(c.scan({ helpers }).registered).toEqual([{ name: 'reverse', source: "tool 'reverse'" }]);
      const group = { stamp: tool({ name: 'stamp_later', description: 'Stamp.' }, () => 1) };
      const report = container().container.scan({ group }, group);
      expect(report.registered.map((r) => r.name)).toEqual(['stamp_later']);
      expect(report.skipped).toEqual([{ export: 'arguments[0].group', reason: 'not a tool: a plain object (data, not a module or namespace)' }]);
    });
  });
});

describe('ToolContainer', () => {
  describe('scan of symbol-keyed entries', () => {
    it('should report them in skipped rather than pass over them in silence', () => {
      const { registry, container: c } = container();
      const report = c.scan({ [Symbol('hidden')]: greetModule.reverse, stamp: tool({ name: 'stamped', description: 'Stamp.' }, () => 1) });
      expect(report).toEqual({
        registered: [{ name: 'stamped', source: "tool 'stamped'" }],
        skipped: [{ export: 'arguments[0][Symbol(hidden)]', reason: 'not scanned: a symbol-keyed entry (scans read string keys: export it under a name)' }],
      });
      expect(registry.has('reverse')).toBe(false);
    });
  });
});

describe('ToolContainer', () => {
  describe('scan of values that throw when read', () => {
    it('should name where a getter or a Proxy trap threw, with the error as cause', () => {
      const { registry, container: c } = container();
      const namespace = Object.defineProperty({ reverse: greetModule.reverse }, 'bad', {
        enumerable: true,
        get() {
          throw new RangeError('getter boom');
        },
      });
      expect(() => c.scan(namespace)).toThrow(
        new Error("Cannot scan 'arguments[0].bad': reading it threw RangeError: getter boom. Nothing was registered.", { cause: new RangeError('getter boom') }),
      );
      const hostile = new Proxy(
        {},
        {
          ownKeys() {
            throw new Error('ownKeys boom');
          },
        },
      );
      expect(() => c.scan(hostile)).toThrow("Cannot scan 'arguments[0]': reading it threw Error: ownKeys boom. Nothing was registered.");
      const opaque = new Proxy(
        {},
        {
          getPrototypeOf() {
            throw new Error('proto boom');
          },
        },
      );
      expect(() => c.scan([opaque])).toThrow("Cannot scan 'arguments[0][0]': reading it threw Error: proto boom. Nothing was registered.");
      const revocable = Proxy.revocable({}, {});
      revocable.revoke();
      expect(() => c.scan(revocable.proxy)).toThrow(/^Cannot scan 'arguments\[0\]': reading it threw TypeError: /);
      expect(registry.tools.size).toBe(0);
    });
  });
});

describe('ToolContainer defaults', () => {
  it('should register into a new core ToolRegistry and fill the process-wide ToolMetadataRegistry when given neither', () => {
    ToolMetadataRegistry.resetInstance();
    const c = new ToolContainer();
    c.scan(greetModule);
    expect(c.registry).toBeInstanceOf(ToolRegistry);
    expect(c.metadataRegistry).toBe(ToolMetadataRegistry.getInstance());
    expect(ToolMetadataRegistry.getInstance().getMetadata('greet')).toBeDefined();
    expect(ToolMetadataRegistry.getInstance().getStatistics().totalTools).toBe(4);
    ToolMetadataRegistry.resetInstance();
  });
});
