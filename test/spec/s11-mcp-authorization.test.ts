// Authorization of MCP over HTTP, the contract: `serveMcpHttp({ verifyToken,
// resourceMetadata })` as an OAuth resource server (the MCP authorization
// spec, RFC 9728), `ctx.auth` in the tool, `requiredScopes` in its metadata.
// The whole behaviour is tested beside the code (packages/mcp/test,
// packages/cli/test/e2e); this is what users and clients rely on.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolRegistry } from '@victor-tools/core';
import type { AuthInfo } from '@victor-tools/core/framework';
import { serveMcpHttp, type McpHttpServerHandle } from '@victor-tools/mcp';
import { TestTool, silentLogger } from './helpers';
import { textOf } from '../support/mcp-results';

jest.setTimeout(30_000);

const TOKENS: Record<string, Omit<AuthInfo, 'token'>> = {
  'token-reader': { clientId: 'reader', scopes: ['notes:read'] },
  'token-writer': { clientId: 'writer', scopes: ['notes:read', 'notes:write'] },
};

function registry(): ToolRegistry {
  const r = new ToolRegistry({ logger: silentLogger });
  r.register(new TestTool({ name: 'whoami', run: (_args, ctx) => ctx.auth?.clientId ?? 'nobody' }));
  r.register(new TestTool({ name: 'write_note', metadata: { accessMode: 'write', requiredScopes: ['notes:write'] }, run: () => 'written' }));
  return r;
}

describe('MCP over HTTP with verifyToken', () => {
  let handle: McpHttpServerHandle;

  beforeAll(async () => {
    handle = await serveMcpHttp(registry(), {
      verifyToken: (token) => (TOKENS[token] === undefined ? undefined : { token, ...TOKENS[token] }),
      resourceMetadata: { authorizationServers: ['https://auth.example.com'] },
    });
  });

  afterAll(async () => {
    await handle.close();
  });

  async function client(token: string): Promise<Client> {
    const c = new Client({ name: 'spec', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(handle.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    return c;
  }

  it('should give the tool the caller as ctx.auth and list only the tools its scopes allow', async () => {
    const reader = await client('token-reader');
    try {
      expect((await reader.listTools()).tools.map((t) => t.name)).toEqual(['whoami']);
      expect(textOf(await reader.callTool({ name: 'whoami', arguments: {} }))).toBe('reader');
    } finally {
      await reader.close();
    }
  });

  it('should answer a call without the scope with 403 insufficient_scope naming it', async () => {
    const res = await fetch(handle.url, {
      method: 'POST',
      headers: { authorization: 'Bearer token-reader', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'write_note', arguments: {} } }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", error_description="[^"]+", scope="notes:write", resource_metadata="[^"]+"$/);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("'notes:write'");
  });

  it('should answer a missing or unknown token with 401 and the resource metadata URL, and serve that document', async () => {
    const origin = new URL(handle.url).origin;
    for (const authorization of [undefined, 'Bearer nope']) {
      const res = await fetch(handle.url, {
        method: 'POST',
        headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
    }
    const document = await (await fetch(`${origin}/.well-known/oauth-protected-resource`)).json();
    expect(document).toMatchObject({ resource: handle.url, authorization_servers: ['https://auth.example.com'] });
  });
});
