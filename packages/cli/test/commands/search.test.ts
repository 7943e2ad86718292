import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/run-cli';

describe('victor-tools search', () => {
  it('should print a ranked table with score and reasons', async () => {
    const { code, stdout, stderr } = await runCli(['search', 'repeat', 'a', 'message']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[1]).toMatch(/^│ # │ name +│ score │ reasons +│$/);
    expect(lines[3]).toMatch(/^│ 1 │ echo +│ \d+\.\d\d +│ matched 'repeat' in .*description.*matched 'message' in /);
  });

  it('should print the results as JSON with --json, best first', async () => {
    const { stdout } = await runCli(['search', 'disable a tool', '--json']);
    const results = JSON.parse(stdout) as Array<{ name: string; score: number; reasons: string[] }>;
    expect(results[0]).toMatchObject({ name: 'set_tool_enabled', reasons: expect.arrayContaining([expect.stringContaining("'disable'")]) });
    expect(results.map((r) => r.score)).toEqual([...results.map((r) => r.score)].sort((a, b) => b - a));
  });

  it('should keep at most --limit results', async () => {
    const query = ['search', 'repeat message enable tool', '--json'];
    expect(JSON.parse((await runCli(query)).stdout)).toHaveLength(2);
    expect(JSON.parse((await runCli([...query, '--limit', '1'])).stdout)).toHaveLength(1);
  });

  it('should leave out tools the --mode refuses', async () => {
    const { stdout } = await runCli(['search', 'disable a tool', '--json', '--mode', 'plan']);
    expect(JSON.parse(stdout).map((r: { name: string }) => r.name)).not.toContain('set_tool_enabled');
  });

  it('should offer write tools in explore mode only with a --sandbox, which must exist', async () => {
    const names = async (extra: string[]) => JSON.parse((await runCli(['search', 'disable a tool', '--json', '--mode', 'explore', ...extra])).stdout).map((r: { name: string }) => r.name);
    expect(await names([])).not.toContain('set_tool_enabled');
    expect(await names(['--sandbox', mkdtempSync(join(tmpdir(), 'victor-cli-'))])).toContain('set_tool_enabled');
    const missing = await runCli(['search', 'disable a tool', '--mode', 'explore', '--sandbox', join(tmpdir(), 'victor-cli-no-such-sandbox')]);
    expect(missing.code).toBe(2);
  });

  it('should say so on stderr and exit 0 when nothing matches', async () => {
    const { code, stdout, stderr } = await runCli(['search', 'kubernetes']);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toBe("No tool matches 'kubernetes'. Try other words, or 'victor-tools list' to see them all.\n");
  });

  it('should exit 2 when --limit is not a positive integer', async () => {
    const { code, stderr } = await runCli(['search', 'x', '--limit', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain("Expected a positive integer, got '0'.");
  });

  it('should cap an option value it echoes, as every other echo is capped', async () => {
    const { code, stderr } = await runCli(['search', 'x', '--limit', 'z'.repeat(100_000)]);
    expect(code).toBe(2);
    expect(stderr).toContain(`Expected a positive integer, got '${'z'.repeat(1000)}... (99000 more characters)'.`);
    expect(stderr.length).toBeLessThan(2_500); // commander's echo and the parser's, 1,000 characters each at most
  });
});
