// SPEC section 4: validation messages and rules.
import { ToolRegistry, ToolResult } from '@victor-tools/core';
import { TestTool } from './helpers';

const schema = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    limit: { type: 'integer' },
    mode: { type: 'string', enum: ['a', 'b'] },
    name: { type: 'string', minLength: 3 },
    o: { type: 'object', properties: { x: { type: 'string', minLength: 2 }, y: { type: 'integer' }, e: { enum: ['p', 'q'] } }, required: ['req'] },
    files: { type: 'array', items: { type: 'string' } },
    flag: { type: 'boolean' },
    n: { type: 'number' },
    d: { type: 'integer', default: 5 },
  },
  required: ['path'],
  additionalProperties: false,
};
const tool = new TestTool({ name: 't', parameters: schema });

describe('validateParametersDetailed', () => {
  it('should report a missing required parameter', () => {
    const r = tool.validateParametersDetailed({});
    expect(r.errors).toEqual(["Required parameter 'path' is missing"]);
    expect(r.invalidParams).toEqual({ path: 'required' });
  });

  it('should report a wrong type', () => {
    const r = tool.validateParametersDetailed({ path: 'p', limit: 'ten' });
    expect(r.errors).toEqual(["Parameter 'limit' has wrong type: expected integer, got string"]);
    expect(r.invalidParams).toEqual({ limit: 'type: expected integer' });
  });

  it('should report a value not in the enum', () => {
    const r = tool.validateParametersDetailed({ path: 'p', mode: 'c' });
    expect(r.errors).toEqual(["Parameter 'mode' must be one of: ['a', 'b']"]);
    expect(r.invalidParams).toEqual({ mode: 'invalid enum value' });
  });

  it('should report an unknown argument', () => {
    const r = tool.validateParametersDetailed({ path: 'p', zz: 1 });
    expect(r.errors).toEqual(["Unknown parameter 'zz'"]);
    expect(r.invalidParams).toEqual({ zz: 'unknown parameter' });
  });

  it('should report anything else with the path and the keyword', () => {
    const r = tool.validateParametersDetailed({ path: 'p', name: 'ab' });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^Validation error at 'name': /);
    expect(r.invalidParams).toEqual({ name: 'minLength' });
    const nested = tool.validateParametersDetailed({ path: 'p', o: { req: 1, x: 'a' } });
    expect(nested.errors).toHaveLength(1);
    expect(nested.errors[0]).toMatch(/^Validation error at 'o\.x': /);
    expect(nested.invalidParams).toEqual({ o: 'minLength' });
  });

  it('should collect every error, not only the first', () => {
    const r = tool.validateParametersDetailed({ limit: 'x', mode: 'c', zz: 1 });
    expect(r.valid).toBe(false);
    expect(r.errors).toEqual(
      expect.arrayContaining([
        "Required parameter 'path' is missing",
        "Parameter 'limit' has wrong type: expected integer, got string",
        "Parameter 'mode' must be one of: ['a', 'b']",
        "Unknown parameter 'zz'",
      ]),
    );
    expect(r.errors).toHaveLength(4);
  });

  it('should dot-join nested paths for required, type and enum errors', () => {
    const r = tool.validateParametersDetailed({ path: 'p', o: { y: 'no', e: 'z' }, files: ['a', 'b', 3] });
    expect(r.errors).toEqual(
      expect.arrayContaining([
        "Required parameter 'o.req' is missing",
        "Parameter 'o.y' has wrong type: expected integer, got string",
        "Parameter 'o.e' must be one of: ['p', 'q']",
        "Parameter 'files.2' has wrong type: expected string, got number",
      ]),
    );
    expect(r.errors).toHaveLength(4);
    expect(Object.keys(r.invalidParams).sort()).toEqual(['files', 'o']);
  });

  it('should fail non-object arguments naming the type, and take undefined as {}', () => {
    expect(tool.validateParametersDetailed(null).errors).toEqual(['Parameters must be an object, got null']);
    expect(tool.validateParametersDetailed('x').errors).toEqual(['Parameters must be an object, got string']);
    expect(tool.validateParametersDetailed(undefined).errors).toEqual(["Required parameter 'path' is missing"]);
    const free = new TestTool({ name: 'free' });
    expect(free.validateParametersDetailed(undefined).valid).toBe(true);
  });

  it('should not take true as an integer, and take 1.0 as one', () => {
    expect(tool.validateParameters({ path: 'p', limit: true })).toBe(false);
    expect(tool.validateParameters({ path: 'p', limit: 1.0 })).toBe(true);
  });

  it('should never mutate the caller object', () => {
    const args = { path: 'p', o: { req: 1 } };
    const snapshot = JSON.stringify(args);
    tool.validateParametersDetailed(args);
    expect(JSON.stringify(args)).toBe(snapshot);
  });
});

describe('ToolRegistry validation in execute', () => {
  it('should coerce numeric strings and booleans on a copy only with coerce: true', async () => {
    const t = new TestTool({ name: 'c', parameters: schema });
    const plain = new ToolRegistry();
    plain.register(t);
    expect((await plain.execute('c', { path: 'p', limit: '3' })).success).toBe(false);

    const coercing = new ToolRegistry({ coerce: true });
    const t2 = new TestTool({ name: 'c', parameters: schema });
    coercing.register(t2);
    const args = { path: 'p', limit: '3', flag: 'true', n: '2.5' };
    const r = await coercing.execute('c', args);
    expect(r.success).toBe(true);
    expect(t2.calls[0].args).toMatchObject({ limit: 3, flag: true, n: 2.5 });
    expect(args.limit).toBe('3');
  });

  it('should not coerce inside anyOf/oneOf', async () => {
    const registry = new ToolRegistry({ coerce: true });
    registry.register(
      new TestTool({
        name: 'u',
        parameters: { type: 'object', properties: { v: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] } } },
      }),
    );
    expect((await registry.execute('u', { v: '3' })).success).toBe(false);
  });

  it('should apply schema defaults to the copy handed to execute, leaving the caller object alone', async () => {
    const registry = new ToolRegistry();
    const t = new TestTool({ name: 'd', parameters: schema });
    registry.register(t);
    const args = { path: 'p' };
    await registry.execute('d', args);
    expect(t.calls[0].args).toEqual({ path: 'p', d: 5 });
    expect(args).toEqual({ path: 'p' });
  });

  it('should fail with the joined errors and invalidParams', async () => {
    const registry = new ToolRegistry();
    registry.register(new TestTool({ name: 'v', parameters: schema }));
    const r = await registry.execute('v', { limit: 'x' });
    expect(r).toBeInstanceOf(ToolResult);
    expect(r.success).toBe(false);
    expect(r.error).toBe(
      "Invalid parameters for tool 'v': Required parameter 'path' is missing; Parameter 'limit' has wrong type: expected integer, got string",
    );
    expect(r.metadata?.invalidParams).toEqual({ path: 'required', limit: 'type: expected integer' });
  });
});
