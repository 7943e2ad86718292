import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { z } from 'zod';
import { BaseTool, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext } from '@victor-tools/core';
import { DecoratorUsageError, Param, Tool, tool, toolsOfInstance } from '@victor-tools/decorators';
import { globalToolBuilder } from '../../src/internal';
import { silentLogger } from '../../../../test/support/logger';

// Path parameters are declared, not only guessed. A parameter
// declared a path (`@Param({ path: true })`, `pathParams` of `tool()` and
// `@Tool`) gets `format: 'path'`, which core's EXPLORE sandbox always checks,
// whatever the parameter's name. The names below (`where`, `spot`, `places`)
// are ones the name heuristic would not take for paths.

let sandbox: string;

beforeAll(() => {
  sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'victor-path-params-')));
});

afterAll(() => {
  rmSync(sandbox, { recursive: true, force: true });
});

/** The results of calling `tool` in EXPLORE mode with each of `calls`. */
async function explore(subject: BaseTool | object, calls: Array<Record<string, unknown>>): Promise<Array<string | true>> {
  const registry = new ToolRegistry({ logger: silentLogger });
  registry.register(subject);
  const name = registry.listTools()[0]!.name;
  const results: Array<string | true> = [];
  for (const args of calls) {
    const result = await registry.execute(name, args, { mode: 'explore', sandbox });
    results.push(result.success ? true : result.error!);
  }
  return results;
}

const outside = (name: string, where: string) => new RegExp(`^Tool '${name}' refused in explore mode: .*argument '${where.replace('.', '\\.')}' resolves to '/etc/passwd', outside it$`);

describe('@Param({ path: true })', () => {
  class CopyParams {
    @Param({ path: true, description: 'Where to copy to' })
    where!: string;

    @Param({ type: 'array', items: { type: 'string' }, path: true, optional: true })
    places?: string[];

    @Param({ type: 'string', path: false, optional: true })
    note?: string;
  }

  @Tool({ name: 'copy', description: 'Copy a file.', params: CopyParams, accessMode: 'write' })
  class Copy {
    execute(args: CopyParams) {
      return args.where;
    }
  }

  it("should declare the parameter with format: 'path', a string when nothing else gives its type", () => {
    const schema = globalToolBuilder().params(CopyParams).schema as JsonSchema;
    expect(schema.properties!.where).toEqual({ type: 'string', format: 'path', description: 'Where to copy to' });
    expect(schema.properties!.places).toEqual({ type: 'array', items: { type: 'string', format: 'path' } });
    expect(schema.properties!.note).toEqual({ type: 'string' });
    expect(schema.required).toEqual(['where']);
  });

  it('should have the EXPLORE sandbox check it, whatever its name', async () => {
    const results = await explore(new Copy(), [{ where: 'inside.txt' }, { where: '/etc/passwd' }, { where: 'a', places: ['b', '/etc/passwd'] }, { where: 'a', note: '/etc/passwd' }]);
    expect(results[0]).toBe(true);
    expect(results[1]).toMatch(outside('copy', 'where'));
    expect(results[2]).toMatch(outside('copy', 'places.1'));
    expect(results[3]).toBe(true);
  });
});

