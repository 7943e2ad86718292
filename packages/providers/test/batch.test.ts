import { toAnthropicTools, toGeminiFunctions, toMcpTools, toOpenAITools } from '@victor-tools/providers';
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
});
