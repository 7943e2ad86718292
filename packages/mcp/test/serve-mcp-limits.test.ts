// serveMcp and serveMcpStdio under attack, in depth: an error cut at
// maxTextLength, a request over 10 MB on stdio, an unknown tool's error
// prefixed once, one conversationId per connection. The contract (and the
// built `victor-tools serve`) is in test/spec/s14-hardening-mcp.test.ts.
import { PassThrough } from 'node:stream';
import { ToolResult } from '@victor-tools/core';
import { serveMcpStdio } from '@victor-tools/mcp';
import { silentLogger } from '../../../test/support/tools';
import { textOf } from '../../../test/support/mcp-results';
import { connectInMemory, readonlyTool } from './support/in-memory';
import { registryWith } from '../../../test/support/tools';
import { expectCut } from '../../../test/support/cut-text';

jest.setTimeout(60_000);

const ANSWER_WITHIN = { timeout: 15_000 };

describe('outputs and errors sent over MCP are capped', () => {
  it('should cap the error of a bad request that yields a huge message, at the maxTextLength option', async () => {
    const tool = readonlyTool('sum', () => 0, {
      parameters: { type: 'object', properties: { numbers: { type: 'array', items: { type: 'integer' } } }, required: ['numbers'] },
    });
    const { client, close } = await connectInMemory(registryWith(tool), { maxTextLength: 5000 });
    try {
      const numbers = Array.from({ length: 150_000 }, (_, i) => `n${i}`);
      const result = await client.callTool({ name: 'sum', arguments: { numbers } }, undefined, ANSWER_WITHIN);
      expect(result.isError).toBe(true);
      // Validation already bounds it, under the 5,000 characters of the option: past 50,000 values (maxCheckedValues), the first problem.
      expect(textOf(result)).toBe(
        "Invalid parameters for tool 'sum': Parameter 'numbers.0' has wrong type: expected integer, got string; ... and perhaps more problems, not looked for in more than 50000 values",
      );
    } finally {
      await close();
    }
  });
  it('should cut a 20 MB error at maxTextLength, saying by how much', async () => {
    const size = 20_000_000;
    const tool = readonlyTool('fail', () => ToolResult.fail('e'.repeat(size)));
    const { client, close } = await connectInMemory(registryWith(tool), { maxTextLength: 5000 });
    try {
      const result = await client.callTool({ name: 'fail', arguments: {} }, undefined, ANSWER_WITHIN);
      expect(result.isError).toBe(true);
      expectCut(textOf(result), 'e'.repeat(size), 5000);
    } finally {
      await close();
    }
  });
});

describe('a request over 10 MB', () => {
  it('should be answered with an error by serveMcpStdio, which keeps serving', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (c: Buffer) => (written += c.toString()));
    const lines = async (count: number) => {
      while (written.split('\n').length - 1 < count) await new Promise((r) => setTimeout(r, 10));
      return written.split('\n').slice(0, count).map((l) => JSON.parse(l) as Record<string, unknown>);
    };
    const handle = await serveMcpStdio(registryWith(readonlyTool('echo', (a) => a.text)), { stdin, stdout, logger: silentLogger });
    try {
      const huge = JSON.stringify({ method: 'tools/call', params: { name: 'echo', arguments: { text: 't'.repeat(11 * 1024 * 1024) } }, jsonrpc: '2.0', id: 41 });
      stdin.write(`${huge}\n`);
      stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 42, method: 'tools/call', params: { name: 'echo', arguments: { text: 'after' } } })}\n`);
      const [refused, answered] = await lines(2);
      expect(refused).toMatchObject({ id: 41, error: { code: -32600, message: expect.stringMatching(/^Request too large/) } });
      expect(answered).toMatchObject({ id: 42, result: { content: [{ type: 'text', text: 'after' }] } });
    } finally {
      await handle.close();
    }
  });
});

describe('malformed tools/call requests', () => {
  it('should prefix an unknown tool error once', async () => {
    const { client, close } = await connectInMemory(registryWith(readonlyTool('echo', (a) => a)));
    try {
      await expect(client.callTool({ name: 'missing', arguments: {} })).rejects.toThrow(/^MCP error -32602: Tool 'missing' not found/);
    } finally {
      await close();
    }
  });
});

describe('loops over MCP', () => {
  it('should give every call of one connection the same conversationId', async () => {
    const spy = readonlyTool('spy', () => 'seen');
    const { client, close } = await connectInMemory(registryWith(spy));
    try {
      await client.callTool({ name: 'spy', arguments: {} });
      await client.callTool({ name: 'spy', arguments: {} });
      const ids = spy.calls.map((c) => c.ctx.conversationId);
      expect(typeof ids[0]).toBe('string');
      expect(ids[1]).toBe(ids[0]);
    } finally {
      await close();
    }
  });
});
