import { SchemaLevel } from '@victor-tools/core';
import { loadTools } from '../../src/load-tools';
import { toAnthropicTool, toGeminiFunction, toMcpTool, toOpenAITool } from '@victor-tools/providers';
import { FIXTURE_TOOLS, runCli } from '../support/run-cli';

async function fixtureTool(name: string) {
  const tool = (await loadTools(FIXTURE_TOOLS)).registry.get(name);
  if (!tool) throw new Error(`fixture tool '${name}' missing`);
  return tool;
}

describe('victor-tools schema', () => {
  it("should print every enabled tool's registry schema (FULL) as a JSON array", async () => {
    const { code, stdout, stderr } = await runCli(['schema']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const schemas = JSON.parse(stdout) as Array<{ type: string; function: { name: string } }>;
    expect(schemas.map((s) => s.function.name).sort()).toEqual(['echo', 'log_line', 'set_tool_enabled']);
    expect(schemas.find((s) => s.function.name === 'echo')).toEqual((await fixtureTool('echo')).toJSONSchema());
  });

  it('should print one object for a named tool', async () => {
    const { stdout } = await runCli(['schema', 'echo', '--level', 'stub']);
    expect(JSON.parse(stdout)).toEqual((await fixtureTool('echo')).toSchema(SchemaLevel.STUB));
    expect(JSON.parse(stdout).function.parameters.properties).toEqual({ message: { type: 'string', description: 'What to repeat' } });
  });

  it.each([
    ['openai', (tool: never) => toOpenAITool(tool, { level: 'compact' }).schema],
    ['anthropic', (tool: never) => toAnthropicTool(tool, { level: 'compact' }).schema],
    ['gemini', (tool: never) => toGeminiFunction(tool, { level: 'compact' }).schema],
    ['mcp', (tool: never) => toMcpTool(tool, { level: 'compact' }).schema],
  ])('should render in the %s format with --provider', async (provider, exporter) => {
    const { code, stdout } = await runCli(['schema', 'echo', '--provider', provider, '--level', 'compact']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(exporter((await fixtureTool('echo')) as never));
  });

  it('should rewrite optional parameters as nullable with --provider openai --strict', async () => {
    const { stdout } = await runCli(['schema', 'echo', '--provider', 'openai', '--strict']);
    const fn = JSON.parse(stdout).function;
    expect(fn.strict).toBe(true);
    expect(fn.parameters.required).toEqual(['message', 'times', 'loud']);
    expect(fn.parameters.properties.times.type).toEqual(['integer', 'null']);
  });

  it('should exit 2 for --strict without --provider openai', async () => {
    const { code, stdout, stderr } = await runCli(['schema', '--strict']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('error: --strict is an OpenAI option: add --provider openai, or leave --strict out.\n');
  });

  it('should exit 2 listing the choices for an unknown --provider or --level', async () => {
    const provider = await runCli(['schema', '--provider', 'cohere']);
    expect(provider.code).toBe(2);
    expect(provider.stderr).toContain("argument 'cohere' is invalid. Allowed choices are openai, anthropic, gemini, mcp.");
    const level = await runCli(['schema', '--level', 'tiny']);
    expect(level.code).toBe(2);
    expect(level.stderr).toContain("argument 'tiny' is invalid. Allowed choices are full, compact, stub.");
  });

  it('should exit 1 with a suggestion for an unknown tool', async () => {
    const { code, stdout, stderr } = await runCli(['schema', 'ecco']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe("error: Tool 'ecco' not found. Did you mean 'echo'? Run 'victor-tools list' to see the tools.\n");
  });
});
