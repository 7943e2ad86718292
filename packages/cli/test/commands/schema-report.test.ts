import { toGeminiFunction, toOpenAITool } from '@victor-tools/providers';
import { loadTools } from '../../src/load-tools';
import { FIXTURE_TOOLS, runCli } from '../support/run-cli';

describe('victor-tools schema --provider: the dropped-keyword report', () => {
  it("should print what the provider's format could not carry on stderr, the schema alone on stdout", async () => {
    const { code, stdout, stderr } = await runCli(['schema', 'echo', '--provider', 'gemini']);
    expect(code).toBe(0);
    const echo = (await loadTools(FIXTURE_TOOLS)).registry.get('echo')!;
    expect(JSON.parse(stdout)).toEqual(toGeminiFunction(echo).schema);
    expect(stderr).toBe(
      [
        "note: the gemini format of 'echo' dropped 3 keywords:",
        "  properties.times: 'default' removed: Gemini function declarations do not support 'default'",
        "  properties.loud: 'default' removed: Gemini function declarations do not support 'default'",
        "  (root): 'additionalProperties' removed: Gemini function declarations do not support 'additionalProperties'",
        '',
      ].join('\n'),
    );
  });

  it('should print nothing on stderr when nothing was dropped', async () => {
    expect((await runCli(['schema', 'echo', '--provider', 'anthropic'])).stderr).toBe('');
  });

  it('should print { name, provider, schema, dropped } with --json, and nothing on stderr', async () => {
    const { code, stdout, stderr } = await runCli(['schema', 'echo', '--provider', 'openai', '--strict', '--json']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const echo = (await loadTools(FIXTURE_TOOLS)).registry.get('echo')!;
    const exported = toOpenAITool(echo, { strict: true });
    expect(JSON.parse(stdout)).toEqual({ name: 'echo', provider: 'openai', schema: exported.schema, dropped: exported.dropped });
    expect(JSON.parse(stdout).dropped).toContainEqual(expect.objectContaining({ keyword: 'default', path: 'properties.times', action: 'removed' }));
  });

  it('should print an array of them for every tool, with dropped [] without a provider', async () => {
    const { stdout } = await runCli(['schema', '--json']);
    const all = JSON.parse(stdout) as Array<{ name: string; dropped: unknown[]; provider: string | null }>;
    expect(all.map((e) => e.name).sort()).toEqual(['echo', 'log_line', 'set_tool_enabled']);
    expect(all.every((e) => e.dropped.length === 0 && e.provider === null)).toBe(true);
  });
});
