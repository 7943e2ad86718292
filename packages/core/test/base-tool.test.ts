import {
  BaseTool,
  CostTier,
  SchemaLevel,
  ToolResult,
  ToolValidationResult,
  type JsonSchema,
  type ToolCallContext,
} from '@victor-tools/core';
import { isBaseTool } from '@victor-tools/core/framework';

/** The reference's CustomTool: one required and one optional parameter, every default left alone. */
class CustomTool extends BaseTool {
  get name() {
    return 'custom_tool';
  }
  get description() {
    return 'A custom tool for testing.';
  }
  get parameters(): JsonSchema {
    return {
      type: 'object',
      properties: {
        param1: { type: 'string', description: 'First parameter' },
        param2: { type: 'integer', description: 'Second parameter', default: 1 },
      },
      required: ['param1'],
    };
  }
  async execute(_ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    return ToolResult.ok(`Executed with ${String(args.param1)}`);
  }
}

/** A tool that overrides every overridable getter. */
class ReadFileTool extends BaseTool<{ path: string }> {
  get name() {
    return 'read_file';
  }
  get description() {
    return 'Read a text file from the workspace.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false };
  }
  override get costTier() {
    return CostTier.LOW;
  }
  override get isIdempotent() {
    return true;
  }
  override get aliases() {
    return ['cat', 'read'];
  }
  override get timeoutMs() {
    return 2_000;
  }
  override get metadata() {
    return { category: 'filesystem', keywords: ['read', 'file'] };
  }
  override isAvailable() {
    return false;
  }
  async execute(_ctx: ToolCallContext, args: { path: string }): Promise<ToolResult> {
    return ToolResult.ok(`contents of ${args.path}`);
  }
}

describe('BaseTool', () => {
  describe('defaults', () => {
    const tool = new CustomTool();

    it('should cost FREE', () => expect(tool.costTier).toBe(CostTier.FREE));
    it('should not be idempotent', () => expect(tool.isIdempotent).toBe(false));
    it('should have no explicit metadata', () => expect(tool.metadata).toBeUndefined());
    it('should have no aliases', () => expect(tool.aliases).toEqual([]));
    it("should leave the timeout to the registry's default", () => expect(tool.timeoutMs).toBeUndefined());
    it('should be available', () => expect(tool.isAvailable()).toBe(true));
  });

  describe('overrides', () => {
    it('should take every overridden getter', () => {
      const tool = new ReadFileTool();
      expect(tool.costTier).toBe(CostTier.LOW);
      expect(tool.isIdempotent).toBe(true);
      expect(tool.aliases).toEqual(['cat', 'read']);
      expect(tool.timeoutMs).toBe(2_000);
      expect(tool.metadata).toEqual({ category: 'filesystem', keywords: ['read', 'file'] });
      expect(tool.isAvailable()).toBe(false);
    });
  });

  describe('execute', () => {
    it('should run the subclass with the context and arguments', async () => {
      const ctx = { signal: new AbortController().signal, toolName: 'custom_tool', reportProgress: () => undefined, log: () => undefined };
      const result = await new CustomTool().execute(ctx, { param1: 'x' });
      expect(result).toEqual(ToolResult.ok('Executed with x'));
    });
  });

  describe('isBaseTool', () => {
    it('should recognize subclasses by their brand', () => {
      expect(isBaseTool(new CustomTool())).toBe(true);
      expect(isBaseTool({ name: 'x', execute: () => 1 })).toBe(false);
    });
  });

  describe('validateParameters', () => {
    const tool = new CustomTool();

    it('should be true for valid arguments and false otherwise', () => {
      expect(tool.validateParameters({ param1: 'x' })).toBe(true);
      expect(tool.validateParameters({ param1: 'x', param2: 3 })).toBe(true);
      expect(tool.validateParameters({})).toBe(false);
      expect(tool.validateParameters({ param1: 'x', param2: 'three' })).toBe(false);
      expect(tool.validateParameters(null)).toBe(false);
    });
  });

  describe('validateParametersDetailed', () => {
    const tool = new CustomTool();

    it('should return a ToolValidationResult with every error', () => {
      const result = tool.validateParametersDetailed({ param2: 'three' });
      expect(result).toBeInstanceOf(ToolValidationResult);
      expect(result.valid).toBe(false);
      expect(result.errors).toEqual([
        "Required parameter 'param1' is missing",
        "Parameter 'param2' has wrong type: expected integer, got string",
      ]);
      expect(result.invalidParams).toEqual({ param1: 'required', param2: 'type: expected integer' });
    });

    it('should report unknown arguments when the schema forbids them', () => {
      expect(new ReadFileTool().validateParametersDetailed({ path: 'a', zz: 1 }).errors).toEqual(["Unknown parameter 'zz'"]);
    });

    it('should succeed for valid arguments', () => {
      expect(tool.validateParametersDetailed({ param1: 'x' })).toEqual(ToolValidationResult.success());
    });
  });

  describe('toJSONSchema', () => {
    it('should give the OpenAI chat function schema with the parameters unchanged', () => {
      const tool = new CustomTool();
      expect(tool.toJSONSchema()).toEqual({
        type: 'function',
        function: { name: 'custom_tool', description: 'A custom tool for testing.', parameters: tool.parameters },
      });
    });
  });

  describe('toSchema', () => {
    const tool = new CustomTool();

    it('should default to FULL, which is toJSONSchema() unchanged', () => {
      expect(tool.toSchema()).toEqual(tool.toJSONSchema());
      expect(tool.toSchema(SchemaLevel.FULL)).toEqual(tool.toJSONSchema());
    });

    it('should keep both parameters at COMPACT without the default', () => {
      expect(tool.toSchema(SchemaLevel.COMPACT)).toEqual({
        type: 'function',
        function: {
          name: 'custom_tool',
          description: 'A custom tool for testing.',
          parameters: {
            type: 'object',
            properties: {
              param1: { type: 'string', description: 'First parameter' },
              param2: { type: 'integer', description: 'Second parameter' },
            },
            required: ['param1'],
          },
        },
      });
    });

    it('should keep only the required parameter at STUB', () => {
      expect(tool.toSchema(SchemaLevel.STUB).function.parameters).toEqual({
        type: 'object',
        properties: { param1: { type: 'string', description: 'First parameter' } },
        required: ['param1'],
      });
    });

    it('should accept a level by its plain value', () => {
      expect(tool.toSchema('stub')).toEqual(tool.toSchema(SchemaLevel.STUB));
      expect(tool.toSchema('compact')).toEqual(tool.toSchema(SchemaLevel.COMPACT));
    });

    it('should refuse an unknown level with a TypeError', () => {
      expect(() => tool.toSchema('tiny' as never)).toThrow(TypeError);
    });
  });
});
