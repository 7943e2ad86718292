import { z } from 'zod';
import { BaseTool, SchemaConversionError, SchemaLevel, ToolRegistry, ToolResult, type JsonSchema, type SchemaInput } from '@victor-tools/core';
import { approvalRequirement, checkModePolicy, type AnyTool, type StandardJSONSchemaV1, type StandardSchemaV1 } from '@victor-tools/core/framework';
import { readSchemaInput, runStandardValidation } from '@victor-tools/core/internal';
import { quietLogger } from '../../../test/support/logger';

type Result = StandardSchemaV1.Result<unknown> | Promise<StandardSchemaV1.Result<unknown>>;

/** A schema library of our own, implementing Standard Schema and Standard JSON Schema as the interfaces say. */
function standardSchema(options: {
  vendor?: string;
  input?: (target: string) => Record<string, unknown>;
  output?: (target: string) => Record<string, unknown>;
  validate?: (value: unknown) => Result;
  noJsonSchema?: boolean;
}): StandardJSONSchemaV1 & StandardSchemaV1 {
  const props: Record<string, unknown> = { version: 1, vendor: options.vendor ?? 'toylib' };
  if (options.validate) props.validate = options.validate;
  if (!options.noJsonSchema) {
    props.jsonSchema = {
      input: ({ target }: { target: string }) => (options.input ?? (() => ({ type: 'object' })))(target),
      output: ({ target }: { target: string }) => (options.output ?? (() => ({ type: 'object' })))(target),
    };
  }
  return { '~standard': props } as unknown as StandardJSONSchemaV1 & StandardSchemaV1;
}

const OBJECT: JsonSchema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };

class SchemaTool extends BaseTool<Record<string, unknown>, SchemaInput> {
  calls: unknown[] = [];
  constructor(
    private readonly schema: SchemaInput,
    private readonly toolName = 'probe',
  ) {
    super();
  }
  get name() {
    return this.toolName;
  }
  get description() {
    return 'A probe. It echoes what it got.';
  }
  get parameters() {
    return this.schema;
  }
  async execute(_ctx: unknown, args: Record<string, unknown>) {
    this.calls.push(args);
    return ToolResult.ok(args);
  }
}

const quiet = (options: ConstructorParameters<typeof ToolRegistry>[0] = {}) =>
  new ToolRegistry({ logger: quietLogger(), ...options });

