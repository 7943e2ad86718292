// `tool()`, `@Tool({ params })` (classes, toolbox methods, BaseTool
// subclasses) and `@Param` take the schemas users already have. Runs in both
// decorator modes.
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { z } from 'zod';
import { BaseTool, ToolRegistry, ToolResult, type ToolCallContext } from '@victor-tools/core';
import { DecoratedTool, Param, Tool, tool, toolsOfInstance } from '@victor-tools/decorators';
import { quietLogger } from '../../../test/support/logger';

// ES modules only: required through jest's transform (jest.config.ts), typed as ESM.
const { Type } = require('typebox') as typeof import('typebox', { with: { 'resolution-mode': 'import' } });

const quiet = () => new ToolRegistry({ logger: quietLogger() });

const Rename = z
  .object({ from: z.string().min(1), to: z.string().min(1) })
  .refine((r) => r.from !== r.to, { message: 'to must differ from from', path: ['to'] })
  .transform((r) => ({ ...r, summary: `${r.from} -> ${r.to}` }));

describe('Standard Schema parameters on declared tools', () => {
  it('should take a zod schema on a @Tool class, with its refinement and its transform', async () => {
    @Tool({ name: 'rename', description: 'Rename a file.', params: Rename })
    class RenameTool {
      execute(args: z.output<typeof Rename>) {
        return args.summary;
      }
    }
    const registry = quiet();
    registry.register(new RenameTool());
    await expect(registry.execute('rename', { from: 'a', to: 'b' })).resolves.toMatchObject({ success: true, output: 'a -> b' });
    await expect(registry.execute('rename', { from: 'a', to: 'a' })).resolves.toMatchObject({
      success: false,
      error: "Invalid parameters for tool 'rename': Validation error at 'to': to must differ from from",
    });
    expect(registry.get('rename')!.parameters).toMatchObject({ type: 'object', properties: { from: { type: 'string', minLength: 1 } }, required: ['from', 'to'] });
  });

  it('should take a valibot schema on a toolbox method', async () => {
    const Count = toStandardJsonSchema(v.object({ text: v.pipe(v.string(), v.maxLength(20)) }));
    class TextTools {
      @Tool({ name: 'count_chars', description: 'Count characters.', params: Count })
      countChars(args: { text: string }) {
        return args.text.length;
      }
    }
    const registry = quiet();
    for (const t of toolsOfInstance(new TextTools())) registry.register(t);
    await expect(registry.execute('count_chars', { text: 'hello' })).resolves.toMatchObject({ output: 5 });
    await expect(registry.execute('count_chars', { text: 'x'.repeat(21) })).resolves.toMatchObject({
      error: "Invalid parameters for tool 'count_chars': Validation error at 'text': must NOT have more than 20 characters",
    });
  });

  it('should take a zod schema on a @Tool BaseTool subclass (DecoratedTool)', async () => {
    @Tool({ name: 'rename_file', description: 'Rename a file.', params: Rename })
    class RenameFile extends DecoratedTool {
      async execute(_ctx: ToolCallContext, args: z.output<typeof Rename>) {
        return ToolResult.ok(args.summary);
      }
    }
    const registry = quiet();
    const instance = new RenameFile();
    registry.register(instance);
    expect(instance).toBeInstanceOf(BaseTool);
    await expect(registry.execute('rename_file', { from: 'x', to: 'y' })).resolves.toMatchObject({ success: true, output: 'x -> y' });
    expect(instance.toJSONSchema().function.parameters).toMatchObject({ type: 'object', required: ['from', 'to'] });
  });

  it("should run the library's check in validateParametersDetailed", () => {
    const t = tool({ name: 'rename', description: 'Rename.', parameters: Rename }, (args) => args.summary);
    expect(t.validateParametersDetailed({ from: 'a', to: 'a' }).errors).toEqual(["Validation error at 'to': to must differ from from"]);
    expect(t.validateParametersDetailed({ from: '', to: 'a' }).errors).toEqual(["Validation error at 'from': must NOT have fewer than 1 characters"]);
  });
});

describe('TypeBox 1.x', () => {
  it('should be a params schema as it is (a JSON Schema)', async () => {
    const Params = Type.Object({ path: Type.String(), depth: Type.Optional(Type.Integer({ minimum: 0 })) });
    const list = tool({ name: 'list', description: 'List a directory.', parameters: Params }, ({ path, depth }) => `${path}:${depth ?? 'all'}`);
    expect(list.parameters).toBe(Params);
    const registry = quiet();
    registry.register(list);
    await expect(registry.execute('list', { path: 'src' })).resolves.toMatchObject({ output: 'src:all' });
    await expect(registry.execute('list', { depth: -1 })).resolves.toMatchObject({
      error: "Invalid parameters for tool 'list': Required parameter 'path' is missing; Validation error at 'depth': must be >= 0",
    });
  });

  it('should be @Param options, Type.Optional making the field optional', () => {
    class Params {
      @Param(Type.String({ description: 'Where' })) path!: string;
      @Param(Type.Optional(Type.Integer({ minimum: 0 }))) depth?: number;
    }
    @Tool({ name: 'walk', description: 'Walk a tree.', params: Params })
    class Walk {
      execute(args: Params) {
        return args.path;
      }
    }
    const [walk] = toolsOfInstance(new Walk());
    expect(walk!.toJSONSchema().function.parameters).toEqual({
      type: 'object',
      properties: { path: { type: 'string', description: 'Where' }, depth: { type: 'integer', minimum: 0 } },
      required: ['path'],
      additionalProperties: false,
    });
  });
});
