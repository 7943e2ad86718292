import { join } from 'node:path';
import { BROKEN_TOOLS, FIXTURE_TOOLS, runCli } from '../support/run-cli';

describe('victor-tools list', () => {
  it('should print a table of name, tier, access, category and enabled, sorted by name', async () => {
    const { code, stdout, stderr } = await runCli(['list', '--tools', FIXTURE_TOOLS]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        '┌──────────────────┬──────┬──────────┬──────────┬─────────┐',
        '│ name             │ tier │ access   │ category │ enabled │',
        '├──────────────────┼──────┼──────────┼──────────┼─────────┤',
        '│ echo             │ free │ readonly │ testing  │ yes     │',
        '│ log_line         │ free │ readonly │ testing  │ yes     │',
        '│ set_tool_enabled │ free │ write    │ admin    │ yes     │',
        '└──────────────────┴──────┴──────────┴──────────┴─────────┘',
        '',
      ].join('\n'),
    );
  });

  it('should print the rows as JSON with --json', async () => {
    const { code, stdout } = await runCli(['list', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { name: 'echo', costTier: 'free', accessMode: 'readonly', category: 'testing', enabled: true, available: true },
      { name: 'log_line', costTier: 'free', accessMode: 'readonly', category: 'testing', enabled: true, available: true },
      { name: 'set_tool_enabled', costTier: 'free', accessMode: 'write', category: 'admin', enabled: true, available: true },
    ]);
  });

  it('should report the exports the scan skipped on stderr with --verbose', async () => {
    const { stdout, stderr } = await runCli(['list', '--verbose']);
    expect(stderr).toBe("[info] skipped echo.js:shout: function 'shout' is not a tool: wrap it with tool(options, fn)\n");
    expect(stdout).toContain('│ echo ');
  });

  it('should exit 1 naming the directory, the file and the cause when a tool file fails to load', async () => {
    const { code, stdout, stderr } = await runCli(['list', '--tools', BROKEN_TOOLS]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`error: Could not load the tools in '${BROKEN_TOOLS}': 'throws-on-load.js' threw while loading: database URL is not set\n`);
  });

  it('should add the stack with --verbose', async () => {
    const { code, stderr } = await runCli(['list', '--tools', BROKEN_TOOLS, '--verbose']);
    expect(code).toBe(1);
    const [first, ...stack] = stderr.trimEnd().split('\n');
    expect(first).toBe(`error: Could not load the tools in '${BROKEN_TOOLS}': 'throws-on-load.js' threw while loading: database URL is not set`);
    expect(stack[0]).toBe('Error: database URL is not set');
    expect(stack[1]).toContain(join(BROKEN_TOOLS, 'throws-on-load.js'));
  });
});
