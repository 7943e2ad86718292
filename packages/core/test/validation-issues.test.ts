// One way to prepare arguments, JSON Schema's own semantics kept
// (const/enum of objects, uniqueItems, recursive and $id references), a
// compile-once handle and validation issues as data.
import { ToolRegistry, ToolValidationResult, type JsonSchema } from '@victor-tools/core';
import { compileSchema, validateArguments, type ValidationIssue } from '@victor-tools/core/framework';
import { silentLogger, TestTool } from '../../../test/support/tools';

const errorsOf = (schema: JsonSchema, args: unknown) => validateArguments(schema, args).result.errors;

async function executeWith(parameters: JsonSchema, args: unknown) {
  const registry = new ToolRegistry({ logger: silentLogger });
  const tool = new TestTool({ name: 't', parameters });
  registry.register(tool);
  return { result: await registry.execute('t', args), tool };
}

describe('compileSchema', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { path: { type: 'string' }, limit: { type: 'integer', default: 10 } },
    required: ['path'],
    additionalProperties: false,
  };

  it('should give a handle that validates many calls, with the copy the tool runs with', () => {
    const compiled = compileSchema(schema);
    expect(compiled.schema).toBe(schema);
    expect(compiled.schemaError).toBeUndefined();
    const args = { path: 'src' };
    const ok = compiled.validate(args);
    expect(ok.result.valid).toBe(true);
    expect(ok.value).toEqual({ path: 'src', limit: 10 });
    expect(args).toEqual({ path: 'src' });
    expect(compiled.validate({ limit: 'x' }).result.errors).toEqual([
      "Required parameter 'path' is missing",
      "Parameter 'limit' has wrong type: expected integer, got string",
    ]);
  });

  it('should give the same handle for the same schema object', () => {
    expect(compileSchema(schema)).toBe(compileSchema(schema));
  });

  it('should take the options of validateArguments', () => {
    const compiled = compileSchema(schema);
    expect(compiled.validate({ path: 'p', limit: '5' }, { coerce: true }).value).toEqual({ path: 'p', limit: 5 });
    expect(compiled.validate({ path: 'p', limit: null }, { nullAsAbsent: true }).value).toEqual({ path: 'p', limit: 10 });
    expect(compiled.validate({ a: 1, b: 2, c: 3 }, { maxErrors: 1 }).result.errors).toEqual([
      "Required parameter 'path' is missing",
      '... and 3 more problems',
    ]);
  });

  it('should say why a schema does not compile, and fail every validation with it', () => {
    const compiled = compileSchema({ type: 'object', properties: { a: { type: 'text' } } });
    expect(compiled.schemaError).toMatch(/^Invalid parameters schema: .*Fix the tool's parameters schema/);
    expect(compiled.validate({ a: 1 }).result.errors).toEqual([compiled.schemaError]);
    expect(compiled.validate({ a: 1 }).result.issues[0]?.keyword).toBe('invalidSchema');
  });
});

