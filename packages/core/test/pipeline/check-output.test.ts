import { z } from 'zod';
import { ToolRegistry, ToolResult } from '@victor-tools/core';
import { outputSchemaOf } from '@victor-tools/core/internal';
import { recordingLogger, testTool } from '../registry/helpers';

const COUNT_SCHEMA = {
  type: 'object',
  properties: { count: { type: 'integer' }, files: { type: 'array', items: { type: 'string' } } },
  required: ['count'],
  additionalProperties: false,
};

function registryWith(run: () => unknown, outputSchema: unknown = COUNT_SCHEMA): ToolRegistry {
  const registry = new ToolRegistry({ logger: recordingLogger() });
  registry.register(testTool({ name: 'count_files', outputSchema, run }));
  return registry;
}

describe('checkOutput (the step after the tool)', () => {
  it('should pass a successful output that matches the output schema, untouched', async () => {
    const output = { count: 2, files: ['a', 'b'] };
    const result = await registryWith(() => output).execute('count_files', {});
    expect(result.success).toBe(true);
    expect(result.output).toBe(output);
  });

  it('should fail a tool that breaks its own output schema, saying how', async () => {
    const result = await registryWith(() => ({ count: 'two', extra: true })).execute('count_files', {});
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      "Tool 'count_files' returned an output that does not match its output schema: Unknown property 'extra'; Property 'count' has wrong type: expected integer, got string",
    );
    expect(result.metadata?.outputErrors).toEqual(["Unknown property 'extra'", "Property 'count' has wrong type: expected integer, got string"]);
  });

  it('should check a result-shaped answer and a withContent result by their output', async () => {
    expect((await registryWith(() => ToolResult.ok({ count: 1 }, { cached: true })).execute('count_files', {})).metadata).toEqual({ cached: true });
    const missing = await registryWith(() => ToolResult.ok({}, { cached: true })).execute('count_files', {});
    expect(missing.error).toContain("Required property 'count' is missing");
    expect(missing.metadata).toMatchObject({ cached: true });
    const rich = await registryWith(() => ToolResult.withContent([{ type: 'text', text: 'two files' }], { count: 2 })).execute('count_files', {});
    expect(rich.success).toBe(true);
    expect(rich.content).toEqual([{ type: 'text', text: 'two files' }]);
  });

  it('should say so for an output that is not an object, or that JSON cannot carry', async () => {
    expect((await registryWith(() => 'just text').execute('count_files', {})).error).toMatch(/does not match its output schema: The output must be an object, got string/);
    expect((await registryWith(() => ({ count: 1n })).execute('count_files', {})).error).toMatch(/does not match its output schema: The output must be JSON-serializable/);
  });

  it("should leave failed results alone: the tool's own failure, a timeout", async () => {
    expect((await registryWith(() => ToolResult.fail('disk on fire')).execute('count_files', {})).error).toBe('disk on fire');
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register(testTool({ name: 'slow', outputSchema: COUNT_SCHEMA, timeoutMs: 20, run: () => new Promise(() => undefined) }));
    expect((await registry.execute('slow', {})).error).toBe("Tool 'slow' timed out after 20 ms");
  });

  it('should show the after-hooks the checked result', async () => {
    const registry = registryWith(() => ({ count: 'x' }));
    const seen: Array<string | undefined> = [];
    registry.registerAfterHook((result) => {
      seen.push(result.error);
    });
    await registry.execute('count_files', {});
    expect(seen[0]).toMatch(/^Tool 'count_files' returned an output that does not match its output schema/);
  });

  it('should not check tools that declare no output schema', async () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register(testTool({ name: 'free', run: () => 'anything' }));
    expect((await registry.execute('free', {})).output).toBe('anything');
  });
});

describe('outputSchemaOf (read at registration)', () => {
  it('should take an object schema (a TypeBox Type.Object is one) and nothing for undefined or null', () => {
    expect(outputSchemaOf(COUNT_SCHEMA)).toBe(COUNT_SCHEMA);
    expect(outputSchemaOf(undefined)).toBeUndefined();
    expect(outputSchemaOf(null)).toBeUndefined();
  });

  it.each([
    [{ type: 'string' }, /must describe an object \(type: 'object'\), got type "string"/],
    [{ properties: {} }, /got type undefined/],
    [[], /must be a JSON Schema object, got an array/],
    ['{}', /got a string/],
  ])('should refuse %p at registration, naming the tool', (schema, message) => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    expect(() => registry.register(testTool({ name: 'bad_output', outputSchema: schema }))).toThrow(TypeError);
    expect(() => registry.register(testTool({ name: 'bad_output', outputSchema: schema }))).toThrow(message);
    expect(() => registry.register(testTool({ name: 'bad_output', outputSchema: schema }))).toThrow(/^Tool 'bad_output' cannot be registered: its outputSchema/);
  });

  it('should name a throwing outputSchema getter', () => {
    const tool = testTool({ name: 'throwing' });
    Object.defineProperty(tool, 'outputSchema', {
      get() {
        throw new Error('no schema today');
      },
    });
    expect(() => new ToolRegistry().register(tool)).toThrow("Tool 'throwing' cannot be registered: its outputSchema cannot be read (no schema today).");
  });
});

describe('checkOutput with a Standard Schema (zod) output schema', () => {
  const Report = z.object({ count: z.number().int(), files: z.array(z.string()) }).refine((r) => r.files.length === r.count, 'count must be the number of files');

  it('should check the JSON Schema form first, then the library itself (a refinement JSON Schema cannot say)', async () => {
    const wrongType = await registryWith(() => ({ count: 'two', files: [] }), Report).execute('count_files', {});
    expect(wrongType.error).toBe("Tool 'count_files' returned an output that does not match its output schema: Property 'count' has wrong type: expected integer, got string");
    const refined = await registryWith(() => ({ count: 2, files: ['a'] }), Report).execute('count_files', {});
    expect(refined).toMatchObject({
      success: false,
      error: "Tool 'count_files' returned an output that does not match its output schema: Validation error: count must be the number of files",
      metadata: { outputErrors: ['Validation error: count must be the number of files'] },
    });
  });

  it('should pass a matching output untouched (no transform or stripping of the library applied)', async () => {
    const output = { count: 1, files: ['a'] };
    const result = await registryWith(() => output, Report).execute('count_files', {});
    expect(result).toMatchObject({ success: true });
    expect(result.output).toBe(output);
  });

  it('should wait for an asynchronous refinement', async () => {
    const Checked = z.object({ id: z.string() }).refine(async (value) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return value.id.startsWith('ok');
    }, 'id was not issued here');
    const good = await registryWith(() => ({ id: 'ok-1' }), Checked).execute('count_files', {});
    expect(good.success).toBe(true);
    const bad = await registryWith(() => ({ id: 'forged' }), Checked).execute('count_files', {});
    expect(bad.error).toBe("Tool 'count_files' returned an output that does not match its output schema: Validation error: id was not issued here");
  });
});