describe('readSchemaInput', () => {
  it('should return a JSON Schema as it is, and a boolean schema too (ajv judges it)', () => {
    expect(readSchemaInput(OBJECT)).toEqual({ jsonSchema: OBJECT, standard: undefined });
    expect(readSchemaInput(OBJECT).jsonSchema).toBe(OBJECT);
    expect(readSchemaInput(true as never).jsonSchema).toBe(true);
  });

  it("should convert a Standard JSON Schema to Draft 7 through its converter, once per schema object and side, without the root's $schema", () => {
    const input = jest.fn((target: string) => ({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', title: target }));
    const output = jest.fn(() => ({ type: 'object', title: 'out' }));
    const schema = standardSchema({ input, output, validate: (value) => ({ value }) });
    const forms = readSchemaInput(schema);
    expect(forms).toEqual({ jsonSchema: { type: 'object', title: 'draft-07' }, standard: schema });
    expect(readSchemaInput(schema)).toBe(forms);
    expect(input).toHaveBeenCalledTimes(1);
    expect(readSchemaInput(schema, { side: 'output' }).jsonSchema).toEqual({ type: 'object', title: 'out' });
    expect(readSchemaInput(schema, { side: 'output' }).jsonSchema).toBe(readSchemaInput(schema, { side: 'output' }).jsonSchema);
    expect(output).toHaveBeenCalledTimes(1);
  });

  it('should take a Standard JSON Schema without validate as a JSON Schema source only', () => {
    expect(readSchemaInput(standardSchema({})).standard).toBeUndefined();
  });

  it('should refuse a Standard Schema without a converter, naming the owner and the library', () => {
    const read = () => readSchemaInput(standardSchema({ vendor: 'toylib', noJsonSchema: true, validate: (value) => ({ value }) }), { owner: "Tool 'x'" });
    expect(read).toThrow(SchemaConversionError);
    expect(read).toThrow("Tool 'x' cannot be registered: its parameters schema is a Standard Schema (toylib) without a JSON Schema form (it has no ~standard.jsonSchema");
  });

  it("should pass on the library's refusal with the owner, the library and what to do; `what` names the schema", () => {
    const schema = standardSchema({
      output: () => {
        throw new Error('Widgets cannot be represented in JSON Schema.');
      },
    });
    let thrown: SchemaConversionError | undefined;
    try {
      readSchemaInput(schema, { owner: () => "Tool 'w'", side: 'output', what: 'its output schema' });
    } catch (error) {
      thrown = error as SchemaConversionError;
    }
    expect(thrown?.message).toBe(
      "Tool 'w' cannot be registered: its output schema (toylib) has no JSON Schema form: Widgets cannot be represented in JSON Schema. " +
        'Give that part a type JSON can carry, or declare the schema as a JSON Schema.',
    );
    expect(thrown).toMatchObject({ name: 'SchemaConversionError', vendor: 'toylib', path: [] });
    expect((thrown as Error & { cause?: unknown }).cause).toBeInstanceOf(Error);
  });

  it('should refuse a converter that answers no object', () => {
    expect(() => readSchemaInput(standardSchema({ input: () => 'object' as never }))).toThrow('toylib converted its parameters schema to string, not a JSON Schema object.');
  });

  it('should name the field zod cannot convert, at any depth', () => {
    const schema = z.object({ a: z.object({ list: z.array(z.object({ when: z.date() })) }) });
    expect(() => readSchemaInput(schema, { owner: "Tool 'deep'" })).toThrow(
      "Tool 'deep' cannot be registered: its parameters schema (zod) has no JSON Schema form at 'a.list.when': Date cannot be represented in JSON Schema.",
    );
    // The input side of a transform converts; its output side does not.
    const parsed = z.object({ n: z.string().transform(Number) });
    expect(readSchemaInput(parsed).jsonSchema).toMatchObject({ properties: { n: { type: 'string' } } });
    expect(() => readSchemaInput(parsed, { side: 'output' })).toThrow("has no JSON Schema form at 'n': Transforms cannot be represented in JSON Schema.");
  });
});

describe('runStandardValidation', () => {
  const run = (validate: (value: unknown) => Result, limits = {}) => runStandardValidation(standardSchema({ validate }), { a: 1 }, limits);

  it("should answer the library's output, synchronously when it answers at once", () => {
    expect(run((value) => ({ value: { ...(value as object), b: 2 } }))).toEqual({ value: { a: 1, b: 2 } });
  });

  it("should word the library's issues as victor words ajv's, with paths of keys and { key } segments", () => {
    const outcome = run(() => ({
      issues: [
        { message: 'too small', path: ['a'] },
        { message: 'bad item', path: [{ key: 'list' }, { key: 2 }, Symbol('sym')] },
        { message: 'the whole is wrong' },
      ],
    }));
    expect('failure' in outcome && outcome.failure.errors).toEqual([
      "Validation error at 'a': too small",
      "Validation error at 'list.2.sym': bad item",
      'Validation error: the whole is wrong',
    ]);
    expect('failure' in outcome && outcome.failure.invalidParams).toEqual({ a: 'refinement', list: 'refinement' });
    expect('failure' in outcome && outcome.failure.issues[1]).toEqual({ path: ['list', '2', 'sym'], keyword: 'refinement', message: "Validation error at 'list.2.sym': bad item", params: {} });
  });

  it('should list the first maxErrors issues, count the rest and keep the text within maxErrorChars', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ message: `problem ${i} ${'x'.repeat(i % 7)}`, path: [`k${i}`] }));
    const outcome = run(() => ({ issues: many }), { maxErrors: 5 });
    if (!('failure' in outcome)) throw new Error('expected a failure');
    expect(outcome.failure.errors).toHaveLength(6);
    expect(outcome.failure.errors[5]).toBe('... and 995 more problems');
    const long = run(() => ({ issues: [{ message: 'y'.repeat(100_000), path: ['k'.repeat(10_000)] }] }), { maxErrorChars: 200 });
    if (!('failure' in long)) throw new Error('expected a failure');
    expect(long.failure.errors.join('; ').length).toBeLessThanOrEqual(200);
    expect(Object.keys(long.failure.invalidParams)[0]!.length).toBeLessThanOrEqual(120);
  });

  it('should turn a throwing, rejecting or nonsensical library into a failure, never a throw', async () => {
    const thrown = run(() => {
      throw new Error('boom');
    });
    expect('failure' in thrown && thrown.failure.errors).toEqual(['Parameters could not be validated: boom']);
    const rejected = await run(() => Promise.reject(new Error('late boom')));
    expect('failure' in rejected && rejected.failure.errors).toEqual(['Parameters could not be validated: late boom']);
    const nonsense = run(() => 42 as never);
    expect('failure' in nonsense && nonsense.failure.errors[0]).toMatch(/^Parameters could not be validated: /);
    const silent = run(() => ({ issues: [] as never[] }));
    expect('failure' in silent && silent.failure.errors).toEqual(['Validation error: the schema refused the arguments without saying why']);
  });

  describe('maxCheckedValues', () => {
    const counting = () => {
      const seen: unknown[] = [];
      const schema = standardSchema({ vendor: 'toylib', validate: (value) => (seen.push(value), { value }) });
      return { schema, seen };
    };

    it('should run the library on values up to the limit, counting every value at any depth', () => {
      const { schema, seen } = counting();
      // The root, `list`, its two numbers, `o` and its `x`: 6 values.
      const value = { list: [1, 2], o: { x: null } };
      expect(runStandardValidation(schema, value, { maxCheckedValues: 6 })).toEqual({ value });
      const refused = runStandardValidation(schema, value, { maxCheckedValues: 5 });
      if (!('failure' in refused)) throw new Error('expected a failure');
      const message = 'Parameters hold more than 5 values, too many for the checks of toylib in one call; send fewer values per call';
      expect(refused.failure.errors).toEqual([message]);
      expect(refused.failure.issues).toEqual([{ path: [], keyword: 'tooManyValues', message, params: { limit: 5 } }]);
      expect(seen).toEqual([value]);
    });

    it('should stop counting at the limit, whatever it is given: a cycle, a huge array', () => {
      const { schema, seen } = counting();
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic.self = cyclic;
      expect(runStandardValidation(schema, cyclic, { maxCheckedValues: 1000 })).toMatchObject({ failure: { valid: false } });
      expect(runStandardValidation(schema, new Array(1e6), {})).toMatchObject({ failure: { valid: false } });
      expect(seen).toEqual([]);
    });

    it('should take 50,000 by default, Infinity for none, and whole values at least 1', () => {
      const { schema } = counting();
      const text = (outcome: ReturnType<typeof runStandardValidation>) => ('failure' in outcome ? outcome.failure.errors[0] : 'ran');
      expect(text(runStandardValidation(schema, new Array(49_999).fill(0), {}))).toBe('ran');
      expect(text(runStandardValidation(schema, new Array(50_000).fill(0), {}))).toMatch(/^Parameters hold more than 50000 values/);
      expect(text(runStandardValidation(schema, new Array(100_000).fill(0), { maxCheckedValues: Infinity }))).toBe('ran');
      expect(text(runStandardValidation(schema, [1], { maxCheckedValues: 0 }))).toMatch(/^Parameters hold more than 1 values/);
      expect(text(runStandardValidation(schema, [1, 2], { maxCheckedValues: 3.7 }))).toBe('ran');
      expect(text(runStandardValidation(schema, [1, 2, 3], { maxCheckedValues: 3.7 }))).toMatch(/^Parameters hold more than 3 values/);
    });
  });
});

