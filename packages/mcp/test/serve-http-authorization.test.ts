import { BaseTool, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';
import type { AuthInfo } from '@victor-tools/core/framework';
import { mcpRequestHandler, serveMcpHttp, type ServeMcpHttpOptions } from '@victor-tools/mcp';
import { MCP_POST_HEADERS, firstMessage, httpClient, rawRequest, serversClosedAfterEach } from '../../../test/support/mcp-http';
import { ReadFileTool } from './support/tools';
import { textOf } from '../../../test/support/mcp-results';
import { silentLogger } from '../../../test/support/logger';

// jose ships ES modules only: jest compiles it to CommonJS as it loads (jest.config.ts), as for TypeBox 1.x.
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
type CryptoKey = Awaited<ReturnType<Jose['generateKeyPair']>>['privateKey'];
const { SignJWT, generateKeyPair, jwtVerify } = require('jose') as Jose;

jest.setTimeout(60_000);

const ISSUER = 'https://auth.example.com';
const AUDIENCE = 'https://tools.example.com/mcp';

/** Writes a (fake) file: requires the 'files:write' scope. */
class WriteNoteTool extends BaseTool {
  get name() {
    return 'write_note';
  }
  get description() {
    return 'Write a note.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
  }
  override get metadata(): ToolMetadataInput {
    return { accessMode: 'write', requiredScopes: ['files:write'] };
  }
  async execute(_ctx: ToolCallContext, args: Record<string, unknown>) {
    return ToolResult.ok(`wrote ${String(args.text)}`);
  }
}

/** Answers who calls, as the tool sees it (`ctx.auth`). */
class WhoAmITool extends BaseTool {
  get name() {
    return 'who_am_i';
  }
  get description() {
    return 'Say who calls.';
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: {} };
  }
  async execute(ctx: ToolCallContext) {
    const auth = ctx.auth;
    return ToolResult.ok(auth === undefined ? 'nobody' : `${auth.clientId} (${String(auth.extra?.sub)}) with ${auth.scopes.join(' ')}`);
  }
}

let keys: { publicKey: CryptoKey; privateKey: CryptoKey };
let otherKeys: { publicKey: CryptoKey; privateKey: CryptoKey };

beforeAll(async () => {
  keys = await generateKeyPair('ES256');
  otherKeys = await generateKeyPair('ES256');
});

/** A signed access token (RFC 9068 claims), valid for an hour unless told otherwise. */
function accessToken(claims: { client: string; scope: string; sub?: string; expires?: string | number }, key = keys.privateKey): Promise<string> {
  return new SignJWT({ client_id: claims.client, scope: claims.scope })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.sub ?? 'user-1')
    .setIssuedAt()
    .setExpirationTime(claims.expires ?? '1h')
    .sign(key);
}

/** A verifier as a user writes one: jose checks signature, issuer, audience and expiry. */
async function verifyJwt(token: string): Promise<AuthInfo | undefined> {
  const { payload } = await jwtVerify(token, keys.publicKey, { issuer: ISSUER, audience: AUDIENCE });
  return {
    token,
    clientId: String(payload.client_id),
    scopes: typeof payload.scope === 'string' ? payload.scope.split(' ') : [],
    expiresAt: payload.exp,
    extra: { sub: payload.sub },
  };
}

function registry(): ToolRegistry {
  const r = new ToolRegistry({ logger: silentLogger });
  r.register(new ReadFileTool());
  r.register(new WriteNoteTool());
  r.register(new WhoAmITool());
  return r;
}

