import { Type } from '@sinclair/typebox';
import { IsArray, IsDate, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
// The opt-in bridge: class-validator constraints read and enforced, class-transformer's instances.
import '@victor-tools/decorators/class-validator';
import { ToolResult, type BaseTool, type JsonSchema } from '@victor-tools/core';
import { MissingParamTypeError, Param, ParamsClassError, Tool, toolsOfInstance, type ParamsClass, type ToolOptions } from '@victor-tools/decorators';
import { globalToolBuilder } from '../../src/internal';
import { isLegacy, legacy } from '../helpers/mode';
import { newRegistry } from '../helpers/registry';

// A @Param class always builds a JSON Schema.
const buildParams = (params: ParamsClass) => globalToolBuilder().params(params) as { schema: JsonSchema; paramsClass?: Function };

function toolWith(params: ToolOptions['params']): BaseTool {
  @Tool({ name: 'probe', description: 'Probe tool.', params })
  class Probe {
    execute(args: unknown) {
      return args;
    }
  }
  // Every params here is a @Param class or a JSON Schema: the tool's parameters are a JSON Schema.
  return toolsOfInstance(new Probe())[0]! as BaseTool;
}

describe('a Date-typed @Param', () => {
  class WhenParams {
    @Param({ type: Date, description: 'When' })
    when!: Date;
  }
  // class-validator's decorators work in legacy mode only.
  function checkedWhenParams(): ParamsClass<{ when: Date }> {
    class CheckedWhen {
      @Param({ type: Date, description: 'When' })
      @legacy(IsDate())
      when!: Date;
    }
    return CheckedWhen;
  }
  const classes = isLegacy ? [WhenParams, checkedWhenParams()] : [WhenParams];

  it.each(classes)('should be a date-time string in the schema, without a contradicting oneOf (%p)', (params) => {
    expect(toolWith(params).parameters.properties!.when).toEqual({ type: 'string', format: 'date-time', description: 'When' });
  });

  it.each(classes)('should reach execute as a Date, passing @IsDate in legacy mode (%p)', async (params) => {
    const registry = newRegistry();
    registry.register(toolWith(params));
    const result = await registry.execute('probe', { when: '2024-05-01T10:00:00Z' });
    expect(result.error).toBeUndefined();
    const when = (result.output as WhenParams).when;
    expect(when).toBeInstanceOf(Date);
    expect(when.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect((await registry.execute('probe', { when: 'tomorrow' })).success).toBe(false);
  });
});

describe('@Param', () => {
  describe('on fields of a params class', () => {
    class SearchParams {
      @Param({ type: 'string', description: 'What to look for', minLength: 1 })
      query!: string;

      @Param({ description: 'Most results', maximum: 100 })
      limit = 10;

      @Param({ type: 'string', enum: ['asc', 'desc'], optional: true })
      order?: string;

      @Param(Type.Array(Type.String(), { description: 'Where to look' }))
      paths: string[] = ['.'];
    }

    const schema = buildParams(SearchParams).schema;

    it('should name each parameter after its field, in declaration order', () => {
      expect(Object.keys(schema.properties!)).toEqual(['query', 'limit', 'order', 'paths']);
    });

    it('should take defaults from the initializers and infer their types', () => {
      expect(schema.properties!.limit).toEqual({ type: 'number', default: 10, description: 'Most results', maximum: 100 });
      expect(schema.properties!.paths).toMatchObject({ type: 'array', items: { type: 'string' }, default: ['.'] });
    });

    it('should require exactly the fields with neither a default nor optional: true', () => {
      expect(schema.required).toEqual(['query']);
    });

    it('should pass every JSON Schema keyword through', () => {
      expect(schema.properties!.query).toEqual({ type: 'string', description: 'What to look for', minLength: 1 });
      expect(schema.properties!.order).toEqual({ type: 'string', enum: ['asc', 'desc'] });
    });

    it('should refuse unknown arguments', () => {
      expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    });

    it('should build a nested object from a @Param class given as type', () => {
      class Range {
        @Param({ type: 'integer' }) from!: number;
        @Param({ type: 'integer' }) to = 10;
      }
      class Query {
        @Param({ type: Range }) range!: Range;
        @Param({ type: Boolean }) exact = false;
      }
      const nested = buildParams(Query).schema;
      expect(nested.properties!.range).toMatchObject({ type: 'object', required: ['from'], properties: { to: { type: 'integer', default: 10 } } });
      expect(nested.properties!.exact).toEqual({ type: 'boolean', default: false });
    });

    it('should hand execute an instance of the params class with the defaults filled in', async () => {
      const tool = toolWith(SearchParams);
      const result = await tool.execute({} as never, { query: 'x' });
      expect(result.output).toBeInstanceOf(SearchParams);
      expect(result.output).toMatchObject({ query: 'x', limit: 10, paths: ['.'] });
    });

    it('should name the class when it cannot be built without arguments', () => {
      class NeedsArgs {
        @Param({ type: 'string' }) a: string;
        constructor(a: string) {
          this.a = a.trim();
        }
      }
      const bad = NeedsArgs as unknown as ParamsClass;
      expect(() => buildParams(bad)).toThrow(ParamsClassError);
      expect(() => buildParams(bad)).toThrow(/params class 'NeedsArgs'.*constructible without arguments/);
    });
  });

  describe('on a field with no type and no initializer', () => {
    class Untyped {
      @Param({ description: 'A count' }) count!: number;
    }

    if (isLegacy) {
      it('should read the type from design:type in legacy mode', () => {
        expect(buildParams(Untyped).schema.properties!.count).toEqual({ type: 'number', description: 'A count' });
      });
    } else {
      it('should throw in stage-3 mode, naming the class and field and saying what to give', () => {
        expect(() => buildParams(Untyped)).toThrow(MissingParamTypeError);
        expect(() => buildParams(Untyped)).toThrow(/'count' of 'Untyped' has no type.*@Param\(\{ type: 'string' \}\).*TypeBox/);
      });
    }
  });
});

describe('@Tool params', () => {
  it('should take a TypeBox schema as it is', () => {
    const params = Type.Object({ path: Type.String(), depth: Type.Optional(Type.Integer({ default: 1 })) });
    const tool = toolWith(params);
    expect(tool.parameters).toBe(params);
    expect(tool.parameters.required).toEqual(['path']);
  });

  it('should take a JSON Schema as it is', () => {
    const params: JsonSchema = { type: 'object', properties: { n: { type: 'integer', default: 2 } }, required: [] };
    expect(toolWith(params).parameters).toBe(params);
  });

  it('should default to an object schema without parameters', () => {
    expect(toolWith(undefined).parameters).toEqual({ type: 'object', properties: {} });
  });
});

if (isLegacy) {
  describe('class-validator constraints (legacy mode)', () => {
    // A constraint no JSON Schema keyword expresses: only class-validator can enforce it.
    @ValidatorConstraint({ name: 'isEven' })
    class IsEven implements ValidatorConstraintInterface {
      validate(value: unknown) {
        return typeof value === 'number' && value % 2 === 0;
      }
      defaultMessage() {
        return '$property must be even';
      }
    }

    class ListParams {
      @Param({ description: 'Page size' })
      @legacy(IsInt(), Min(1), Max(50), Validate(IsEven))
      size!: number;

      @Param()
      @legacy(IsIn(['name', 'date']))
      sort: string = 'name';

      @Param()
      @legacy(IsOptional(), IsString(), Matches(/^[a-z]+$/))
      prefix?: string;

      @Param()
      @legacy(IsOptional(), IsArray(), IsString({ each: true }))
      tags?: string[];
    }

    const tool = toolWith(ListParams);

    it('should show the constraints in the JSON Schema', () => {
      expect(tool.parameters.properties).toMatchObject({
        size: { type: 'integer', minimum: 1, maximum: 50, description: 'Page size' },
        sort: { enum: ['name', 'date'], default: 'name' },
        prefix: { type: 'string', pattern: '^[a-z]+$' },
        tags: { type: 'array', items: { type: 'string' } },
      });
    });

    it('should leave @IsOptional fields out of the required list', () => {
      expect(tool.parameters.required).toEqual(['size']);
    });

    it('should enforce the constraints with readable messages naming the parameter', () => {
      const result = tool.validateParametersDetailed({ size: 7, sort: 'name' });
      expect(result.valid).toBe(false);
      expect(result.errors).toEqual(["Validation error at 'size': size must be even"]);
      expect(result.invalidParams).toEqual({ size: 'isEven' });
      // As data, in the shape of the JSON Schema's issues, the constraint standing for the keyword.
      expect(result.issues).toEqual([{ path: ['size'], keyword: 'isEven', message: "Validation error at 'size': size must be even", params: {} }]);
      const pattern = tool.validateParametersDetailed({ size: 8, prefix: 'ABC' });
      expect(pattern.errors).toContainEqual(expect.stringMatching(/^Validation error at 'prefix': /));
      expect(pattern.errors).toHaveLength(1);
    });

    it('should fail execute with the registry format when a constraint fails', async () => {
      const result = await tool.execute({} as never, { size: 8, prefix: 'ABC' });
      expect(result).toBeInstanceOf(ToolResult);
      expect(result.success).toBe(false);
      expect(result.error).toMatch(/^Invalid parameters for tool 'probe': Validation error at 'prefix': prefix must match/);
      expect(result.metadata).toEqual({
        invalidParams: { prefix: 'matches' },
        issues: [{ path: ['prefix'], keyword: 'matches', message: expect.stringMatching(/^Validation error at 'prefix': prefix must match/), params: {} }],
      });
    });

    it('should give the registry failure of a custom constraint its issues, as a JSON Schema failure has', async () => {
      const registry = newRegistry();
      registry.register(tool);
      const failed = await registry.execute('probe', { size: 7 });
      expect(failed.error).toBe("Invalid parameters for tool 'probe': Validation error at 'size': size must be even");
      expect(failed.metadata).toMatchObject({
        invalidParams: { size: 'isEven' },
        issues: [{ path: ['size'], keyword: 'isEven', message: "Validation error at 'size': size must be even", params: {} }],
      });
      const schemaFailure = await registry.execute('probe', { size: 0 });
      expect(schemaFailure.metadata).toMatchObject({ issues: [{ path: ['size'], keyword: 'minimum' }] });
    });

    it('should hand execute an instance of the params class when the constraints hold', async () => {
      const result = await tool.execute({} as never, { size: 8, prefix: 'abc' });
      expect(result.output).toBeInstanceOf(ListParams);
      expect(result.output).toMatchObject({ size: 8, sort: 'name', prefix: 'abc' });
    });
  });
} else {
  describe('class-validator constraints (stage-3 mode)', () => {
    it('should find no class-validator rules on @Param classes, so only the JSON Schema validates', () => {
      class Plain {
        @Param({ type: 'integer', minimum: 1 }) size = 1;
      }
      const tool = toolWith(Plain);
      expect(tool.parameters.properties!.size).toEqual({ type: 'integer', minimum: 1, default: 1 });
      expect(tool.validateParametersDetailed({ size: 3 }).valid).toBe(true);
    });
  });
}
