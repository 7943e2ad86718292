// Anthropic's tool search (Messages API, "Tool search tool"): tools the model does
// not see from the start carry `defer_loading: true`, and the request holds a tool
// search tool of type `tool_search_tool_bm25_20251119` (name `tool_search_tool_bm25`)
// or `tool_search_tool_regex_20251119` (name `tool_search_tool_regex`), never deferred.
import { anthropicToolSearchTool, toAnthropicTool, toAnthropicTools } from '@victor-tools/providers';
import { exampleTools, ReadFileTool } from './fixtures/example-tools';

describe("Anthropic's tool search", () => {
  it('should mark one tool defer_loading: true, and leave the field out otherwise', () => {
    const deferred = toAnthropicTool(new ReadFileTool(), { deferLoading: true }).schema;
    expect(deferred).toEqual({ ...toAnthropicTool(new ReadFileTool()).schema, defer_loading: true });
    expect(toAnthropicTool(new ReadFileTool())).not.toHaveProperty('schema.defer_loading');
    expect(toAnthropicTool(new ReadFileTool(), { deferLoading: false })).not.toHaveProperty('schema.defer_loading');
  });

  it('should defer every tool but the loaded ones, by names or by a selection', () => {
    const tools = exampleTools();
    const [a, b] = tools.map((t) => t.name);
    const byNames = toAnthropicTools(tools, { loaded: [a] }).schemas;
    expect(byNames.filter((s) => s.defer_loading !== true).map((s) => s.name)).toEqual([a]);
    expect(byNames.filter((s) => s.defer_loading === true)).toHaveLength(tools.length - 1);
    const bySelection = toAnthropicTools(tools, { loaded: { tools: [{ name: a }, { name: b }] } }).schemas;
    expect(bySelection.filter((s) => s.defer_loading !== true).map((s) => s.name)).toEqual([a, b]);
    expect(toAnthropicTools(tools).schemas.some((s) => 'defer_loading' in s)).toBe(false);
    expect(() => toAnthropicTools(tools, { loaded: [42 as unknown as string] })).toThrow('toAnthropicTools: loaded must hold tool names or { name }, got 42');
  });

  it("should give the tool search tool in Anthropic's documented shape, for both variants", () => {
    expect(anthropicToolSearchTool()).toEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
    expect(anthropicToolSearchTool('regex')).toEqual({ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' });
    expect(() => anthropicToolSearchTool('fuzzy' as never)).toThrow(`anthropicToolSearchTool: the variant must be 'bm25' or 'regex', got "fuzzy"`);
  });

  it('should make a request body in the documented form: the search tool, loaded tools, deferred tools', () => {
    const tools = exampleTools();
    const body = { tools: [anthropicToolSearchTool(), ...toAnthropicTools(tools, { loaded: [tools[0].name] }).schemas] };
    const json = JSON.parse(JSON.stringify(body)) as { tools: Array<Record<string, unknown>> };
    expect(json.tools[0]).toEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
    expect(Object.keys(json.tools[1]).sort()).toEqual(['description', 'input_schema', 'name']);
    for (const tool of json.tools.slice(2)) expect(Object.keys(tool).sort()).toEqual(['defer_loading', 'description', 'input_schema', 'name']);
    // At least one tool is not deferred: the search tool itself.
    expect(json.tools.some((t) => t.defer_loading !== true)).toBe(true);
  });
});
