import { runCli } from './support/run-cli';

const COMMANDS = ['list', 'schema', 'call', 'search', 'serve'];

describe('run', () => {
  describe('--version', () => {
    it('should print the package version on stdout and exit 0', async () => {
      const { version } = require('../package.json') as { version: string };
      expect(await runCli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    });
  });

  describe('--help', () => {
    it('should list every command and the exit codes on stdout and exit 0', async () => {
      const { code, stdout, stderr } = await runCli(['--help']);
      expect(code).toBe(0);
      expect(stderr).toBe('');
      for (const command of COMMANDS) expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
      expect(stdout).toContain('Exit status: 0 ok, 1 the operation failed');
    });

    it.each(COMMANDS)('should print the usage of %s with its own --help', async (command) => {
      const { code, stdout } = await runCli([command, '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain(`Usage: victor-tools ${command} [options]`);
    });

    it('should print the same usage through help COMMAND', async () => {
      expect((await runCli(['help', 'call'])).stdout).toBe((await runCli(['call', '--help'])).stdout);
    });
  });

  describe('usage errors', () => {
    it('should exit 2 with the help on stderr when no command is given', async () => {
      const { code, stdout, stderr } = await runCli([]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain('Usage: victor-tools');
    });

    it('should exit 2 on an unknown command and suggest a close one', async () => {
      const { code, stdout, stderr } = await runCli(['lst']);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain("error: unknown command 'lst'");
      expect(stderr).toContain('(Did you mean list?)');
    });

    it('should report an unknown command given to help as unknown, with a close one', async () => {
      const { code, stdout, stderr } = await runCli(['help', 'lst']);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain("error: unknown command 'lst'");
      expect(stderr).toContain('(Did you mean list?)');
    });

    it('should exit 2 on an unknown option', async () => {
      const { code, stderr } = await runCli(['list', '--colour']);
      expect(code).toBe(2);
      expect(stderr).toContain("error: unknown option '--colour'");
    });

    it('should exit 2 on a missing argument', async () => {
      const { code, stderr } = await runCli(['call']);
      expect(code).toBe(2);
      expect(stderr).toContain("error: missing required argument 'name'");
    });

    it('should exit 2 on too many arguments', async () => {
      const { code, stderr } = await runCli(['list', 'extra']);
      expect(code).toBe(2);
      expect(stderr).toContain('error: too many arguments');
    });
  });

  describe('--tools', () => {
    it('should exit 2 naming the directory when --tools does not exist', async () => {
      const { code, stdout, stderr } = await runCli(['list', '--tools', '/no/such/dir']);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        "error: Tools directory '/no/such/dir' does not exist or is not a directory. Pass --tools DIR with a directory of compiled .js tool files.\n",
      );
    });

    it("should exit 1 and tell an installed CLI's user to pass --tools when there are no default examples", async () => {
      const { code, stderr } = await runCli(['list'], { defaultToolsDir: '/no/examples/dist' });
      expect(code).toBe(1);
      expect(stderr).toBe(
        'error: No --tools directory was given. Pass --tools DIR, the directory of your tool files: .js, .cjs, .mjs or .ts files that export ' +
          "tools (tool() functions, @Tool classes, BaseTool instances), e.g. 'npx @victor-tools/cli list --tools ./dist/tools'.\n",
      );
      // The default is a path inside a victor-tools checkout: it means nothing to a user of the installed CLI.
      expect(stderr).not.toContain('/no/examples/dist');
      expect(stderr).not.toContain('pnpm');
    });

    it('should be accepted before the command as well as after it', async () => {
      const before = await runCli(['--tools', '/no/such/dir', 'list']);
      expect(before.code).toBe(2);
      expect(before.stderr).toContain("'/no/such/dir'");
    });
  });
});