function callBody(id: number, name: string, args: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

describe('serveMcpHttp with verifyToken: the MCP authorization spec for a resource server', () => {
  const serve = serversClosedAfterEach();
  function start(options: ServeMcpHttpOptions = {}) {
    return serve(registry(), {
      logger: { warn: () => undefined },
      verifyToken: verifyJwt,
      resourceMetadata: { authorizationServers: [ISSUER], scopesSupported: ['files:read', 'files:write'] },
      ...options,
    });
  }

  it('should show a caller only the tools its scopes allow, and pass the caller to the tool as ctx.auth', async () => {
    const { url } = await start();
    const reader = await httpClient(url, { token: await accessToken({ client: 'reader-app', scope: 'files:read' }) });
    const writer = await httpClient(url, { token: await accessToken({ client: 'writer-app', scope: 'files:read files:write', sub: 'ada' }) });
    try {
      expect((await reader.client.listTools()).tools.map((t) => t.name).sort()).toEqual(['read_file', 'who_am_i']);
      expect((await writer.client.listTools()).tools.map((t) => t.name).sort()).toEqual(['read_file', 'who_am_i', 'write_note']);
      expect(textOf(await writer.client.callTool({ name: 'who_am_i', arguments: {} }))).toBe('writer-app (ada) with files:read files:write');
      expect(textOf(await writer.client.callTool({ name: 'write_note', arguments: { text: 'hi' } }))).toBe('wrote hi');
    } finally {
      await reader.client.close();
      await writer.client.close();
    }
  });

  it("should refuse a call without the tool's scopes with 403 insufficient_scope, naming the missing scope", async () => {
    const { url } = await start();
    const token = await accessToken({ client: 'reader-app', scope: 'files:read' });
    const res = await rawRequest(url, { headers: { ...MCP_POST_HEADERS, authorization: `Bearer ${token}` }, body: callBody(7, 'write_note', { text: 'hi' }) });
    expect(res.status).toBe(403);
    const challenge = res.headers['www-authenticate'];
    expect(challenge).toContain('Bearer error="insufficient_scope"');
    expect(challenge).toContain('scope="files:write"');
    expect(challenge).toContain(`resource_metadata="${new URL(url).origin}/.well-known/oauth-protected-resource/mcp"`);
    const message = firstMessage(res.body) as { id: unknown; error: { message: string } };
    expect(message.id).toBe(7);
    expect(message.error.message).toBe("Tool 'write_note' requires the scope 'files:write', which the caller's token does not grant");
  });

  it('should answer a request without a token with 401 and where the resource metadata is', async () => {
    const { url } = await start();
    const res = await rawRequest(url, { headers: MCP_POST_HEADERS, body: callBody(1, 'read_file', { path: 'a' }) });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe(`Bearer resource_metadata="${new URL(url).origin}/.well-known/oauth-protected-resource/mcp"`);
  });

  it.each([
    ['expired', () => accessToken({ client: 'app', scope: 'files:read', expires: Math.floor(Date.now() / 1000) - 60 })],
    ['signed by another key', () => accessToken({ client: 'app', scope: 'files:read' }, otherKeys.privateKey)],
    ['not a JWT', async () => 'not-a-jwt'],
  ])('should refuse a token %s with 401 invalid_token', async (_label, make) => {
    const { url } = await start();
    const res = await rawRequest(url, { headers: { ...MCP_POST_HEADERS, authorization: `Bearer ${await make()}` }, body: callBody(1, 'read_file', { path: 'a' }) });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="http:\/\/[^"]+"$/);
  });

  it('should refuse a token whose AuthInfo says it expired, whatever the verifier', async () => {
    const { url } = await start({ verifyToken: (token) => ({ token, clientId: 'app', scopes: [], expiresAt: Math.floor(Date.now() / 1000) - 1 }) });
    const res = await rawRequest(url, { headers: { ...MCP_POST_HEADERS, authorization: 'Bearer whatever' }, body: callBody(1, 'read_file', { path: 'a' }) });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error_description="the bearer token has expired"');
  });

  it('should give the verifier the request as a web-standard Request', async () => {
    const seen: Array<{ method: string; url: string; agent: string | null }> = [];
    const { url } = await start({
      verifyToken: (token, request) => {
        seen.push({ method: request.method, url: request.url, agent: request.headers.get('x-agent') });
        return { token, clientId: 'app', scopes: [] };
      },
    });
    const res = await rawRequest(url, { headers: { ...MCP_POST_HEADERS, authorization: 'Bearer abc', 'x-agent': 'tester' }, body: callBody(1, 'read_file', { path: 'a' }) });
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ method: 'POST', url, agent: 'tester' }]);
  });

  it('should serve the RFC 9728 document at the well-known path, with and without the endpoint path', async () => {
    const { url } = await start();
    const origin = new URL(url).origin;
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await rawRequest(url, { method: 'GET', path, headers: {} });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({
        resource: `${origin}/mcp`,
        authorization_servers: [ISSUER],
        bearer_methods_supported: ['header'],
        scopes_supported: ['files:read', 'files:write'],
      });
    }
  });

  it('should keep a session to the client that opened it', async () => {
    const { url } = await start({ stateless: false });
    const owner = await httpClient(url, { token: await accessToken({ client: 'owner-app', scope: 'files:read' }) });
    try {
      const sessionId = owner.transport.sessionId!;
      expect(sessionId).toBeDefined();
      const stranger = await accessToken({ client: 'other-app', scope: 'files:read files:write' });
      const res = await rawRequest(url, {
        headers: { ...MCP_POST_HEADERS, authorization: `Bearer ${stranger}`, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
        body: callBody(9, 'read_file', { path: 'a' }),
      });
      expect(res.status).toBe(404);
      expect(textOf(await owner.client.callTool({ name: 'read_file', arguments: { path: 'a' } }))).toBe('contents of a');
    } finally {
      await owner.client.close();
    }
  });

  it('should keep a session to the user that opened it, not to every user of the same client app', async () => {
    const { url } = await start({ stateless: false });
    const alice = await httpClient(url, { token: await accessToken({ client: 'desktop-app', sub: 'alice', scope: 'files:read' }) });
    try {
      const sessionId = alice.transport.sessionId!;
      const bob = await accessToken({ client: 'desktop-app', sub: 'bob', scope: 'files:read' });
      const headers = { ...MCP_POST_HEADERS, authorization: `Bearer ${bob}`, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
      expect((await rawRequest(url, { headers, body: callBody(9, 'who_am_i', {}) })).status).toBe(404);
      expect((await rawRequest(url, { method: 'DELETE', headers })).status).toBe(404);
      // A refreshed token of the same user and client keeps the session.
      const refreshed = await accessToken({ client: 'desktop-app', sub: 'alice', scope: 'files:read', expires: '2h' });
      const again = await rawRequest(url, { headers: { ...headers, authorization: `Bearer ${refreshed}` }, body: callBody(10, 'who_am_i', {}) });
      expect(again.status).toBe(200);
      expect(textOf(await alice.client.callTool({ name: 'who_am_i', arguments: {} }))).toBe('desktop-app (alice) with files:read');
    } finally {
      await alice.client.close();
    }
  });

  it('should bind a session to the token itself when the verifier names no subject, and never to a shared string', async () => {
    const users: Record<string, string> = { 'alice-token-0123456789': 'alice', 'bob-token-0123456789ab': 'bob' };
    // No clientId, no extra.sub: each token is its own caller.
    const verifyToken = (token: string) => (users[token] === undefined ? undefined : ({ token, scopes: ['files:read'] } as unknown as AuthInfo));
    const { url } = await start({ stateless: false, verifyToken, resourceMetadata: undefined });
    const alice = await httpClient(url, { token: 'alice-token-0123456789' });
    try {
      const headers = { ...MCP_POST_HEADERS, authorization: 'Bearer bob-token-0123456789ab', 'mcp-session-id': alice.transport.sessionId!, 'mcp-protocol-version': '2025-06-18' };
      expect((await rawRequest(url, { headers, body: callBody(9, 'who_am_i', {}) })).status).toBe(404);
      expect((await rawRequest(url, { method: 'DELETE', headers })).status).toBe(404);
      expect(textOf(await alice.client.callTool({ name: 'read_file', arguments: { path: 'a' } }))).toBe('contents of a');
    } finally {
      await alice.client.close();
    }
  });

  it('should neither name nor enable, in a progressive search, a tool the caller\'s scopes do not allow', async () => {
    // Ranks every tool it is given by the words of its name found in the query: the scope filter, not the ranking, is under test.
    const searcher = {
      tools: [] as BaseTool[],
      indexed: [] as string[][],
      refreshFromTools(tools: Iterable<BaseTool>) {
        this.tools = [...tools];
        this.indexed.push(this.tools.map((tool) => tool.name).sort());
      },
      search(query: string, options: { limit?: number; filter?: (name: string) => boolean }) {
        const words = query.toLowerCase().split(/\W+/);
        return this.tools
          .filter((tool) => options.filter?.(tool.name) ?? true)
          .map((tool) => ({ name: tool.name, score: tool.name.split('_').filter((part) => words.includes(part)).length }))
          .filter((hit) => hit.score > 0)
          .sort((a, b) => b.score - a.score)
          .slice(0, options.limit);
      },
    };
    const { url } = await start({ stateless: false, progressive: { searcher } });
    const reader = await httpClient(url, { token: await accessToken({ client: 'reader-app', scope: 'files:read' }) });
    const writer = await httpClient(url, { token: await accessToken({ client: 'writer-app', scope: 'files:read files:write' }) });
    try {
      const readerFound = textOf(await reader.client.callTool({ name: 'search_tools', arguments: { query: 'write a note or read a file' } }));
      expect(readerFound).toContain('read_file');
      expect(readerFound).not.toContain('write_note');
      expect((await reader.client.listTools()).tools.map((t) => t.name).sort()).toEqual(['read_file', 'search_tools']);
      const writerFound = textOf(await writer.client.callTool({ name: 'search_tools', arguments: { query: 'write a note or read a file' } }));
      expect(writerFound).toContain('write_note');
      expect((await writer.client.listTools()).tools.map((t) => t.name).sort()).toEqual(['read_file', 'search_tools', 'write_note']);
      // One index for every caller: what a caller may not call is filtered out, not left out of the index.
      expect(searcher.indexed).toEqual([['read_file', 'who_am_i', 'write_note'], ['read_file', 'who_am_i', 'write_note']]);
    } finally {
      await reader.client.close();
      await writer.client.close();
    }
  });

  it('should start off loopback with verifyToken and no static token', async () => {
    const handle = await start({ host: '0.0.0.0', allowedHosts: ['127.0.0.1'] });
    const token = await accessToken({ client: 'app', scope: 'files:read' });
    const res = await rawRequest(handle.url.replace('0.0.0.0', '127.0.0.1'), {
      headers: { ...MCP_POST_HEADERS, authorization: `Bearer ${token}` },
      body: callBody(1, 'read_file', { path: 'a' }),
    });
    expect(res.status).toBe(200);
  });

  it('should refuse a Host header that names no URL with 400, before any token is looked at', async () => {
    const handle = await start({ host: '0.0.0.0' });
    const res = await rawRequest(handle.url.replace('0.0.0.0', '127.0.0.1'), { headers: { ...MCP_POST_HEADERS, host: 'a<b' }, body: callBody(1, 'read_file', { path: 'a' }) });
    expect(res.status).toBe(400);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('should still answer 401 when a Request reaching mcpRequestHandler carries a Host header that cannot name a resource URL', async () => {
    const handler = mcpRequestHandler(registry(), { verifyToken: verifyJwt, resourceMetadata: { authorizationServers: [ISSUER] } });
    const res = await handler(new Request('http://localhost/mcp', { method: 'POST', headers: { ...MCP_POST_HEADERS, host: 'a<b' }, body: callBody(1, 'read_file', { path: 'a' }) }));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    await handler.close();
  });

  it('should refuse options that contradict each other', async () => {
    await expect(serveMcpHttp(registry(), { token: 'a-long-enough-token-1234', verifyToken: verifyJwt })).rejects.toThrow(
      'pass token or verifyToken, not both',
    );
    await expect(serveMcpHttp(registry(), { resourceMetadata: { authorizationServers: [ISSUER] } })).rejects.toThrow('pass verifyToken too');
    await expect(serveMcpHttp(registry(), { verifyToken: verifyJwt, resourceMetadata: { authorizationServers: [] } })).rejects.toThrow(
      'must name at least one authorization server',
    );
  });
});

describe('requiredScopes at registration', () => {
  it('should refuse scopes that are not scope names', () => {
    const r = new ToolRegistry();
    class Bad extends WriteNoteTool {
      override get metadata(): ToolMetadataInput {
        return { requiredScopes: ['files write'] };
      }
    }
    expect(() => r.register(new Bad())).toThrow("its metadata's requiredScopes must be an array of OAuth scope names");
  });
});
