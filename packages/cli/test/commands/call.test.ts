import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ODD_OUTPUT_TOOLS, runCli } from '../support/run-cli';

describe('victor-tools call', () => {
  it('should print the ToolResult of a successful call as JSON and exit 0', async () => {
    const { code, stdout, stderr } = await runCli(['call', 'echo', '{"message": "hi", "times": 2}']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual({ success: true, output: 'hi hi' });
  });

  it('should apply the schema defaults when the JSON leaves them out', async () => {
    const { stdout } = await runCli(['call', 'echo', '{"message": "hi"}']);
    expect(JSON.parse(stdout).output).toBe('hi');
  });

  it('should print the failed result on stdout, its error on stderr, and exit 1 for invalid arguments', async () => {
    const { code, stdout, stderr } = await runCli(['call', 'echo', '{"times": "ten"}']);
    const message = "Invalid parameters for tool 'echo': Required parameter 'message' is missing; Parameter 'times' has wrong type: expected integer, got string";
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ success: false, error: message, metadata: { invalidParams: { message: 'required' } } });
    expect(stderr).toBe(`error: ${message}\n`);
  });

  it('should take missing JSON as no arguments', async () => {
    const { code, stdout } = await runCli(['call', 'echo']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout).error).toBe("Invalid parameters for tool 'echo': Required parameter 'message' is missing");
  });

  it('should exit 1 with the registry suggestions for an unknown tool, on stderr as schema prints them', async () => {
    const { code, stdout, stderr } = await runCli(['call', 'ecko', '{}']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ success: false, error: "Tool 'ecko' not found", metadata: { suggestions: ['echo'] } });
    expect(stderr).toBe("error: Tool 'ecko' not found. Did you mean 'echo'? Run 'victor-tools list' to see the tools.\n");
    expect(stderr).toBe((await runCli(['schema', 'ecko'])).stderr);
  });

  it('should exit 2 without running anything when the arguments are not JSON', async () => {
    const { code, stdout, stderr } = await runCli(['call', 'echo', '{message: hi}']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain("error: command-argument value '{message: hi}' is invalid for argument 'json'. Not valid JSON");
  });

  it('should exit 2 when the JSON is not an object', async () => {
    const { code, stderr } = await runCli(['call', 'echo', '["hi"]']);
    expect(code).toBe(2);
    expect(stderr).toContain('Tool arguments must be a JSON object, got an array');
  });

  describe('--mode', () => {
    it('should refuse a write tool in plan mode with exit 1', async () => {
      const { code, stdout } = await runCli(['call', 'set_tool_enabled', '{"name": "echo", "enabled": false}', '--mode', 'plan']);
      expect(code).toBe(1);
      expect(JSON.parse(stdout).error).toBe(
        "Tool 'set_tool_enabled' refused in plan mode: plan mode allows only readonly and network tools, and this tool's access mode is 'write'",
      );
    });

    it('should let a write tool run in explore mode inside --sandbox', async () => {
      const sandbox = mkdtempSync(join(tmpdir(), 'victor-cli-'));
      const { code, stdout } = await runCli(['call', 'set_tool_enabled', '{"name": "echo", "enabled": false}', '--mode', 'explore', '--sandbox', sandbox]);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual({ success: true, output: { name: 'echo', enabled: false } });
    });

    it('should exit 2 on a mode that does not exist', async () => {
      const { code, stderr } = await runCli(['call', 'echo', '{}', '--mode', 'yolo']);
      expect(code).toBe(2);
      expect(stderr).toContain("argument 'yolo' is invalid. Allowed choices are explore, plan, build.");
    });
  });

  describe('arguments from stdin (-) or a file (@FILE)', () => {
    const big = 'x'.repeat(200 * 1024);
    const json = JSON.stringify({ text: big });

    it('should read a 200 KB JSON argument from stdin, past the 128 KB a command line holds', async () => {
      const { code, stdout, stderr } = await runCli(['call', 'measure_args', '-', '--tools', ODD_OUTPUT_TOOLS], { stdin: Readable.from([json.slice(0, 1000), json.slice(1000)]) });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual({ success: true, output: { length: 200 * 1024 } });
    });

    it('should read the arguments from @FILE', async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'victor-cli-args-')), 'args.json');
      writeFileSync(file, `\uFEFF${json}`);
      const { code, stdout } = await runCli(['call', 'measure_args', `@${file}`, '--tools', ODD_OUTPUT_TOOLS]);
      expect(code).toBe(0);
      expect(JSON.parse(stdout).output).toEqual({ length: 200 * 1024 });
    });

    it('should exit 2 naming the source when what it reads is not a JSON object', async () => {
      const notJson = await runCli(['call', 'echo', '-'], { stdin: Readable.from(['{message: hi}']) });
      expect(notJson.code).toBe(2);
      expect(notJson.stdout).toBe('');
      expect(notJson.stderr).toMatch(/^error: The arguments from stdin are not valid JSON \(.+\), e\.g\. '\{"path": "a\.txt"\}'\.\n$/);
      const array = await runCli(['call', 'echo', '-'], { stdin: Readable.from(['[1]']) });
      expect(array.stderr).toBe(`error: The arguments from stdin must be a JSON object, got an array, e.g. '{"path": "a.txt"}'.\n`);
    });

    it('should exit 2 when the file cannot be read', async () => {
      const { code, stderr } = await runCli(['call', 'echo', '@/no/such/args.json']);
      expect(code).toBe(2);
      expect(stderr).toBe("error: Cannot read the arguments file '/no/such/args.json': it does not exist.\n");
    });

    it('should refuse more than 64 MiB of arguments, and stop reading there', async () => {
      let served = 0;
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      async function* endless() {
        for (;;) {
          served++;
          yield chunk;
        }
      }
      const { code, stderr } = await runCli(['call', 'echo', '-'], { stdin: endless() });
      expect(code).toBe(2);
      expect(stderr).toBe('error: The arguments from stdin are over 64 MiB.\n');
      expect(served).toBe(65);
    });
  });

  describe('outputs JSON cannot hold', () => {
    it.each([
      ['bigint', 'Do not know how to serialize a BigInt'],
      ['cycle', 'Converting circular structure to JSON'],
    ])('should fail with exit 1 for a %s output, printing a failed result that says why', async (kind, reason) => {
      const { code, stdout, stderr } = await runCli(['call', 'odd_output', JSON.stringify({ kind }), '--tools', ODD_OUTPUT_TOOLS]);
      expect(code).toBe(1);
      const message = `Tool 'odd_output' returned an output that cannot be sent as JSON: ${reason}`;
      expect(JSON.parse(stdout)).toEqual({ success: false, output: null, error: expect.stringContaining(message) });
      expect(stderr).toMatch(new RegExp(`^error: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*\n$`));
      expect(stdout).not.toContain('unserializable');
    });
  });

  it('should echo a name with control characters escaped on stderr, so no escape sequence reaches the terminal', async () => {
    const { code, stderr } = await runCli(['call', 'a\u001b]0;pwned\u0007b', '{}']);
    expect(code).toBe(1);
    expect(stderr).toContain("Tool 'a\\u001b]0;pwned\\u0007b' not found");
    expect(stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });

  describe('--sandbox', () => {
    it('should exit 2 before anything runs when the directory does not exist', async () => {
      const missing = join(tmpdir(), 'victor-cli-no-such-sandbox');
      const { code, stdout, stderr } = await runCli(['call', 'set_tool_enabled', '{"name": "echo", "enabled": false}', '--mode', 'explore', '--sandbox', missing]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`error: Sandbox directory '${missing}' does not exist or is not a directory. Create it first, or pass --sandbox with an existing directory.\n`);
    });

    it('should echo a directory of 100,000 characters capped, as every echo is', async () => {
      const long = join(tmpdir(), 'x'.repeat(100_000));
      const { code, stderr } = await runCli(['call', 'echo', '{"message": "x"}', '--mode', 'explore', '--sandbox', long]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/^error: Sandbox directory '.{1,1000}\.\.\. \(99\d{3} more characters\)' does not exist or is not a directory\. Create it first/);
      expect(stderr.length).toBeLessThan(1_200);
    });

    it('should exit 2 when it names a file', async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'victor-cli-')), 'file.txt');
      writeFileSync(file, '');
      expect((await runCli(['call', 'echo', '{"message": "x"}', '--sandbox', file])).code).toBe(2);
    });
  });
});
