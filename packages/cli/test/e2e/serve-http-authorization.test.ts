import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runBin, spawnHttpServe, type HttpServe } from '../support/spawn-serve';
import { textOf } from '../../../../test/support/mcp-results';

// `victor-tools serve --http --verify-token MODULE --authorization-server URL`,
// the built CLI as a child process, called with the official SDK client.
jest.setTimeout(30_000);

const AUTH = join(__dirname, '..', 'fixtures', 'auth');
const VERIFIER = join(AUTH, 'verify-token.mjs');
const TOOLS = join(AUTH, 'tools');
const ISSUER = 'https://auth.example.com';

async function connect(url: string, token: string) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  const client = new Client({ name: 'victor-tools-auth-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('victor-tools serve --http --verify-token', () => {
  let serve: HttpServe;

  beforeAll(async () => {
    serve = await spawnHttpServe(['--tools', TOOLS, '--verify-token', VERIFIER, '--authorization-server', ISSUER]);
  });

  afterAll(async () => {
    await serve?.stop();
  });

  it("should list and call by the token's scopes, the tool seeing the caller as ctx.auth", async () => {
    const reader = await connect(serve.url, 'reader-token-0123456789');
    const writer = await connect(serve.url, 'writer-token-0123456789');
    try {
      expect((await reader.listTools()).tools.map((t) => t.name)).toEqual(['who_am_i']);
      expect((await writer.listTools()).tools.map((t) => t.name).sort()).toEqual(['who_am_i', 'write_note']);
      expect(textOf(await reader.callTool({ name: 'who_am_i', arguments: {} }))).toBe('reader-app: notes:read');
      expect(textOf(await writer.callTool({ name: 'write_note', arguments: { text: 'hi' } }))).toBe('wrote hi');
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('should answer an unknown token with 401 pointing to the resource metadata, which names the authorization server', async () => {
    const origin = new URL(serve.url).origin;
    const refused = await fetch(serve.url, {
      method: 'POST',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`);
    expect(await metadata.json()).toEqual({ resource: serve.url, authorization_servers: [ISSUER], bearer_methods_supported: ['header'] });
  });
});

describe('victor-tools serve --verify-token, misused', () => {
  it.each([
    [['--http', '--verify-token', join(AUTH, 'missing.mjs')], "--verify-token: cannot load '"],
    [['--http', '--verify-token', join(TOOLS, 'notes.js')], 'must export a function (token, request) => AuthInfo | undefined'],
    [['--http', '--verify-token', VERIFIER, '--token', 'a-token-of-sixteen-chars'], '--token and --verify-token exclude each other'],
    [['--http', '--authorization-server', ISSUER], '--authorization-server needs --verify-token'],
    [['--verify-token', VERIFIER], '--verify-token needs --http'],
  ])('should exit 2 for %j', async (flags, message) => {
    const { code, stderr } = await runBin(['serve', '--tools', TOOLS, ...flags]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
