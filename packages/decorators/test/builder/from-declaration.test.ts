import { BaseTool, ToolResult, type JsonSchema, type SchemaInput, type ToolCallContext } from '@victor-tools/core';
import { DecoratedTool, Param, Tool, tool, toolsOfInstance } from '@victor-tools/decorators';
import { FunctionBackedTool } from '../../src/internal';
import { foreignCore } from '../helpers/foreign-core';
import { newRegistry } from '../helpers/registry';

// One result rule for every tool (core's toToolResult, which the registry
// applies): whatever the user's code returns, a declared tool answers as a
// hand-written BaseTool returning the same value does.

const Foreign = foreignCore().ToolResult;
const EMPTY: JsonSchema = { type: 'object', properties: {} };

/** The same code, declared each way a user can declare a tool, all registered under their own names. */
function registryRunning(code: () => unknown) {
  const fn = tool({ name: 'fn', description: 'A tool() function.' }, () => code());

  @Tool({ name: 'cls', description: 'A plain @Tool class.' })
  class Cls {
    execute() {
      return code();
    }
  }

  class Box {
    @Tool({ name: 'method', description: 'A toolbox method.' })
    run() {
      return code();
    }
  }

  @Tool({ name: 'subclass', description: 'A @Tool BaseTool subclass.' })
  class Subclass extends DecoratedTool {
    async execute() {
      return code() as ToolResult;
    }
  }

  class HandWritten extends BaseTool {
    get name() {
      return 'hand';
    }
    get description() {
      return 'A BaseTool subclass, no decorator.';
    }
    get parameters() {
      return EMPTY;
    }
    async execute() {
      return code() as ToolResult;
    }
  }

  const registry = newRegistry();
  for (const t of [fn, new Cls(), ...toolsOfInstance(new Box()), new Subclass(), new HandWritten()]) registry.register(t);
  return registry;
}

const NAMES = ['fn', 'cls', 'method', 'subclass', 'hand'];

const cases: Array<[string, () => unknown, object]> = [
  ['a plain failure shape { success: false, error }', () => ({ success: false, error: 'boom' }), { success: false, output: null, error: 'boom' }],
  ['a plain success shape { success: true, output }', () => ({ success: true, output: 5 }), { success: true, output: 5 }],
  ['a plain shape with metadata', () => ({ success: false, error: 'no', metadata: { code: 7 } }), { success: false, output: null, error: 'no', metadata: { code: 7 } }],
  ['a failed ToolResult', () => ToolResult.fail('boom'), { success: false, output: null, error: 'boom' }],
  ['a successful ToolResult', () => ToolResult.ok([1, 2]), { success: true, output: [1, 2] }],
  ['a failed ToolResult of another copy of core', () => Foreign.fail('boom', { code: 1 }), { success: false, output: null, error: 'boom', metadata: { code: 1 } }],
  ['a successful ToolResult of another copy of core', () => Foreign.ok('x'), { success: true, output: 'x' }],
  ['an output that only has a success field among others', () => ({ success: true, items: [1] }), { success: true, output: { success: true, items: [1] } }],
  ['an output whose success is not a boolean', () => ({ success: 'no', error: 'x' }), { success: true, output: { success: 'no', error: 'x' } }],
  ['a number', () => 42, { success: true, output: 42 }],
  ['undefined', () => undefined, { success: true, output: null }],
];

describe('declared tools', () => {
  describe('result rule, through registry.execute', () => {
    it.each(cases)('should answer %s the same way from every kind of tool', async (_label, code, expected) => {
      const registry = registryRunning(code);
      for (const name of NAMES) {
        const result = await registry.execute(name, {});
        expect(result).toBeInstanceOf(ToolResult);
        expect([name, result.toJSON()]).toEqual([name, expected]);
      }
    });

    it('should give a foreign ToolResult a ToolResult of this copy, keeping its fields', async () => {
      const foreign = Foreign.fail('boom');
      expect(foreign).not.toBeInstanceOf(ToolResult);
      const result = await registryRunning(() => foreign).execute('fn', {});
      expect(result).toBeInstanceOf(ToolResult);
      expect(result.error).toBe('boom');
    });

    it('should turn a thrown error into the registry failure for every kind of tool', async () => {
      const registry = registryRunning(() => {
        throw new RangeError('exploded');
      });
      for (const name of NAMES) {
        expect((await registry.execute(name, {})).toJSON()).toEqual({
          success: false,
          output: null,
          error: 'Tool execution failed: exploded',
          metadata: { exception: 'RangeError' },
        });
      }
    });
  });

  describe('execute, called directly', () => {
    const ctx = {} as ToolCallContext;

    it('should answer a ToolResult by the same rule, as BaseTool.execute promises', async () => {
      const fn = tool({ name: 'direct', description: 'Returns a failure shape.' }, () => ({ success: false, error: 'boom' }));
      const result = await fn.execute(ctx, {});
      expect(result).toBeInstanceOf(ToolResult);
      expect(result.toJSON()).toEqual({ success: false, output: null, error: 'boom' });
    });

    it('should not wrap a returned ToolResult again', async () => {
      const returned = ToolResult.ok('same');
      const fn = tool({ name: 'same', description: 'Returns one result.' }, () => returned);
      expect(await fn.execute(ctx, {})).toBe(returned);
    });
  });

  describe('one implementation', () => {
    class Who {
      @Param({ type: 'string' }) who = 'Ada';
    }

    @Tool({ name: 'greet_sub', description: 'Greets.', params: Who, costTier: 'low', aliases: ['hi_sub'], timeoutMs: 9 })
    class GreetSubclass extends DecoratedTool<Who> {
      async execute(_ctx: ToolCallContext, args: Who) {
        return ToolResult.ok(args);
      }
    }

    @Tool({ name: 'greet_cls', description: 'Greets.', params: Who, costTier: 'low', aliases: ['hi_cls'], timeoutMs: 9 })
    class GreetClass {
      execute(args: Who) {
        return args;
      }
    }

    it('should give a @Tool BaseTool subclass and a @Tool class the same members from the same options', async () => {
      const subclass = new GreetSubclass();
      const [declared] = toolsOfInstance(new GreetClass());
      expect(declared).toBeInstanceOf(FunctionBackedTool);
      expect(subclass).not.toBeInstanceOf(FunctionBackedTool);
      const members = (t: BaseTool<never, SchemaInput>) => [t.description, t.parameters, t.costTier, t.isIdempotent, t.timeoutMs, t.metadata];
      expect(members(subclass)).toEqual(members(declared!));
      const ctx = {} as ToolCallContext;
      const [a, b] = [await subclass.execute(ctx, {} as Who), await declared!.execute(ctx, {})];
      expect(a.output).toBeInstanceOf(Who);
      expect(b.output).toBeInstanceOf(Who);
      expect(a).toEqual(b);
    });
  });
});
