import { getEventListeners } from 'node:events';
import { SchemaLevel, ToolRegistry, ToolResult, type BaseTool, type ToolExecutionContext } from '@victor-tools/core';
import { checkAdapterOptions, withFrameworkCall, outputJson, outputText, pickTools, resultReply, resultText, toJsonValue, type FrameworkCall } from '@victor-tools/providers/framework';
import { deepArray } from '../../../test/support/hostile-outputs';
import { schemaTool } from './fixtures/schema-tool';
import { silentLogger } from '../../../test/support/logger';
import { expectCut } from '../../../test/support/cut-text';

const PARAMS = { type: 'object', properties: { path: { type: 'string' } } };

function registryOf(...names: string[]): ToolRegistry {
  const registry = new ToolRegistry({ logger: silentLogger });
  for (const name of names) registry.register(schemaTool(PARAMS, { name }));
  return registry;
}

const picked = (list: Array<{ tool: BaseTool; level: SchemaLevel }>) => list.map(({ tool, level }) => [tool.name, level.value]);

describe('pickTools', () => {
  it("should offer the registry's listed tools at FULL, or at the given level, when no tools are named", () => {
    const registry = registryOf('read', 'write', 'run');
    registry.disableTool('write');
    expect(picked(pickTools(registry))).toEqual([
      ['read', 'full'],
      ['run', 'full'],
    ]);
    expect(picked(pickTools(registry, { level: 'stub' }))).toEqual([
      ['read', 'stub'],
      ['run', 'stub'],
    ]);
  });

  it('should take names and aliases in their order, each tool once, at its own level or the default', () => {
    const registry = registryOf('read', 'run');
    registry.register('cat', schemaTool(PARAMS, { name: 'cat_tool' }));
    const tools = pickTools(registry, { tools: ['run', { name: 'cat', level: SchemaLevel.COMPACT }, 'read', 'run'], level: SchemaLevel.STUB });
    expect(picked(tools)).toEqual([
      ['run', 'stub'],
      ['cat', 'compact'],
      ['read', 'stub'],
    ]);
    expect(tools[1]!.tool).toBe(registry.get('cat'));
  });

  it("should take selectTools' answer, with its levels", () => {
    const registry = registryOf('read', 'run');
    const selection = { tools: [{ name: 'run', level: SchemaLevel.STUB }, { name: 'read' }], budget: 100 };
    expect(picked(pickTools(registry, { tools: selection }))).toEqual([
      ['run', 'stub'],
      ['read', 'full'],
    ]);
  });

  it('should throw on an unknown name and on a choice that is not a name', () => {
    const registry = registryOf('read');
    expect(() => pickTools(registry, { tools: ['reed'] })).toThrow("Tool 'reed' is not registered: pick tools by their registered name or an alias.");
    expect(() => pickTools(registry, { tools: [42 as never] })).toThrow(new TypeError('A tool choice must be a name or { name, level }, got 42.'));
  });

  it.each<[string, unknown, string]>([
    ['a string', 'read', 'got a string.'],
    ['null', null, 'got null.'],
    ['a number', 5, 'got a number.'],
    ['an object that is no selection', {}, 'got an object.'],
    ['a selection whose tools is null', { tools: null }, 'got a selection whose tools is null.'],
  ])('should refuse tools as %s with a TypeError naming the option, rather than read it a character at a time', (_label, tools, got) => {
    const registry = registryOf('read');
    expect(() => pickTools(registry, { tools: tools as never })).toThrow(
      new TypeError(`tools must be an array of tool names (or { name, level }) or selectTools(...)'s answer, ${got}`),
    );
  });

  it('should refuse a context that is not an object through checkAdapterOptions', () => {
    for (const context of [null, 'x', 5, []]) {
      expect(() => checkAdapterOptions('myAdapter', { context }, ['context'])).toThrow(/^myAdapter: context must be an object \(the ToolExecutionContext/);
    }
    expect(() => checkAdapterOptions('myAdapter', { context: { mode: 'plan' } }, ['context'])).not.toThrow();
    expect(() => checkAdapterOptions('myAdapter', { context: undefined }, ['context'])).not.toThrow();
  });
});

describe('withFrameworkCall', () => {
  const ctxOf = (context: ToolExecutionContext, call: FrameworkCall) => withFrameworkCall(context, call, async (ctx) => ctx);

  it("should copy the adapter's context with the call's id, and never change it", async () => {
    const context = { mode: 'plan' as const, workspace: '/repo' };
    expect(await ctxOf(context, { toolCallId: 'call-1' })).toEqual({ mode: 'plan', workspace: '/repo', toolCallId: 'call-1' });
    expect(context).toEqual({ mode: 'plan', workspace: '/repo' });
  });

  it("should drop an approvedBy of the adapter's context, and set the framework's", async () => {
    expect(await ctxOf({ approvedBy: 'forged' }, {})).toEqual({});
    expect(await ctxOf({ approvedBy: 'forged' }, { approvedBy: 'ai-sdk' })).toEqual({ approvedBy: 'ai-sdk' });
  });

  it("should abort the call's signal when either the context's or the framework's aborts, with its reason", async () => {
    const own = new AbortController();
    const framework = new AbortController();
    expect((await ctxOf({ signal: own.signal }, {})).signal).toBe(own.signal);
    expect((await ctxOf({}, { signal: framework.signal })).signal).toBe(framework.signal);
    expect(await ctxOf({}, {})).not.toHaveProperty('signal');
    const reason = new Error('stop');
    const seen = await withFrameworkCall({ signal: own.signal }, { signal: framework.signal }, async (ctx) => {
      expect(ctx.signal!.aborted).toBe(false);
      framework.abort(reason);
      return ctx.signal!;
    });
    expect(seen.aborted).toBe(true);
    expect(seen.reason).toBe(reason);
    expect(own.signal.aborted).toBe(false);
  });

  it("should let go of the context's long-lived signal once each call settles, returned or thrown", async () => {
    const long = new AbortController();
    for (let i = 0; i < 100; i++) {
      await withFrameworkCall({ signal: long.signal }, { signal: new AbortController().signal }, async () => 'done');
      await expect(
        withFrameworkCall({ signal: long.signal }, { signal: new AbortController().signal }, async () => {
          throw new Error('tool failed');
        }),
      ).rejects.toThrow('tool failed');
    }
    expect(getEventListeners(long.signal, 'abort')).toHaveLength(0);
    // Calls in flight together share one listener on it (past ten, Node warns of a leak).
    let listening = 0;
    let release!: () => void;
    const open = new Promise<void>((resolve) => (release = resolve));
    const calls = Array.from({ length: 20 }, () =>
      withFrameworkCall({ signal: long.signal }, { signal: new AbortController().signal }, async () => {
        listening = getEventListeners(long.signal, 'abort').length;
        await open;
      }),
    );
    release();
    await Promise.all(calls);
    expect(listening).toBe(1);
    expect(getEventListeners(long.signal, 'abort')).toHaveLength(0);
    // The per-call signal no longer follows the long-lived one: a call over is not aborted later.
    const call = new AbortController();
    const kept = await withFrameworkCall({ signal: long.signal }, { signal: call.signal }, async (ctx) => ctx.signal!);
    long.abort();
    expect(kept.aborted).toBe(false);
  });
});

describe('resultText, outputText and toJsonValue', () => {
  it('should give the output of a success as text, a string as it is and anything else as JSON', () => {
    expect(resultText(ToolResult.ok('3 hits'))).toBe('3 hits');
    expect(resultText(ToolResult.ok({ hits: 3 }))).toBe('{"hits":3}');
    expect(resultText({ success: true, output: ['a'] })).toBe('["a"]');
  });

  it("should give a failure's error, or a generic text when it has none", () => {
    expect(resultText(ToolResult.fail("Tool 'x' is disabled"))).toBe("Tool 'x' is disabled");
    expect(resultText({ success: false })).toBe('Tool call failed');
    expect(resultText({ success: 'true', output: 'x' })).toBe('Tool call failed'); // read by shape: only `true` is a success
  });

  it('should answer an output JSON cannot carry as a failure saying why, as the MCP server does, never throw', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const proxy = new Proxy({}, { get: () => { throw new Error('proxy out'); } });
    expect(outputText(10n, { toolName: 'x' })).toEqual({ error: "Tool 'x' returned an output that cannot be sent as JSON: Do not know how to serialize a BigInt" });
    expect(outputJson(cycle).error).toMatch(/^The tool returned an output that cannot be sent as JSON: Converting circular structure to JSON --> starting at/);
    expect(resultReply(ToolResult.ok(deepArray(100_000)), { toolName: 'x' })).toEqual({
      success: false,
      text: "Tool 'x' returned an output that cannot be sent as JSON: Maximum call stack size exceeded",
    });
    expect(resultText(ToolResult.ok(proxy), { toolName: 'x' })).toBe("Tool 'x' returned an output that cannot be sent as JSON: proxy out");
    expect(resultText(proxy)).toBe('The tool returned a result that cannot be read: proxy out');
    expect(toJsonValue(10n)).toBeUndefined();
    expect(toJsonValue(cycle)).toBeUndefined();
  });

  it("should give undefined as its text, and refuse a function or a symbol rather than send its source", () => {
    expect(outputText(undefined)).toEqual({ text: 'undefined' });
    expect(outputText(Symbol('s'), { toolName: 'x' })).toEqual({ error: "Tool 'x' returned an output that cannot be sent as JSON: a symbol is not a JSON value" });
    expect(outputText(function secret() { return 'sk-123'; }, { toolName: 'x' })).toEqual({ error: "Tool 'x' returned an output that cannot be sent as JSON: a function is not a JSON value" });
    const hidden = { toJSON: () => undefined, toString: () => { throw new Error('no text'); } };
    expect(outputText(hidden, { toolName: 'x' })).toEqual({ error: "Tool 'x' returned an output that cannot be sent as text: no text" });
  });

  it('should cut text over maxTextLength with a note of how much, failures included', () => {
    // The note counts toward the limit: 39 characters kept and a 61-character note make 100.
    expect(resultReply(ToolResult.ok('a'.repeat(250)), { maxTextLength: 100 })).toEqual({
      success: true,
      text: `${'a'.repeat(39)}\n[cut: 211 of 250 characters left out, over the limit of 100]`,
    });
    const json = JSON.stringify({ a: 'b'.repeat(300) });
    expectCut(resultText(ToolResult.ok({ a: 'b'.repeat(300) }), { maxTextLength: 100 }), json, 100);
    expect(resultReply(ToolResult.fail('e'.repeat(250)), { maxTextLength: 100 })).toEqual({
      success: false,
      text: `${'e'.repeat(39)}\n[cut: 211 of 250 characters left out, over the limit of 100]`,
    });
  });

  it('should give JSON data as a JSON copy', () => {
    const date = new Date(0);
    const value = { at: date, list: [1, undefined], gone: undefined, map: new Map([[1, 2]]) };
    expect(toJsonValue(value)).toEqual({ at: '1970-01-01T00:00:00.000Z', list: [1, null], map: {} });
    expect(toJsonValue(undefined)).toBeNull();
    expect(toJsonValue(() => 1)).toBeNull();
    expect(toJsonValue('text')).toBe('text');
  });
});
