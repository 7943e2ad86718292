// SPEC section 3: BaseTool defaults and methods, and the context a tool receives.
import { BaseTool, CostTier, SchemaLevel, ToolRegistry, ToolResult, ToolValidationResult, type JsonSchema, type ToolCallContext } from '@victor-tools/core';
import { Type } from '@sinclair/typebox';

class Minimal extends BaseTool {
  get name() {
    return 'minimal';
  }
  get description() {
    return 'A minimal tool.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
  }
  async execute(_ctx: ToolCallContext, args: Record<string, unknown>) {
    return ToolResult.ok(args);
  }
}

describe('BaseTool', () => {
  const tool = new Minimal();

  it('should default costTier FREE, isIdempotent false, metadata undefined, aliases [], timeoutMs undefined, isAvailable true', () => {
    expect(tool.costTier).toBe(CostTier.FREE);
    expect(tool.isIdempotent).toBe(false);
    expect(tool.metadata).toBeUndefined();
    expect(tool.aliases).toEqual([]);
    expect(tool.timeoutMs).toBeUndefined();
    expect(tool.isAvailable()).toBe(true);
  });

  describe('validateParameters', () => {
    it('should return a boolean', () => {
      expect(tool.validateParameters({ path: 'a' })).toBe(true);
      expect(tool.validateParameters({})).toBe(false);
    });
  });

  describe('validateParametersDetailed', () => {
    it('should return a ToolValidationResult', () => {
      const r = tool.validateParametersDetailed({});
      expect(r).toBeInstanceOf(ToolValidationResult);
      expect(r.valid).toBe(false);
      expect(r.errors).toEqual(["Required parameter 'path' is missing"]);
    });
  });

  describe('toJSONSchema', () => {
    it('should be the OpenAI function shape', () => {
      expect(tool.toJSONSchema()).toEqual({
        type: 'function',
        function: { name: 'minimal', description: 'A minimal tool.', parameters: tool.parameters },
      });
    });
  });

  describe('toSchema', () => {
    it('should default to FULL, which equals toJSONSchema()', () => {
      expect(tool.toSchema()).toEqual(tool.toJSONSchema());
      expect(tool.toSchema(SchemaLevel.FULL)).toEqual(tool.toJSONSchema());
    });
    it('should accept the plain level value', () => {
      expect(tool.toSchema('stub' as never)).toEqual(tool.toSchema(SchemaLevel.STUB));
    });
  });

  it('should accept a TypeBox schema as parameters', () => {
    class Typed extends Minimal {
      override get parameters() {
        return Type.Object({ n: Type.Integer() });
      }
    }
    const t = new Typed();
    expect(t.validateParameters({ n: 1 })).toBe(true);
    expect(t.validateParametersDetailed({ n: 'x' }).errors).toEqual([
      "Parameter 'n' has wrong type: expected integer, got string",
    ]);
  });
});

describe('ToolExecutionContext', () => {
  it('should hand the tool a shallow copy with signal and toolName added', async () => {
    let seen: ToolCallContext | undefined;
    class Spy extends Minimal {
      override async execute(ctx: ToolCallContext, args: Record<string, unknown>) {
        seen = ctx;
        return ToolResult.ok(args);
      }
    }
    const registry = new ToolRegistry();
    registry.register(new Spy());
    const shared = { codeManager: { id: 1 } };
    const ctx = { shared } as Record<string, unknown>;
    const r = await registry.execute('minimal', { path: 'p' }, ctx);
    expect(r.success).toBe(true);
    expect(seen).not.toBe(ctx);
    expect((seen as unknown as Record<string, unknown>).shared).toBe(shared);
    expect(seen!.toolName).toBe('minimal');
    expect(seen!.signal).toBeInstanceOf(AbortSignal);
    expect('signal' in ctx).toBe(false);
    expect('toolName' in ctx).toBe(false);
  });
});
