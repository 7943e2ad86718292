import { Type } from '@sinclair/typebox';
import { BaseTool, SchemaLevel, ToolResult, type JsonSchema, type ToolCallContext } from '@victor-tools/core';
import { Param, Tool, ToolContainer, tool } from '@victor-tools/decorators';
import { newRegistry, type RegistryUnderTest } from '../helpers/registry';

// Needs core's ToolRegistry (SPEC section 6): a decorated class, a toolbox
// method and a tool() function, scanned by the container, must behave like
// the hand-written BaseTool below in execute, hooks and schemas.

const PARAMETERS: JsonSchema = {
  type: 'object',
  properties: { text: { type: 'string', description: 'The text' }, times: { type: 'integer', minimum: 1, default: 2 } },
  required: ['text'],
  additionalProperties: false,
};

function repeat(text: string, times: number): string {
  if (text === 'boom') throw new RangeError('exploded');
  if (text === 'refuse') return ToolResult.fail('refused') as never;
  return text.repeat(times);
}

class HandWritten extends BaseTool {
  constructor(private readonly toolName: string) {
    super();
  }
  get name() {
    return this.toolName;
  }
  get description() {
    return 'Repeat a text. Handy for tests.';
  }
  get parameters() {
    return PARAMETERS;
  }
  async execute(_ctx: ToolCallContext, args: Record<string, unknown>) {
    const out: unknown = repeat(args.text as string, args.times as number);
    return out instanceof ToolResult ? out : ToolResult.ok(out);
  }
}

class RepeatParams {
  @Param({ type: 'string', description: 'The text' }) text!: string;
  @Param({ type: 'integer', minimum: 1 }) times = 2;
}

@Tool({ name: 'class_repeat', description: 'Repeat a text. Handy for tests.', params: RepeatParams })
class ClassRepeat {
  execute(args: RepeatParams) {
    return repeat(args.text, args.times);
  }
}

class RepeatBox {
  @Tool({ name: 'method_repeat', description: 'Repeat a text. Handy for tests.', params: RepeatParams })
  repeat(args: RepeatParams) {
    return repeat(args.text, args.times);
  }
}

const functionRepeat = tool(
  {
    name: 'function_repeat',
    description: 'Repeat a text. Handy for tests.',
    parameters: Type.Object(
      { text: Type.String({ description: 'The text' }), times: Type.Optional(Type.Integer({ minimum: 1, default: 2 })) },
      { additionalProperties: false },
    ),
  },
  ({ text, times }) => repeat(text, times ?? 2),
);

function setUp(): RegistryUnderTest {
  const registry = newRegistry();
  registry.register(new HandWritten('hand_repeat'));
  new ToolContainer({ registry }).scan(ClassRepeat, RepeatBox, functionRepeat);
  return registry;
}

const declared = ['class_repeat', 'method_repeat', 'function_repeat'];

describe('ToolContainer with a ToolRegistry', () => {
  describe.each(declared)('the %s tool', (name) => {
    const normalize = (result: ToolResult) => JSON.parse(JSON.stringify(result).split(name).join('hand_repeat')) as unknown;

    async function both(args: unknown) {
      const registry = setUp();
      return [normalize(await registry.execute(name, args)), normalize(await registry.execute('hand_repeat', args))];
    }

    it('should return what the hand-written tool returns for valid arguments, with defaults applied', async () => {
      const [ours, theirs] = await both({ text: 'ab' });
      expect(ours).toEqual({ success: true, output: 'abab' });
      expect(ours).toEqual(theirs);
    });

    it('should fail validation with the same messages', async () => {
      const [ours, theirs] = await both({ times: 'x', zz: 1 });
      expect(ours).toMatchObject({ success: false });
      expect(ours).toEqual(theirs);
    });

    it('should turn a thrown error and a returned failure into the same results', async () => {
      expect((await both({ text: 'boom' }))[0]).toEqual((await both({ text: 'boom' }))[1]);
      const [ours, theirs] = await both({ text: 'refuse' });
      expect(ours).toEqual({ success: false, output: null, error: 'refused' });
      expect(ours).toEqual(theirs);
    });

    it('should run before- and after-hooks the same way', async () => {
      const registry = setUp();
      const seen: string[] = [];
      registry.registerBeforeHook((toolName, args) => {
        seen.push(`before ${toolName}`);
        return { ...args, times: 3 };
      });
      registry.registerAfterHook((result, call) => {
        seen.push(`after ${call.toolName}`);
        return ToolResult.ok(`${String(result.output)}!`);
      });
      expect((await registry.execute(name, { text: 'a' })).output).toBe('aaa!');
      expect((await registry.execute('hand_repeat', { text: 'a' })).output).toBe('aaa!');
      expect(seen).toEqual([`before ${name}`, `after ${name}`, 'before hand_repeat', 'after hand_repeat']);
    });

    it('should give the same schemas at every level', () => {
      const registry = setUp();
      for (const level of SchemaLevel.values()) {
        const schemas = registry.getToolSchemas({ level: level.value });
        const ours = schemas.find((s) => s.function.name === name)!;
        const theirs = schemas.find((s) => s.function.name === 'hand_repeat')!;
        // Through JSON, as a model receives them (TypeBox's symbol keys do not serialize).
        const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
        expect(json({ ...ours.function, name: 'x' })).toEqual(json({ ...theirs.function, name: 'x' }));
      }
    });
  });
});

describe('ToolContainer', () => {
  describe('constructor', () => {
    it('should default to a new core ToolRegistry', () => {
      const registry = new ToolContainer().registry as RegistryUnderTest;
      expect(registry.constructor.name).toBe('ToolRegistry');
      expect(registry.listTools()).toEqual([]);
    });
  });
});
