import { Type } from '@sinclair/typebox';
import { type BaseTool, type JsonSchema } from '@victor-tools/core';
import { Param, Tool, tool, toolsOfInstance, type ToolOptions } from '@victor-tools/decorators';

// Validation itself is core's (SPEC section 4); these tests prove that each
// way of declaring parameters gives a schema that core validates as declared.

class FieldParams {
  @Param({ type: 'string' }) path!: string;
  @Param({ type: 'integer', minimum: 1 }) limit = 10;
  @Param({ type: 'string', enum: ['a', 'b'] }) mode = 'a';
}

const typeBoxParams = Type.Object(
  { path: Type.String(), limit: Type.Integer({ minimum: 1, default: 10 }), mode: Type.Union([Type.Literal('a'), Type.Literal('b')], { default: 'a' }) },
  { additionalProperties: false },
);

const jsonParams: JsonSchema = {
  type: 'object',
  properties: { path: { type: 'string' }, limit: { type: 'integer', minimum: 1, default: 10 }, mode: { type: 'string', enum: ['a', 'b'], default: 'a' } },
  required: ['path'],
  additionalProperties: false,
};

function classTool(params: ToolOptions['params']): BaseTool {
  @Tool({ name: 'probe', description: 'Probe.', params })
  class Probe {
    execute(args: unknown) {
      return args;
    }
  }
  // Every params here is a @Param class, a TypeBox schema or a JSON Schema: the tool's parameters are a JSON Schema.
  return toolsOfInstance(new Probe())[0]! as BaseTool;
}

const declarations: [string, BaseTool][] = [
  ['@Param fields', classTool(FieldParams)],
  ['a TypeBox schema', classTool(typeBoxParams)],
  ['a JSON Schema', classTool(jsonParams)],
  ['tool() with TypeBox', tool({ name: 'probe', description: 'Probe.', parameters: typeBoxParams }, (args) => args)],
];

describe.each(declarations)('parameters declared with %s', (_label, declared) => {
  describe('validateParametersDetailed', () => {
    it('should accept valid arguments', () => {
      expect(declared.validateParametersDetailed({ path: 'x', limit: 3, mode: 'b' }).valid).toBe(true);
      expect(declared.validateParameters({ path: 'x' })).toBe(true);
    });

    it('should report a missing required parameter', () => {
      const result = declared.validateParametersDetailed({});
      expect(result.errors).toContain("Required parameter 'path' is missing");
      expect(result.invalidParams.path).toBe('required');
    });

    it('should report a wrong type', () => {
      expect(declared.validateParametersDetailed({ path: 'x', limit: 'many' }).errors).toContain(
        "Parameter 'limit' has wrong type: expected integer, got string",
      );
    });

    it('should report a bound and an unknown parameter', () => {
      const result = declared.validateParametersDetailed({ path: 'x', limit: 0, zz: 1 });
      expect(result.invalidParams).toMatchObject({ limit: 'minimum', zz: 'unknown parameter' });
      expect(result.errors).toContain("Unknown parameter 'zz'");
    });
  });
});
