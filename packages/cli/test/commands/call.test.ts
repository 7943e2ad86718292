import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/run-cli';

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

  it('should exit 1 with the registry suggestions for an unknown tool', async () => {
    const { code, stdout, stderr } = await runCli(['call', 'ecko', '{}']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ success: false, error: "Tool 'ecko' not found", metadata: { suggestions: ['echo'] } });
    expect(stderr).toBe("error: Tool 'ecko' not found\n");
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
});
