import { resolve } from 'node:path';
import { ToolsDirectoryNotFoundError, ToolsLoadError } from '../src/errors';
import { CLI_INJECTION_TOKENS, defaultToolsDir, loadTools } from '../src/load-tools';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { BROKEN_TOOLS, FIXTURE_TOOLS, TYPESCRIPT_TOOLS, runCli } from './support/run-cli';

describe('loadTools', () => {
  it('should register the tools of the directory and report what it skipped', async () => {
    const { registry, report, directory } = await loadTools(FIXTURE_TOOLS);
    expect(directory).toBe(resolve(FIXTURE_TOOLS));
    expect(registry.listTools().map((t) => t.name).sort()).toEqual(['echo', 'log_line', 'set_tool_enabled']);
    expect(report.skipped).toEqual([expect.objectContaining({ export: 'echo.js:shout' })]);
  });

  it('should fill the process-wide metadata registry', async () => {
    const { metadataRegistry } = await loadTools(FIXTURE_TOOLS);
    expect(metadataRegistry).toBe(ToolMetadataRegistry.getInstance());
    expect(metadataRegistry.getToolsByCategory('admin')).toEqual(['set_tool_enabled']);
  });

  it("should give tool constructors the registry under the 'registry' token", async () => {
    const { registry } = await loadTools(FIXTURE_TOOLS);
    expect(CLI_INJECTION_TOKENS.registry).toBe('registry');
    const result = await registry.execute('set_tool_enabled', { name: 'echo', enabled: false });
    expect(result.success).toBe(true);
    expect(registry.isToolEnabled('echo')).toBe(false);
  });

  it('should throw ToolsDirectoryNotFoundError with exit code 2 for a missing directory given by the user', async () => {
    await expect(loadTools('/no/such/dir')).rejects.toThrow(ToolsDirectoryNotFoundError);
    await expect(loadTools('/no/such/dir')).rejects.toMatchObject({ exitCode: 2, directory: '/no/such/dir' });
  });

  it('should throw with exit code 1 for a missing default directory', async () => {
    await expect(loadTools('/no/such/dir', { given: false })).rejects.toMatchObject({ exitCode: 1 });
  });

  it('should wrap a file that fails to load in ToolsLoadError naming the file and keeping the cause', async () => {
    const error = await loadTools(BROKEN_TOOLS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolsLoadError);
    expect((error as ToolsLoadError).cause).toEqual(new Error('database URL is not set'));
    expect((error as ToolsLoadError).file).toBe('throws-on-load.js');
  });

  it('should load .ts tool files', async () => {
    const { registry, skippedTypeScript } = await loadTools(TYPESCRIPT_TOOLS);
    expect(skippedTypeScript).toEqual([]);
    expect(registry.listTools().map((t) => t.name)).toEqual(['greet']);
    expect((await registry.execute('greet', { who: 'Ada' })).output).toBe('Hello, Ada!');
    const { code, stdout, stderr } = await runCli(['call', 'greet', '{"who": "Ada"}', '--tools', TYPESCRIPT_TOOLS]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout).output).toBe('Hello, Ada!');
  });
});

describe('defaultToolsDir', () => {
  it("should point at the repository's compiled examples", () => {
    expect(defaultToolsDir()).toBe(resolve(__dirname, '..', '..', '..', 'examples', 'dist'));
  });
});