describe('a tool whose parameters are a Standard Schema, in the registry', () => {
  const doubling = () =>
    standardSchema({
      input: () => OBJECT as Record<string, unknown>,
      validate: (value) => {
        const n = (value as { n: number }).n;
        return n > 100 ? { issues: [{ message: 'n must be at most 100', path: ['n'] }] } : { value: { n: n * 2, when: new Date(0) } };
      },
    });

  it("should check the JSON Schema first, then the library's validation, and run the tool with the library's output", async () => {
    const tool = new SchemaTool(doubling());
    const registry = quiet();
    registry.register(tool);
    await expect(registry.execute('probe', { n: 'x' })).resolves.toMatchObject({ error: "Invalid parameters for tool 'probe': Parameter 'n' has wrong type: expected integer, got string" });
    await expect(registry.execute('probe', { n: 101 })).resolves.toMatchObject({
      error: "Invalid parameters for tool 'probe': Validation error at 'n': n must be at most 100",
      metadata: { invalidParams: { n: 'refinement' } },
    });
    const ok = await registry.execute('probe', { n: 4 });
    expect(ok.output).toEqual({ n: 8, when: new Date(0) });
    // Plain data is frozen like ajv's copy; a Date the library made is the tool's to use.
    expect(Object.isFrozen(tool.calls[0])).toBe(true);
    expect(Object.isFrozen((tool.calls[0] as { when: Date }).when)).toBe(false);
  });

  it('should hand out a view whose parameters are the JSON Schema, the tool itself answering its own schema', () => {
    const schema = doubling();
    const tool = new SchemaTool(schema);
    const registry = quiet();
    registry.register('renamed', tool);
    const view = registry.get('renamed')!;
    expect(view).not.toBe(tool);
    expect(view).toBeInstanceOf(SchemaTool);
    expect(view.parameters).toBe(OBJECT);
    expect(tool.parameters).toBe(schema);
    expect(view.toJSONSchema()).toEqual({ type: 'function', function: { name: 'renamed', description: tool.description, parameters: OBJECT } });
    expect(view.toSchema(SchemaLevel.STUB).function.parameters).toEqual({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
    expect(registry.getToolSchemas()[0]!.function.parameters).toBe(OBJECT);
  });

  it('should keep a JSON Schema tool itself in the registry (no view)', () => {
    const tool = new SchemaTool(OBJECT);
    const registry = quiet();
    registry.register(tool);
    expect(registry.get('probe')).toBe(tool);
  });

  it('should walk an output with cycles and shared parts once', async () => {
    const cyclic = standardSchema({
      validate: () => {
        const shared = { leaf: true };
        const node: Record<string, unknown> = { shared, again: shared };
        node.self = node;
        return { value: node };
      },
    });
    const registry = quiet();
    registry.register(new SchemaTool(cyclic));
    const result = await registry.execute('probe', {});
    expect(result.success).toBe(true);
    expect(Object.isFrozen((result.output as { shared: object }).shared)).toBe(true);
  });

  it('should stop a library that never answers at the call timeout', async () => {
    const registry = quiet({ defaultTimeoutMs: 50 });
    registry.register(new SchemaTool(standardSchema({ validate: () => new Promise(() => undefined) })));
    await expect(registry.execute('probe', {})).resolves.toMatchObject({ success: false, error: "Tool 'probe' timed out after 50 ms" });
  });

  it("should fail registration of an unconvertible schema with the registry's name for the tool", () => {
    const registry = quiet();
    const broken = standardSchema({
      input: () => {
        throw new Error('nope');
      },
    });
    expect(() => registry.register('custom_name', new SchemaTool(broken))).toThrow("Tool 'custom_name' cannot be registered: its parameters schema (toylib) has no JSON Schema form: nope.");
    expect(registry.size).toBe(0);
  });
});

describe('a tool declared with zod, where tools are read', () => {
  const Params = z.object({ path: z.string() });
  class WriteNote extends BaseTool<z.output<typeof Params>, typeof Params> {
    get name() { return 'write_note'; }
    get description() { return 'Write a note to a file.'; }
    get parameters() { return Params; }
    override get metadata() { return { accessMode: 'write' as const }; }
    async execute(_ctx: unknown, args: z.output<typeof Params>) { return ToolResult.ok(args.path); }
  }

  it('should be an AnyTool beside JSON Schema tools, and read by the policy functions', () => {
    const zodTool = new WriteNote();
    // Type-checked by `pnpm typecheck`: `BaseTool` alone means JSON Schema parameters.
    // @ts-expect-error a zod tool is not a BaseTool<_, JsonSchema>
    const jsonOnly: BaseTool[] = [zodTool];
    const tools: AnyTool[] = [zodTool, new SchemaTool(OBJECT)];
    expect(tools).toHaveLength(2);
    expect(jsonOnly[0]).toBe(zodTool);
    expect(approvalRequirement(zodTool)).toMatchObject({ rule: 'first-use' });
    expect(checkModePolicy(zodTool, { mode: 'plan' })).toMatchObject({ allowed: false });
  });
});

describe('a BaseTool whose parameters are written as const', () => {
  const Query = { type: 'object', properties: { q: { type: 'string', enum: ['a', 'b'] } }, required: ['q'] } as const;

  it('should compile with the schema declared as the second type argument (the README workaround), and run', async () => {
    // Type-checked by `pnpm typecheck`: readonly arrays are no JsonSchema, BaseTool's default.
    class Mutable extends BaseTool<{ q: string }> {
      get name() {
        return 'mutable';
      }
      get description() {
        return 'Q.';
      }
      // @ts-expect-error an `as const` schema (readonly arrays) is not a JsonSchema
      get parameters() {
        return Query;
      }
      async execute(_ctx: unknown, args: { q: string }) {
        return ToolResult.ok(args.q);
      }
    }
    class Declared extends BaseTool<{ q: string }, typeof Query> {
      get name() {
        return 'declared';
      }
      get description() {
        return 'Q.';
      }
      get parameters() {
        return Query;
      }
      async execute(_ctx: unknown, args: { q: string }) {
        return ToolResult.ok(args.q);
      }
    }
    void Mutable;
    const registry = new ToolRegistry({ logger: quietLogger() }).register(new Declared());
    expect((await registry.execute('declared', { q: 'a' })).output).toBe('a');
    expect((await registry.execute('declared', { q: 'c' })).success).toBe(false);
  });
});