describe('pathParams', () => {
  const parameters = Type.Object({
    where: Type.String(),
    options: Type.Optional(Type.Object({ spot: Type.Optional(Type.String()), label: Type.Optional(Type.String()) })),
    jobs: Type.Optional(Type.Array(Type.Object({ spot: Type.String() }))),
    places: Type.Optional(Type.Array(Type.String())),
  });

  const copy = tool(
    { name: 'copy_fn', description: 'Copy a file.', accessMode: 'write', parameters, pathParams: ['where', 'options.spot', 'jobs.spot', 'places'] },
    ({ where }) => where,
  );

  it("should declare each named parameter with format: 'path', through nested objects and arrays, on a copy of the schema", () => {
    const schema = copy.parameters as JsonSchema;
    expect(schema.properties!.where).toMatchObject({ type: 'string', format: 'path' });
    expect(schema.properties!.options!.properties!.spot).toMatchObject({ type: 'string', format: 'path' });
    expect(schema.properties!.options!.properties!.label!.format).toBeUndefined();
    expect((schema.properties!.jobs!.items as JsonSchema).properties!.spot).toMatchObject({ type: 'string', format: 'path' });
    expect(schema.properties!.places!.items).toMatchObject({ type: 'string', format: 'path' });
    expect((parameters.properties.where as JsonSchema).format).toBeUndefined();
  });

  it('should keep the inferred argument type of a TypeBox schema (checked by pnpm typecheck)', async () => {
    const typed = tool({ name: 'typed', description: 'Typed.', parameters: Type.Object({ spot: Type.String() }), pathParams: ['spot'] }, (args) => {
      const spot: string = args.spot;
      return spot;
    });
    expect(await typed.execute({} as ToolCallContext, { spot: 'x' })).toEqual(ToolResult.ok('x'));
  });

  it('should have the EXPLORE sandbox check them in tool() functions', async () => {
    const results = await explore(copy, [
      { where: 'a', options: { spot: 'b', label: '/etc/passwd' }, jobs: [{ spot: 'c' }], places: ['d'] },
      { where: '/etc/passwd' },
      { where: 'a', options: { spot: '/etc/passwd' } },
      { where: 'a', jobs: [{ spot: 'ok' }, { spot: '/etc/passwd' }] },
      { where: 'a', places: ['/etc/passwd'] },
    ]);
    expect(results[0]).toBe(true);
    expect(results[1]).toMatch(outside('copy_fn', 'where'));
    expect(results[2]).toMatch(outside('copy_fn', 'options.spot'));
    expect(results[3]).toMatch(/argument 'jobs\.1\.spot' resolves to '\/etc\/passwd', outside it$/);
    expect(results[4]).toMatch(/argument 'places\.0' resolves to '\/etc\/passwd', outside it$/);
  });

  it('should work on @Tool classes, toolbox methods and @Tool BaseTool subclasses', async () => {
    class SpotParams {
      @Param({ type: 'string' })
      spot!: string;
    }

    @Tool({ name: 'plain', description: 'A plain class.', params: SpotParams, accessMode: 'write', pathParams: ['spot'] })
    class Plain {
      execute(args: SpotParams) {
        return args.spot;
      }
    }

    class Box {
      @Tool({ name: 'boxed', description: 'A toolbox method.', params: SpotParams, accessMode: 'write', pathParams: ['spot'] })
      boxed(args: SpotParams) {
        return args.spot;
      }
    }

    @Tool({ name: 'subclass', description: 'A BaseTool subclass.', accessMode: 'write', pathParams: ['spot'] })
    class Subclass extends BaseTool {
      get name() {
        return 'subclass';
      }
      get description() {
        return 'A BaseTool subclass.';
      }
      get parameters(): JsonSchema {
        return { type: 'object', properties: { spot: { type: 'string' } } };
      }
      async execute(_ctx: ToolCallContext, args: Record<string, unknown>) {
        return ToolResult.ok(args.spot);
      }
    }

    for (const subject of [new Plain(), toolsOfInstance(new Box())[0]!, new Subclass()]) {
      const results = await explore(subject, [{ spot: 'inside' }, { spot: '/etc/passwd' }]);
      expect(results[0]).toBe(true);
      expect(results[1]).toMatch(/argument 'spot' resolves to '\/etc\/passwd', outside it$/);
    }
    // The params class itself is left as its @Param fields say.
    expect((globalToolBuilder().params(SpotParams).schema as JsonSchema).properties!.spot).toEqual({ type: 'string' });
  });

  it('should refuse a name that is not a parameter, so that a typo cannot leave a path unchecked', () => {
    expect(() => tool({ name: 'typo', description: 'Typo.', parameters, pathParams: ['wher'] }, () => 1)).toThrow(DecoratorUsageError);
    expect(() => tool({ name: 'typo', description: 'Typo.', parameters, pathParams: ['options.nope'] }, () => 1)).toThrow(
      "tool 'typo': pathParams names 'options.nope', which is not a parameter of its schema (declare it in the parameters, or fix the name).",
    );
    expect(() => tool({ name: 'typo', description: 'Typo.', parameters, pathParams: [''] }, () => 1)).toThrow(DecoratorUsageError);
  });

  it("should refuse pathParams on a Standard Schema, whose JSON Schema is its library's (zod says it with .meta)", () => {
    expect(() => tool({ name: 'zod_spot', description: 'Zod.', parameters: z.object({ spot: z.string() }), pathParams: ['spot'] }, () => 'x')).toThrow(
      DecoratorUsageError,
    );
    const declared = tool({ name: 'zod_meta', description: 'Zod.', parameters: z.object({ spot: z.string().meta({ format: 'path' }) }) }, () => 'x');
    const registry = new ToolRegistry();
    registry.register(declared);
    expect((registry.get('zod_meta')!.parameters as JsonSchema).properties!.spot).toMatchObject({ type: 'string', format: 'path' });
  });
});
