import { z } from 'zod';
import { BaseTool, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';
import { recordingLogger, testTool } from './helpers';

const registry = () => new ToolRegistry({ logger: recordingLogger() });

describe('ToolRegistry', () => {
  describe('register: names every provider takes', () => {
    it.each(['read_file', 'readFile', '_private', 'git-commit', 'a', 'x'.repeat(64), 'v2_search'])('should take %s', (name) => {
      expect(registry().register(testTool({ name })).has(name)).toBe(true);
    });

    it.each([
      ['get weather!', 'get_weather_'],
      ['files.read', 'files_read'],
      ['2fa_check', '_2fa_check'],
      ['-dash', '_-dash'],
      ['fs/read', 'fs_read'],
      ['café', 'caf_'],
      ['x'.repeat(65), 'x'.repeat(64)],
    ])('should refuse %j, saying the rule and a name that passes it', (name, suggestion) => {
      const r = registry();
      expect(() => r.register(testTool({ name }))).toThrow(TypeError);
      expect(() => r.register(testTool({ name }))).toThrow(
        `Cannot register tool '${name}' (TestTool): a tool name starts with a letter or '_', then holds only letters, digits, '_' and '-', ` +
          `64 characters at most (the names OpenAI, Anthropic, Gemini and MCP all accept). Register it as '${suggestion}', or under another name.`,
      );
      expect(r.size).toBe(0);
    });

    it('should hold a custom name to the same rule', () => {
      const r = registry();
      expect(() => r.register('read file', testTool({ name: 'read_file' }))).toThrow("Register it as 'read_file', or under another name.");
      expect(r.register('read_it', testTool({ name: 'read file' })).has('read_it')).toBe(true);
    });

    it('should hold every alias to the same rule, registering nothing', () => {
      const r = registry();
      expect(() => r.register(testTool({ name: 'fetch_url', aliases: ['fetch', 'has space'] }))).toThrow(
        new TypeError(
          "Tool 'fetch_url' cannot be registered: its alias 'has space' cannot be a tool's name: a tool name starts with a letter or '_', then holds only letters, digits, '_' and '-', " +
            "64 characters at most (the names OpenAI, Anthropic, Gemini and MCP all accept). Register it as 'has_space', or under another name.",
        ),
      );
      expect(r.size).toBe(0);
      expect(r.register(testTool({ name: 'fetch_url', aliases: ['fetch', 'get-url'] })).has('get-url')).toBe(true);
    });

    it('should cut a very long bad name in its message', () => {
      const name = `${'y'.repeat(10_000)} z`;
      let message = '';
      try {
        registry().register(testTool({ name }));
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message.length).toBeLessThan(1_500);
      expect(message).toContain('more characters');
    });
  });

  describe('register: parameters every provider takes', () => {
    it.each<[string, unknown, string]>([
      ['a string schema', { type: 'string' }, 'got type "string"'],
      ['zod z.string()', z.string(), 'got type "string"'],
      ['an array schema', { type: 'array', items: { type: 'string' } }, 'got type "array"'],
      ['a nullable object', { type: ['object', 'null'], properties: {} }, 'got type ["object","null"]'],
      ['a schema without a type', { properties: { a: { type: 'string' } } }, 'got a schema without a type'],
      ['the boolean schema true', true, 'got a boolean (true)'],
      ['a long string, cut before the emoji at its bound', `${'y'.repeat(19)}😀`, `got a string (${'y'.repeat(17)}...)`],
      ['a long type, cut before the emoji at its bound', { type: `${'z'.repeat(78)}😀` }, `got type "${'z'.repeat(76)}...`],
      ['a type JSON cannot write', { type: 1n }, 'got a type that is a bigint'],
    ])('should refuse %s at the root, saying the rule', (_what, parameters, got) => {
      const r = registry();
      const attempt = () => r.register(testTool({ name: 'wrapped', parameters: parameters as JsonSchema }));
      expect(attempt).toThrow(TypeError);
      expect(attempt).toThrow(
        `Tool 'wrapped' cannot be registered: its parameters schema must be an object schema (type: 'object' at the root), ${got}: ` +
          'every provider (OpenAI, Anthropic, Gemini, MCP) passes a tool its arguments as one JSON object. ' +
          "Make the value a property of one: { type: 'object', properties: { value: <the schema> }, required: ['value'] }.",
      );
      expect(r.has('wrapped')).toBe(false);
    });

    it('should refuse a tool without a parameters schema', () => {
      class Bare extends BaseTool {
        get name() {
          return 'bare';
        }
        get description() {
          return 'No schema.';
        }
        get parameters(): JsonSchema {
          return undefined as unknown as JsonSchema;
        }
        async execute(_ctx: ToolCallContext) {
          return ToolResult.ok(1);
        }
      }
      expect(() => registry().register(new Bare())).toThrow(/^Tool 'bare' cannot be registered: its parameters schema must be an object schema \(type: 'object' at the root\), got undefined: /);
    });

    it('should refuse a tool with no execute method or a description that is not a string', () => {
      const plain = (fields: Record<string, unknown>) =>
        Object.assign(Object.create(BaseTool.prototype) as object, { name: 'odd', parameters: { type: 'object' }, ...fields }) as BaseTool;
      expect(() => registry().register(plain({ description: 'Runs nothing.' }))).toThrow(
        "Tool 'odd' cannot be registered: it has no execute method (got undefined).",
      );
      expect(() => registry().register(plain({ description: 42, execute: async () => ToolResult.ok(1) }))).toThrow(
        "Tool 'odd' cannot be registered: its description must be a string, got a number.",
      );
      expect(() => registry().register(plain({ execute: async () => ToolResult.ok(1) }))).toThrow(
        "Tool 'odd' cannot be registered: its description must be a string, got undefined.",
      );
      expect(registry().register(plain({ description: '', execute: async () => ToolResult.ok(1) })).size).toBe(1);
    });

    it('should take an object schema in every form', () => {
      const r = registry();
      r.register(testTool({ name: 'json', parameters: { type: 'object', properties: { a: { type: 'string' } } } }));
      r.register(testTool({ name: 'zod', parameters: z.object({ a: z.string() }) as unknown as JsonSchema }));
      expect(r.size).toBe(2);
    });
  });

  describe("register: the reference's snake_case keys", () => {
    it.each<[string, string]>([
      ['access_mode', 'accessMode'],
      ['use_cases', 'useCases'],
      ['danger_level', 'dangerLevel'],
      ['priority_hints', 'priorityHints'],
      ['mandatory_keywords', 'mandatoryKeywords'],
      ['task_types', 'taskTypes'],
      ['progress_params', 'progressParams'],
      ['execution_category', 'executionCategory'],
    ])("should refuse a metadata key '%s', naming '%s'", (key, camel) => {
      const metadata = { [key]: key === 'access_mode' ? 'write' : ['x'] } as unknown as ToolMetadataInput;
      expect(() => registry().register(testTool({ name: 'ported', metadata }))).toThrow(
        `Tool 'ported' cannot be registered: metadata key '${key}' is the reference's spelling: write '${camel}'.`,
      );
    });

    it("should refuse cost_tier in metadata, saying where the cost tier is declared", () => {
      const metadata = { cost_tier: 'high' } as unknown as ToolMetadataInput;
      expect(() => registry().register(testTool({ name: 'ported', metadata }))).toThrow(
        "Tool 'ported' cannot be registered: metadata key 'cost_tier' is the reference's spelling of 'costTier', which is not metadata here: " +
          "declare it as the tool's own 'costTier' (a getter of a BaseTool, an option of tool() and @Tool).",
      );
    });

    it("should keep a project's own fields, snake_case or not", () => {
      const metadata = { accessMode: 'write', team: 'infra', owner_team: 'core' } as ToolMetadataInput;
      const r = registry();
      expect(r.register(testTool({ name: 'own', metadata })).has('own')).toBe(true);
    });

    it("should refuse a BaseTool that spells the reference's cost_tier getter, naming costTier", () => {
      class Ported extends BaseTool {
        get name() {
          return 'ported';
        }
        get description() {
          return 'A port.';
        }
        get parameters(): JsonSchema {
          return { type: 'object', properties: {} };
        }
        get cost_tier() {
          return 'high';
        }
        async execute() {
          return ToolResult.ok(1);
        }
      }
      expect(() => registry().register(new Ported())).toThrow(
        "Tool 'ported' cannot be registered: it has 'cost_tier', the reference's spelling: name it 'costTier' (a 'cost_tier' is never read).",
      );
    });
  });

  describe('register: a timeout and metadata lists as declared', () => {
    it.each([
      [-5, '-5'],
      [Number.NaN, 'NaN'],
      [-Infinity, '-Infinity'],
    ])('should refuse timeoutMs %p, which would silently mean no timeout', (timeoutMs, shown) => {
      const r = registry();
      expect(() => r.register(testTool({ name: 'slow', timeoutMs }))).toThrow(
        new TypeError(`Tool 'slow' cannot be registered: timeoutMs must be a number of milliseconds (0 or Infinity for no timeout) or undefined, got ${shown}.`),
      );
      expect(r.size).toBe(0);
    });

    it('should take 0 and Infinity as no timeout, as documented', () => {
      expect(registry().register(testTool({ name: 'zero', timeoutMs: 0 })).register(testTool({ name: 'inf', timeoutMs: Infinity })).size).toBe(2);
    });

    it('should refuse a negative or NaN defaultTimeoutMs or approvalTimeoutMs', () => {
      expect(() => new ToolRegistry({ defaultTimeoutMs: -1 })).toThrow(
        new TypeError("new ToolRegistry: option 'defaultTimeoutMs' must be a number of milliseconds (0 or Infinity for no timeout) or undefined, got -1."),
      );
      expect(() => new ToolRegistry({ approvalTimeoutMs: Number.NaN })).toThrow(/^new ToolRegistry: option 'approvalTimeoutMs' must be a number of milliseconds .* got NaN\.$/);
    });

    it('should say what kind of value a timeout that is not a number is', () => {
      expect(() => new ToolRegistry({ defaultTimeoutMs: null as never })).toThrow(/option 'defaultTimeoutMs' must be a number of milliseconds .* got null\.$/);
      expect(() => registry().register(testTool({ name: 'slow', timeoutMs: '500' as never }))).toThrow(/timeoutMs must be a number of milliseconds .* got a string\.$/);
    });

    it.each([
      [{ loopThreshold: 0 }, "new ToolRegistry: option 'loopThreshold' must be a number of at least 1, got 0."],
      [{ loopThreshold: '3' }, "new ToolRegistry: option 'loopThreshold' must be a number of at least 1, got a string."],
      [{ loopThreshold: true }, "new ToolRegistry: option 'loopThreshold' must be a number of at least 1, got true."],
      [{ approve: true }, "new ToolRegistry: option 'approve' must be a function (request) => boolean | Promise<boolean>, got a boolean."],
      [{ invoker: {} }, "new ToolRegistry: option 'invoker' must be an object with an invoke(call) method, got an object."],
    ])('should name the constructor and the option in every option refusal: %j', (options, message) => {
      expect(() => new ToolRegistry(options as never)).toThrow(new TypeError(message));
    });

    it('should refuse a metadata list given as a string, naming the field', () => {
      expect(() => registry().register(testTool({ name: 'kw', metadata: { keywords: 'abc' as never } }))).toThrow(
        new TypeError("Tool 'kw' cannot be registered: its metadata's keywords must be an array of strings (e.g. ['a', 'b']), got a string."),
      );
    });
  });

  describe('register: a call answers once', () => {
    class Streaming extends BaseTool {
      get name() {
        return 'streaming';
      }
      get description() {
        return 'Streams.';
      }
      get parameters(): JsonSchema {
        return { type: 'object', properties: {} };
      }
      async execute(_ctx: ToolCallContext): Promise<ToolResult> {
        return ToolResult.ok('replaced below');
      }
    }
    // `async *execute()`, as a JavaScript port writes it (TypeScript refuses it where BaseTool declares a promise).
    Object.defineProperty(Streaming.prototype, 'execute', {
      value: async function* () {
        yield 1;
      },
    });

    it('should refuse a tool whose execute is an async generator function, saying what to do', () => {
      expect(() => registry().register(new Streaming())).toThrow(
        "Tool 'streaming' cannot be registered: its execute method is an async generator function: a tool answers each call once. " +
          'Return (or resolve to) the final value instead, and report progress on the way with ctx.reportProgress(progress, total, message).',
      );
    });

    it('should fail a call whose tool returns a generator, never answering it as {}', async () => {
      const r = registry();
      async function* steps() {
        yield 1;
      }
      r.register(testTool({ name: 'hands_back', run: () => steps() }));
      const result = await r.execute('hands_back', {});
      expect(result.success).toBe(false);
      expect(result.error).toBe('Tool execution failed: the tool returned an async generator: a tool answers each call once, with its final value');
    });
  });
});

describe('the execution category a tool declares none of', () => {
  it.each([
    ['readonly', 'read_only'],
    ['network', 'network'],
    ['write', 'write'],
    ['execute', 'execute'],
    ['mixed', 'mixed'],
  ])('should follow the access mode %s, as %s', async (accessMode, category) => {
    // Seen through the batch: a conflicting category waits, a parallel-safe one does not.
    const r = registry();
    let running = 0;
    let most = 0;
    const run = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return 'done';
    };
    r.register(testTool({ name: 'tool', metadata: { accessMode: accessMode as ToolMetadataInput['accessMode'] }, run }));
    const results = await r.executeBatch([{ name: 'tool' }, { name: 'tool' }]);
    expect(results.map((x) => x.success)).toEqual([true, true]);
    expect(most).toBe(['read_only', 'network'].includes(category) ? 2 : 1);
  });

  it('should let a WRITE tool that declares a parallel-safe category run beside itself', async () => {
    const r = registry();
    let running = 0;
    let most = 0;
    const run = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      return 'done';
    };
    r.register(testTool({ name: 'appender', metadata: { accessMode: 'write', executionCategory: 'compute' }, run }));
    await r.executeBatch([{ name: 'appender' }, { name: 'appender' }]);
    expect(most).toBe(2);
  });
});