describe('validation issues', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      path: { type: 'string' },
      mode: { enum: ['a', 'b'] },
      o: { type: 'object', properties: { x: { type: 'integer', minimum: 1 } }, required: ['x'] },
    },
    required: ['path'],
    additionalProperties: false,
  };

  it('should list each problem as { path, keyword, message, params }, one per error', () => {
    const { result } = validateArguments(schema, { mode: 'c', o: { x: 0 }, zz: 1 });
    const issues: readonly ValidationIssue[] = result.issues;
    expect(issues).toEqual([
      { path: ['path'], keyword: 'required', message: "Required parameter 'path' is missing", params: { missingProperty: 'path' } },
      { path: ['zz'], keyword: 'additionalProperties', message: "Unknown parameter 'zz'", params: { additionalProperty: 'zz' } },
      { path: ['mode'], keyword: 'enum', message: "Parameter 'mode' must be one of: ['a', 'b']", params: { allowedValues: ['a', 'b'] } },
      { path: ['o', 'x'], keyword: 'minimum', message: "Validation error at 'o.x': must be >= 1", params: { comparison: '>=', limit: 1 } },
    ]);
    expect(result.errors).toEqual(issues.map((issue) => issue.message));
    expect(result.omittedIssues).toBe(0);
  });

  it('should give the keyword of what fails before the schema applies', () => {
    expect(validateArguments(schema, null).result.issues).toEqual([
      { path: [], keyword: 'type', message: 'Parameters must be an object, got null', params: { type: 'object' } },
    ]);
    const cyclic: Record<string, unknown> = { path: 'p' };
    cyclic.self = cyclic;
    expect(validateArguments(schema, cyclic).result.issues).toEqual([
      { path: ['self'], keyword: 'notJson', message: "Parameters must be JSON-serializable: cyclic reference at 'self'", params: { problem: 'cyclic reference' } },
    ]);
    const getter = Object.defineProperty({}, 'path', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(validateArguments(schema, getter).result.issues[0]).toMatchObject({ path: [], keyword: 'unreadable' });
  });

  it('should read an anyOf whose branches all failed on their type as a type issue', () => {
    const union: JsonSchema = { type: 'object', properties: { n: { anyOf: [{ type: 'string' }, { type: 'null' }] } } };
    expect(validateArguments(union, { n: 3 }).result.issues).toEqual([
      { path: ['n'], keyword: 'type', message: "Parameter 'n' has wrong type: expected string or null, got number", params: { type: 'string,null' } },
    ]);
  });

  it('should keep the contract fields of ToolValidationResult as its only keys', () => {
    const { result } = validateArguments(schema, {});
    expect(result).toBeInstanceOf(ToolValidationResult);
    expect(Object.keys(result)).toEqual(['valid', 'errors', 'invalidParams']);
    expect(JSON.parse(JSON.stringify(result))).toEqual({ valid: false, errors: ["Required parameter 'path' is missing"], invalidParams: { path: 'required' } });
    expect(result.issues).toHaveLength(1);
  });

  it('should come with BaseTool.validateParametersDetailed too', () => {
    const tool = new TestTool({ name: 't', parameters: schema });
    expect(tool.validateParametersDetailed({ path: 1 }).issues).toEqual([
      { path: ['path'], keyword: 'type', message: "Parameter 'path' has wrong type: expected string, got number", params: { type: 'string' } },
    ]);
  });
});

