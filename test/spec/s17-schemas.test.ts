// Any schema a user already has. Parameters given as a JSON
// Schema, TypeBox 0.34 or 1.x, or a Standard Schema that produces JSON Schema
// (zod 4, valibot through @valibot/to-json-schema, arktype) are accepted by
// tool(), @Tool and BaseTool, shown to models as JSON Schema, checked by ajv
// with the same messages whatever declared them, and then by the library's
// own validation (refinements, transforms). Public API only.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type as TypeBox034 } from '@sinclair/typebox';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { z } from 'zod';
import { BaseTool, SchemaConversionError, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext } from '@victor-tools/core';
import { Tool, tool, toolsOfInstance } from '@victor-tools/decorators';
import { toOpenAITool } from '@victor-tools/providers';
import { quietLogger } from '../support/logger';
import { bookings } from '../../packages/decorators/test/helpers/bookings';

// Both are ES modules only: required through jest's transform (jest.config.ts), typed as ESM.
const { Type: TypeBox1 } = require('typebox') as typeof import('typebox', { with: { 'resolution-mode': 'import' } });
const { type } = require('arktype') as typeof import('arktype', { with: { 'resolution-mode': 'import' } });

const quiet = () => new ToolRegistry({ logger: quietLogger() });

/** The same contract, { city: non-empty string, days: integer 1..14 (default 3) }, in every form a user may have it. */
const TRIP = {
  json: {
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 14, default: 3 } },
    required: ['city'],
    additionalProperties: false,
  } satisfies JsonSchema,
  typebox034: TypeBox034.Object(
    { city: TypeBox034.String({ minLength: 1 }), days: TypeBox034.Optional(TypeBox034.Integer({ minimum: 1, maximum: 14, default: 3 })) },
    { additionalProperties: false },
  ),
  typebox1: TypeBox1.Object(
    { city: TypeBox1.String({ minLength: 1 }), days: TypeBox1.Optional(TypeBox1.Integer({ minimum: 1, maximum: 14, default: 3 })) },
    { additionalProperties: false },
  ),
  zod: z.strictObject({ city: z.string().min(1), days: z.number().int().min(1).max(14).default(3) }),
  valibot: toStandardJsonSchema(
    v.strictObject({ city: v.pipe(v.string(), v.minLength(1)), days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(14)), 3) }),
  ),
  arktype: type({ '+': 'reject', city: 'string > 0', days: ['1 <= number.integer <= 14', '=', 3] }),
};

