import { toAnthropicTool, toAnthropicTools, toGeminiFunction, toGeminiFunctions, toMcpTool, toMcpTools, toOpenAITool, toOpenAITools } from '@victor-tools/providers';
import { FindFilesTool, HttpGetTool, ReadFileTool, WriteFileTool } from './fixtures/example-tools';

describe('toOpenAITools', () => {
  it("should export what a registry's listTools() returns, in order", () => {
    const registry = { listTools: () => [new ReadFileTool(), new WriteFileTool()] };
    expect(toOpenAITools(registry).schemas.map((s) => s.function.name)).toEqual(['read_file', 'write_file']);
  });

  it('should name the tool in each dropped entry', () => {
    const { dropped } = toOpenAITools([new ReadFileTool(), new HttpGetTool()], { strict: true, api: 'responses' });
    expect(new Set(dropped.map((d) => d.tool))).toEqual(new Set(['read_file', 'http_get']));
    expect(dropped[0]).toMatchObject({ tool: 'read_file', keyword: 'default', path: 'properties.encoding' });
  });
});

describe('toAnthropicTools, toGeminiFunctions and toMcpTools', () => {
  it('should export every tool of a list', () => {
    const tools = [new FindFilesTool(), new HttpGetTool()];
    expect(toAnthropicTools(tools).schemas.map((s) => s.name)).toEqual(['find_files', 'http_get']);
    expect(toGeminiFunctions(tools).dropped.some((d) => d.tool === 'http_get' && d.keyword === 'const')).toBe(true);
    expect(toMcpTools(tools).schemas.map((s) => s.annotations.openWorldHint)).toEqual([false, true]);
  });

  it('should take an api known only at run time, as toOpenAITool does (typed as either shape)', () => {
    const api = (process.env.VICTOR_TEST_API === 'responses' ? 'responses' : 'chat') as 'chat' | 'responses';
    const { schemas } = toOpenAITools([new FindFilesTool()], { api });
    expect(schemas.map((s) => ('function' in s ? s.function.name : s.name))).toEqual(['find_files']);
  });
});

describe('options', () => {
  it.each<[string, () => unknown, string]>([
    ['toAnthropicTool', () => toAnthropicTool(new ReadFileTool(), { defer_loading: true } as never), "toAnthropicTool: unknown option 'defer_loading' (did you mean 'deferLoading'?); it takes level, deferLoading."],
    ['toOpenAITool', () => toOpenAITool(new ReadFileTool(), { Strict: true } as never), "toOpenAITool: unknown option 'Strict' (did you mean 'strict'?); it takes level, strict, api."],
    ['toGeminiFunction', () => toGeminiFunction(new ReadFileTool(), { strict: true } as never), "toGeminiFunction: unknown option 'strict'; it takes level."],
    ['toMcpTool', () => toMcpTool(new ReadFileTool(), { lvl: 'compact' } as never), "toMcpTool: unknown option 'lvl' (did you mean 'level'?); it takes level."],
    ['toAnthropicTools', () => toAnthropicTools([new ReadFileTool()], { load: ['read_file'] } as never), "toAnthropicTools: unknown option 'load' (did you mean 'loaded'?); it takes level, loaded."],
    ['toOpenAITools', () => toOpenAITools([new ReadFileTool()], { stict: true } as never), "toOpenAITools: unknown option 'stict' (did you mean 'strict'?); it takes level, strict, api."],
  ])('%s should refuse an unknown option with a TypeError naming it, a close known one and the known ones', (_name, call, message) => {
    expect(call).toThrow(new TypeError(message));
  });

  it.each<[string, unknown, string]>([
    ['a string', 'read_file', 'got a string.'],
    ['null', null, 'got null.'],
    ['a number', 5, 'got a number.'],
    ['an object that is no selection', {}, 'got an object.'],
  ])('should refuse loaded as %s with a TypeError naming it, rather than read it a character at a time', (_label, loaded, got) => {
    expect(() => toAnthropicTools([new ReadFileTool()], { loaded: loaded as never })).toThrow(
      new TypeError(`toAnthropicTools: loaded must be an array of tool names (or { name, level }) or selectTools(...)'s answer, ${got}`),
    );
  });

  it('should refuse a loaded name that names no tool, as pickTools does, rather than defer every tool', () => {
    expect(() => toAnthropicTools([new ReadFileTool()], { loaded: ['read_fiel'] })).toThrow(
      new Error("Tool 'read_fiel' is not registered: pick tools by their registered name or an alias."),
    );
  });
});