describe('JSON Schema semantics kept by the copy of the arguments', () => {
  // The names that once switched the copy to null-prototype objects, which ajv's deep-equal cannot compare.
  const prototypeNamed = { constructor: { type: 'string' }, toString: { type: 'string' }, valueOf: { type: 'string' } };

  it('should accept an object equal to a const object', async () => {
    const schema: JsonSchema = { type: 'object', properties: { ...prototypeNamed, o: { const: { a: 1, list: [1, { b: 2 }] } } } };
    expect(errorsOf(schema, { o: { a: 1, list: [1, { b: 2 }] } })).toEqual([]);
    expect(errorsOf(schema, { o: { a: 2, list: [1, { b: 2 }] } })).toEqual(["Validation error at 'o': must be equal to constant"]);
    expect((await executeWith(schema, { o: { a: 1, list: [1, { b: 2 }] } })).result.success).toBe(true);
  });

  it('should accept an object listed in an enum of objects', async () => {
    const schema: JsonSchema = { type: 'object', properties: { ...prototypeNamed, o: { enum: [{ kind: 'a' }, { kind: 'b', n: 1 }] } } };
    expect(errorsOf(schema, { o: { kind: 'b', n: 1 } })).toEqual([]);
    expect(errorsOf(schema, { o: { kind: 'c' } })).toEqual([`Parameter 'o' must be one of: [{"kind":"a"}, {"kind":"b","n":1}]`]);
    expect((await executeWith(schema, { o: { kind: 'a' } })).result.success).toBe(true);
  });

  it('should check uniqueItems over objects, and never throw', async () => {
    const schema: JsonSchema = { type: 'object', properties: { ...prototypeNamed, list: { type: 'array', uniqueItems: true } } };
    expect(errorsOf(schema, { list: [{ a: 1 }, { a: 2 }] })).toEqual([]);
    expect(errorsOf(schema, { list: [{ a: 1 }, { a: 1 }] })).toEqual([
      "Validation error at 'list': must NOT have duplicate items (items ## 0 and 1 are identical)",
    ]);
    // JSON has no methods: own valueOf and toString keys are keys like any other (ajv's deep-equal threw on them).
    expect(errorsOf(schema, { list: [{ valueOf: 1 }, { valueOf: 2 }, { toString: '' }, {}] })).toEqual([]);
    expect(errorsOf(schema, { list: [{ valueOf: 1 }, { toString: 'x' }, { valueOf: 1 }] })).toEqual([
      "Validation error at 'list': must NOT have duplicate items (items ## 0 and 2 are identical)",
    ]);
    expect((await executeWith(schema, { list: [{}, { toString: '' }] })).result.success).toBe(true);
    const { result } = await executeWith(schema, { list: [{ valueOf: 1, a: [1] }, { a: [1], valueOf: 1 }] });
    expect(result.error).toBe("Invalid parameters for tool 't': Validation error at 'list': must NOT have duplicate items (items ## 0 and 1 are identical)");
  });

  it('should compare const and enum objects with own valueOf or toString keys as JSON, and never throw', async () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { c: { const: { valueOf: 1 } }, e: { enum: [{ toString: 'a' }, 'b', 2] } },
    };
    expect(errorsOf(schema, { c: { valueOf: 1 }, e: { toString: 'a' } })).toEqual([]);
    expect(errorsOf(schema, { c: { valueOf: 2 }, e: { valueOf: 'a' } })).toEqual([
      "Validation error at 'c': must be equal to constant",
      `Parameter 'e' must be one of: [{"toString":"a"}, 'b', 2]`,
    ]);
    expect((await executeWith(schema, { c: { valueOf: 1 }, e: 2 })).result.success).toBe(true);
  });

  it("should follow a recursive schema's root pointer ($ref: '#')", async () => {
    const tree: JsonSchema = {
      type: 'object',
      properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['label'],
      additionalProperties: false,
    };
    const args = { label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }] };
    const { result, tool } = await executeWith(tree, args);
    expect(result.success).toBe(true);
    expect(tool.calls[0].args).toEqual(args);
    expect(errorsOf(tree, { label: 'a', children: [{ children: [{ label: 3, x: 1 }] }] })).toEqual([
      "Required parameter 'children.0.label' is missing",
      "Unknown parameter 'children.0.children.0.x'",
      "Parameter 'children.0.children.0.label' has wrong type: expected string, got number",
    ]);
  });

  it('should follow a $ref to an embedded $id, and refs under a URN base', () => {
    const embedded: JsonSchema = { type: 'object', properties: { n: { $ref: '#count' } }, definitions: { count: { $id: '#count', type: 'integer' } } };
    expect(errorsOf(embedded, { n: 2 })).toEqual([]);
    expect(errorsOf(embedded, { n: 'two' })).toEqual(["Parameter 'n' has wrong type: expected integer, got string"]);
    const urn: JsonSchema = {
      $id: 'urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed',
      type: 'object',
      properties: { child: { $ref: 'urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed' }, name: { $ref: '#/definitions/name' } },
      definitions: { name: { type: 'string' } },
    };
    expect(errorsOf(urn, { name: 'a', child: { name: 'b' } })).toEqual([]);
    expect(errorsOf(urn, { child: { name: 1 } })).toEqual(["Parameter 'child.name' has wrong type: expected string, got number"]);
  });

  it('should keep schemas that share an $id apart, at the root or embedded', () => {
    const user: JsonSchema = { $id: 'User', type: 'object', properties: { name: { type: 'string' } } };
    expect(errorsOf({ $id: 'args', type: 'object', required: ['a'] }, {})).toEqual(["Required parameter 'a' is missing"]);
    expect(errorsOf({ $id: 'args', type: 'object', required: ['b'] }, {})).toEqual(["Required parameter 'b' is missing"]);
    expect(errorsOf({ type: 'object', properties: { user } }, { user: { name: 1 } })).toEqual([
      "Parameter 'user.name' has wrong type: expected string, got number",
    ]);
    expect(errorsOf({ type: 'object', properties: { owner: user, n: { type: 'integer' } } }, { owner: { name: 1 }, n: 'x' })).toEqual([
      "Parameter 'owner.name' has wrong type: expected string, got number",
      "Parameter 'n' has wrong type: expected integer, got string",
    ]);
  });

  it('should see properties named like Object.prototype members only when given', async () => {
    const schema: JsonSchema = { type: 'object', required: ['constructor', 'toString', '__proto__'] };
    expect(errorsOf(schema, {})).toEqual([
      "Required parameter 'constructor' is missing",
      "Required parameter 'toString' is missing",
      "Required parameter '__proto__' is missing",
    ]);
    expect(errorsOf(schema, JSON.parse('{"constructor": 1, "toString": 2, "__proto__": 3}'))).toEqual([]);
    const withDefaults: JsonSchema = {
      type: 'object',
      properties: { constructor: { type: 'string', default: 'c' }, o: { type: 'object', properties: { valueOf: { type: 'integer', default: 3 } } } },
    };
    const { tool } = await executeWith(withDefaults, { o: {} });
    expect(tool.calls[0].args).toEqual({ constructor: 'c', o: { valueOf: 3 } });
    expect(Object.getPrototypeOf(tool.calls[0].args)).toBe(Object.prototype);
  });
});