describe('s17: parameters as JSON Schema, TypeBox 0.34 and 1.x, zod 4, valibot and arktype', () => {
  for (const [form, parameters] of Object.entries(TRIP)) {
    describe(`as ${form}`, () => {
      function registryWithTrip(): { registry: ToolRegistry; received: unknown[] } {
        const received: unknown[] = [];
        const plan = tool({ name: 'plan_trip', description: 'Plan a trip.', parameters: parameters as JsonSchema }, (args) => {
          received.push(args);
          return `${String(args.city)} for ${String(args.days)} days`;
        });
        const registry = quiet();
        registry.register(plan);
        return { registry, received };
      }

      it('should show models a JSON Schema of the same contract', () => {
        const { registry } = registryWithTrip();
        const schema = registry.get('plan_trip')!.toJSONSchema().function.parameters;
        expect(JSON.parse(JSON.stringify(schema))).toMatchObject({ type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'] });
        expect(schema).not.toHaveProperty('$schema');
        expect(schema).not.toHaveProperty('~standard');
        expect(registry.get('plan_trip')!.parameters).toBe(schema);
        expect(toOpenAITool(registry.get('plan_trip')!).schema).toMatchObject({ function: { name: 'plan_trip', parameters: { type: 'object' } } });
      });

      it('should run a valid call with the default applied', async () => {
        const { registry, received } = registryWithTrip();
        await expect(registry.execute('plan_trip', { city: 'Lyon' })).resolves.toMatchObject({ success: true, output: 'Lyon for 3 days' });
        expect(received).toEqual([{ city: 'Lyon', days: 3 }]);
      });

      it("should refuse bad arguments with ajv's messages, the same whatever declared the schema", async () => {
        const { registry, received } = registryWithTrip();
        const result = await registry.execute('plan_trip', { days: 'two', extra: 1 });
        expect(result.success).toBe(false);
        // The order follows the order of the keywords in each library's JSON Schema.
        expect(result.error!.startsWith("Invalid parameters for tool 'plan_trip': ")).toBe(true);
        expect(result.error!.slice("Invalid parameters for tool 'plan_trip': ".length).split('; ').sort()).toEqual([
          "Parameter 'days' has wrong type: expected integer, got string",
          "Required parameter 'city' is missing",
          "Unknown parameter 'extra'",
        ]);
        expect(result.metadata?.invalidParams).toEqual({ city: 'required', days: 'type: expected integer', extra: 'unknown parameter' });
        expect(received).toEqual([]);
      });
    });
  }

  it('should infer the function argument type from each form', () => {
    // Compile-time checks (`pnpm typecheck`): each line fails to compile if the inference is lost.
    const fromZod = tool({ name: 'z', description: 'Zod.', parameters: TRIP.zod }, ({ city, days }) => city.toUpperCase() + days.toFixed(0));
    const fromTypeBox1 = tool({ name: 't1', description: 'TypeBox 1.', parameters: TRIP.typebox1 }, ({ city, days }) => city.toUpperCase() + (days ?? 0).toFixed(0));
    const fromTypeBox034 = tool({ name: 't0', description: 'TypeBox 0.34.', parameters: TRIP.typebox034 }, ({ city, days }) => city.toUpperCase() + (days ?? 0).toFixed(0));
    const fromValibot = tool({ name: 'v', description: 'Valibot.', parameters: TRIP.valibot }, ({ city, days }) => city.toUpperCase() + days.toFixed(0));
    const fromArktype = tool({ name: 'a', description: 'arktype.', parameters: TRIP.arktype }, ({ city, days }) => city.toUpperCase() + days.toFixed(0));
    expect([fromZod, fromTypeBox1, fromTypeBox034, fromValibot, fromArktype].map((t) => t.name)).toEqual(['z', 't1', 't0', 'v', 'a']);
  });
});

describe("s17: a Standard Schema's own validation runs after ajv", () => {
  it("should refuse a call that fails a zod .refine() with the registry's failure, naming the field", async () => {
    const { registry, calls } = bookings();
    const result = await registry.execute('book', { from: '2025-06-10', to: '2025-06-01', guests: ['ann'] });
    expect(result.success).toBe(false);
    expect(result.error).toBe("Invalid parameters for tool 'book': Validation error at 'to': to must be after from");
    expect(result.metadata?.invalidParams).toEqual({ to: 'refinement' });
    expect(calls).toEqual([]);
  });

  it("should hand the tool zod's output: transforms applied", async () => {
    const { registry, calls } = bookings();
    const result = await registry.execute('book', { from: '2025-06-01', to: '2025-06-10', guests: ['ann', 'bob'], note: '  quiet room  ' });
    expect(result).toMatchObject({ success: true, output: '2 guests, 10 note chars' });
    expect(calls).toEqual([{ from: '2025-06-01', to: '2025-06-10', guests: ['ann', 'bob'], note: 'quiet room' }]);
    expect(Object.isFrozen(calls[0])).toBe(true);
  });

  it('should let ajv speak first: a wrong type never reaches the library', async () => {
    const { registry } = bookings();
    const result = await registry.execute('book', { from: '2025-06-01', to: 5, guests: [] });
    expect(result.error).toBe("Invalid parameters for tool 'book': Parameter 'to' has wrong type: expected string, got number; Validation error at 'guests': must NOT have fewer than 1 items");
  });

  it("should run valibot's and arktype's own checks as well", async () => {
    const registry = quiet();
    const Range = toStandardJsonSchema(
      v.pipe(
        v.object({ low: v.number(), high: v.number() }),
        v.forward(
          v.check((r) => r.high > r.low, 'high must exceed low'),
          ['high'],
        ),
      ),
    );
    const Even = type({ n: 'number.integer' }).narrow((o, ctx) => o.n % 2 === 0 || ctx.reject({ path: ['n'], expected: 'an even number' }));
    registry.register(tool({ name: 'range', description: 'A range.', parameters: Range }, ({ low, high }) => high - low));
    registry.register(tool({ name: 'even', description: 'An even number.', parameters: Even }, ({ n }) => n / 2));
    await expect(registry.execute('range', { low: 5, high: 1 })).resolves.toMatchObject({
      success: false,
      error: "Invalid parameters for tool 'range': Validation error at 'high': high must exceed low",
    });
    await expect(registry.execute('range', { low: 1, high: 5 })).resolves.toMatchObject({ success: true, output: 4 });
    const odd = await registry.execute('even', { n: 3 });
    expect(odd.success).toBe(false);
    expect(odd.error).toMatch(/^Invalid parameters for tool 'even': Validation error at 'n': .*even number/);
    await expect(registry.execute('even', { n: 4 })).resolves.toMatchObject({ success: true, output: 2 });
  });

  // arktype applies its morphs to the object it is given: the library gets a copy it may change.
  it("should hand the tool arktype's output, morphs applied, frozen", async () => {
    const registry = quiet();
    const inputs: unknown[] = [];
    const Shout = type({ text: type('string').pipe((s) => s.toUpperCase()), 'count?': 'string.numeric.parse' });
    registry.register(tool({ name: 'shout', description: 'Shout.', parameters: Shout }, (args) => (inputs.push(args), `${args.text}${args.count ?? ''}`)));
    await expect(registry.execute('shout', { text: 'ab', count: '3' })).resolves.toMatchObject({ success: true, output: 'AB3' });
    expect(inputs).toEqual([{ text: 'AB', count: 3 }]);
    expect(Object.isFrozen(inputs[0])).toBe(true);
  });
});

describe('s17: @Tool and BaseTool take the same schemas', () => {
  const Greeting = z.object({ who: z.string().min(1), shout: z.boolean().default(false) });

  it('should take a zod schema as @Tool params on a class and on a toolbox method', async () => {
    @Tool({ name: 'greet', description: 'Greet someone.', params: Greeting })
    class Greet {
      execute(args: z.output<typeof Greeting>) {
        return args.shout ? `HELLO ${args.who.toUpperCase()}` : `hello ${args.who}`;
      }
    }
    class Box {
      @Tool({ name: 'wave', description: 'Wave at someone.', params: Greeting.refine((g) => g.who !== 'nobody', { message: 'wave at somebody', path: ['who'] }) })
      wave(args: z.output<typeof Greeting>) {
        return `*waves at ${args.who}*`;
      }
    }
    const registry = quiet();
    registry.register(new Greet());
    for (const t of toolsOfInstance(new Box())) registry.register(t);
    await expect(registry.execute('greet', { who: 'ann', shout: true })).resolves.toMatchObject({ output: 'HELLO ANN' });
    await expect(registry.execute('greet', { who: '' })).resolves.toMatchObject({
      error: "Invalid parameters for tool 'greet': Validation error at 'who': must NOT have fewer than 1 characters",
    });
    await expect(registry.execute('wave', { who: 'nobody' })).resolves.toMatchObject({ error: "Invalid parameters for tool 'wave': Validation error at 'who': wave at somebody" });
    expect(registry.get('wave')!.parameters).toMatchObject({ type: 'object', required: ['who'] });
  });

  it('should take a zod schema as a BaseTool subclass parameters, declared as its second type argument', async () => {
    const Move = z.object({ from: z.string(), to: z.string() }).transform(({ from, to }) => ({ route: `${from} -> ${to}` }));
    class MoveFile extends BaseTool<z.output<typeof Move>, typeof Move> {
      get name() {
        return 'move_file';
      }
      get description() {
        return 'Move a file.';
      }
      get parameters() {
        return Move;
      }
      async execute(_ctx: ToolCallContext, args: z.output<typeof Move>) {
        return ToolResult.ok(args.route);
      }
    }
    const tool = new MoveFile();
    const registry = quiet();
    registry.register(tool);
    await expect(registry.execute('move_file', { from: 'a', to: 'b' })).resolves.toMatchObject({ success: true, output: 'a -> b' });
    expect(tool.parameters).toBe(Move);
    expect(tool.toJSONSchema().function.parameters).toMatchObject({ type: 'object', required: ['from', 'to'] });
    expect(registry.get('move_file')!.parameters).toEqual(tool.toJSONSchema().function.parameters);
    expect(registry.get('move_file')).toBeInstanceOf(MoveFile);
  });
});

describe('s17: schemas without a JSON Schema form fail registration', () => {
  it('should name the tool and the field of a zod type JSON cannot carry', () => {
    const Meeting = z.object({ title: z.string(), slot: z.object({ start: z.date() }) });
    const registry = quiet();
    const meet = tool({ name: 'schedule', description: 'Schedule a meeting.', parameters: Meeting }, () => 'ok');
    let thrown: unknown;
    try {
      registry.register(meet);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaConversionError);
    expect((thrown as Error).message).toBe(
      "Tool 'schedule' cannot be registered: its parameters schema (zod) has no JSON Schema form at 'slot.start': Date cannot be represented in JSON Schema. " +
        "Give the field 'slot.start' a type JSON can carry, or declare the schema as a JSON Schema.",
    );
    expect(thrown).toMatchObject({ vendor: 'zod', path: ['slot', 'start'] });
    expect(registry.has('schedule')).toBe(false);
  });

  it('should say how to wrap a Standard Schema that offers no JSON Schema', () => {
    const registry = quiet();
    const raw = v.object({ q: v.string() });
    expect(() => registry.register(tool({ name: 'raw', description: 'Raw valibot.', parameters: raw as never }, () => 'ok'))).toThrow(
      "Tool 'raw' cannot be registered: its parameters schema is a Standard Schema (valibot) without a JSON Schema form (it has no ~standard.jsonSchema, " +
        "the Standard JSON Schema interface). Wrap it with its library's JSON Schema converter (valibot: toStandardJsonSchema from @valibot/to-json-schema), " +
        'or declare the schema as a JSON Schema.',
    );
  });
});

describe('s17: class-validator and class-transformer are opt-in', () => {
  // The built package, as a user loads it (`pnpm build` runs before this project).
  const ROOT = join(__dirname, '..', '..');
  const loads = (script: string): string => execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }).trim();
  const LOADED = "Object.keys(require.cache).filter((f) => /node_modules[\\\\/](class-validator|class-transformer|libphonenumber-js)[\\\\/]/.test(f)).length";

  it("should load neither from @victor-tools/decorators' main entry point", () => {
    expect(loads(`require('@victor-tools/decorators'); console.log(${LOADED})`)).toBe('0');
  });

  it('should load them from @victor-tools/decorators/class-validator', () => {
    expect(Number(loads(`require('@victor-tools/decorators/class-validator'); console.log(${LOADED})`))).toBeGreaterThan(0);
  });

  it('should list them, and the schema libraries whose types it reads, as optional peer dependencies only', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', 'decorators', 'package.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    for (const name of ['class-validator', 'class-transformer', 'class-validator-jsonschema', '@sinclair/typebox', 'typebox']) {
      expect(manifest.dependencies).not.toHaveProperty(name);
      expect(manifest.peerDependenciesMeta![name]).toEqual({ optional: true });
    }
  });
});
