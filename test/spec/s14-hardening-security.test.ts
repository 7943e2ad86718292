// Gaps found by the security audit (docs/SECURITY.md, "Audit"), through
// the public API: path parameters declared with decorators and wherever a schema
// puts `format: 'path'`, the error limits as registry options, and MCP answers
// to outputs that cannot even be described.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { AccessMode, ToolRegistry, type JsonSchema } from '@victor-tools/core';
import { Param, Tool, tool } from '@victor-tools/decorators';
import { serveMcp } from '@victor-tools/mcp';
import { TestTool, silentLogger } from './helpers';

let sandbox: string;

beforeAll(() => {
  sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'victor-s14-security-')));
});

afterAll(() => {
  rmSync(sandbox, { recursive: true, force: true });
});

/** Each call of the registry's only tool in EXPLORE mode: true, or its error. */
async function explore(registry: ToolRegistry, calls: Array<Record<string, unknown>>): Promise<Array<true | string>> {
  const name = registry.listTools()[0]!.name;
  const results: Array<true | string> = [];
  for (const args of calls) {
    const result = await registry.execute(name, args, { mode: 'explore', sandbox });
    results.push(result.success ? true : result.error!);
  }
  return results;
}

const outsideAt = (where: string) => new RegExp(`argument '${where.replace(/\./g, '\\.')}' resolves to '/etc/passwd', outside it$`);

describe('path parameters are declared, not only guessed', () => {
  it('should always check a parameter declared with @Param({ path: true }), whatever its name', async () => {
    class PlaceParams {
      @Param({ path: true, description: 'Where to write' })
      spot!: string;
    }
    @Tool({ name: 'place', description: 'Write somewhere.', params: PlaceParams, accessMode: 'write' })
    class Place {
      execute(args: PlaceParams) {
        return args.spot;
      }
    }
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(new Place());
    expect(await explore(registry, [{ spot: 'inside.txt' }, { spot: '/etc/passwd' }, { spot: '../../../../etc/passwd' }])).toEqual([
      true,
      expect.stringMatching(outsideAt('spot')),
      expect.stringMatching(outsideAt('spot')),
    ]);
  });

  it('should always check the parameters a tool() function names in pathParams', async () => {
    const copy = tool(
      {
        name: 'copy',
        description: 'Copy a file.',
        accessMode: 'write',
        parameters: Type.Object({ from_here: Type.String(), settings: Type.Object({ spot: Type.String() }) }),
        pathParams: ['from_here', 'settings.spot'],
      },
      () => 'copied',
    );
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(copy);
    expect(await explore(registry, [{ from_here: 'a', settings: { spot: 'b' } }, { from_here: 'a', settings: { spot: '/etc/passwd' } }])).toEqual([
      true,
      expect.stringMatching(outsideAt('settings.spot')),
    ]);
  });

  // What TypeBox and OpenAI strict schemas write: the format sits in a union, a
  // record, a definition. Each of these ran an outside path before the audit.
  it.each<[string, JsonSchema, Record<string, unknown>, string]>([
    ['a nullable array (TypeBox Union with Null)', Type.Object({ spots: Type.Union([Type.Array(Type.String({ format: 'path' })), Type.Null()]) }) as JsonSchema, { spots: ['ok', '/etc/passwd'] }, 'spots.1'],
    ['a union of an object and null', { type: 'object', properties: { o: { anyOf: [{ type: 'object', properties: { spot: { type: 'string', format: 'path' } } }, { type: 'null' }] } } }, { o: { spot: '/etc/passwd' } }, 'o.spot'],
    ['a record (TypeBox Record)', Type.Object({ m: Type.Record(Type.String(), Type.String({ format: 'path' })) }) as JsonSchema, { m: { k: '/etc/passwd' } }, 'm.k'],
    ['a $ref to a definition', { type: 'object', definitions: { Spot: { type: 'string', format: 'path' } }, properties: { spot: { $ref: '#/definitions/Spot' } } }, { spot: '/etc/passwd' }, 'spot'],
    ['additionalProperties', { type: 'object', additionalProperties: { type: 'string', format: 'path' } }, { anything: '/etc/passwd' }, 'anything'],
  ])("should check a string declared format: 'path' in %s", async (_what, parameters, args, where) => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(new TestTool({ name: 'writer', parameters, metadata: { accessMode: AccessMode.WRITE } }));
    const [refused] = await explore(registry, [args]);
    expect(refused).toMatch(outsideAt(where));
  });
});

describe('error limits are options of the registry', () => {
  it('should list maxErrors problems within maxErrorChars, exactly', async () => {
    const registry = new ToolRegistry({ logger: silentLogger, maxErrors: 3, maxErrorChars: 300 });
    registry.register(new TestTool({ name: 't', parameters: { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } } }));
    const result = await registry.execute('t', { list: new Array(10_000).fill(0) });
    expect(result.error).toBe(
      "Invalid parameters for tool 't': Parameter 'list.0' has wrong type: expected string, got number; Parameter 'list.1' has wrong type: expected string, got number; Parameter 'list.2' has wrong type: expected string, got number; ... and 9997 more problems",
    );
  });
});

describe('MCP answers every request', () => {
  it.each([
    ['a toJSON that throws a value whose toString throws', () => ({ toJSON: () => { const hostile = { toString: () => { throw hostile; } }; throw hostile; } }), 'JSON'],
    ['a toJSON that answers undefined on a value whose toString throws', () => ({ toJSON: () => undefined, toString: () => { throw new Error('no text either'); } }), 'text'],
  ])('should answer %s with an isError result, not an internal error', async (_what, output, as) => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(new TestTool({ name: 'odd', metadata: { accessMode: AccessMode.READONLY }, run: output }));
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const handle = await serveMcp(registry, { transport: serverTransport, logger: silentLogger });
    const client = new Client({ name: 's14-security', version: '1.0.0' });
    await client.connect(clientTransport);
    try {
      const result = await client.callTool({ name: 'odd', arguments: {} }, undefined, { timeout: 10_000 });
      expect(result.isError).toBe(true);
      expect((result.content as Array<{ text: string }>)[0].text).toMatch(new RegExp(`^Tool 'odd' returned an output that cannot be sent as ${as}: `));
    } finally {
      await client.close();
      await handle.close();
    }
  });
});
