// The MCP endpoint as a web-standard handler, the contract: `mcpRequestHandler`
// (also from `@victor-tools/mcp/web`) answers web Requests with the checks of
// `serveMcpHttp`. Mounted in Hono, Express and Fastify in
// packages/mcp/test/request-handler.test.ts; bundled for the browser in
// s16-bundles.
import { ToolRegistry } from '@victor-tools/core';
import { mcpRequestHandler as fromRoot } from '@victor-tools/mcp';
import { mcpRequestHandler } from '@victor-tools/mcp/web';
import { TestTool, silentLogger } from './helpers';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function registry(): ToolRegistry {
  const r = new ToolRegistry({ logger: silentLogger });
  r.register(new TestTool({ name: 'echo', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, run: (args) => String(args.text) }));
  return r;
}

function post(handler: (request: Request) => Promise<Response>, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return handler(new Request('http://localhost/mcp', { method: 'POST', headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) }));
}

describe('mcpRequestHandler', () => {
  it('should be the same function from the root entry and from ./web', () => {
    expect(fromRoot).toBe(mcpRequestHandler);
  });

  it('should answer a tools/call Request with a JSON-RPC Response, and refuse bad arguments as a tool error', async () => {
    const handler = mcpRequestHandler(registry());
    const ok = await post(handler, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi' }] } });
    const bad = await post(handler, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: {} } });
    expect(await bad.json()).toMatchObject({ id: 2, result: { isError: true, content: [{ type: 'text', text: "Invalid parameters for tool 'echo': Required parameter 'text' is missing" }] } });
    await handler.close();
  });

  it('should refuse a missing token with 401, a foreign Host with 403 and a body over maxRequestBytes with 413', async () => {
    const handler = mcpRequestHandler(registry(), { token: 'spec-token-0123456789', allowedHosts: ['localhost'], maxRequestBytes: 200 });
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expect((await post(handler, list)).status).toBe(401);
    const foreign = await handler(new Request('http://evil.example/mcp', { method: 'POST', headers: { ...HEADERS, authorization: 'Bearer spec-token-0123456789' }, body: JSON.stringify(list) }));
    expect(foreign.status).toBe(403);
    const large = await post(handler, { ...list, params: { pad: 'x'.repeat(500) } }, { authorization: 'Bearer spec-token-0123456789' });
    expect(large.status).toBe(413);
    const listed = await post(handler, list, { authorization: 'Bearer spec-token-0123456789' });
    expect(((await listed.json()) as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name)).toEqual(['echo']);
    await handler.close();
  });
});
