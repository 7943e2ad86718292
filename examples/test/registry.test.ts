import { ToolRegistry } from '@victor-tools/core';
import { ToolContainer } from '@victor-tools/decorators';
import { join } from 'node:path';

describe('the examples through a ToolRegistry', () => {
  const registry = new ToolRegistry();
  const report = new ToolContainer({ registry }).scan(
    require('../src/custom-tool'),
    require('../src/find-files'),
    require('../src/code-metrics'),
    require('../src/text-toolbox'),
  );
  const root = join(__dirname, '..');

  it('should register the five example tools', () => {
    expect(report.registered.map((r) => r.name).sort()).toEqual(['code_metrics', 'custom_tool', 'find_files', 'text_stats', 'word_count']);
    expect(registry.getCostSummary()).toMatchObject({ free: ['find_files', 'text_stats', 'word_count'], low: ['code_metrics', 'custom_tool'] });
  });

  it('should run each tool with arguments written as the reference shows them', async () => {
    // The sandbox is the file tools' root (they were built with the working
    // directory, which another test file in the same worker may have moved).
    const ctx = { sandbox: root };
    const results = await Promise.all([
      registry.execute('custom_tool', { operation: 'analyze', target: 'package.json', options: {} }, ctx),
      registry.execute('find_files', { pattern: '*.ts', path: 'src', recursive: true, limit: 100 }, ctx),
      registry.execute('code_metrics', { path: 'src/text-toolbox.ts', metricType: 'all', recursive: true }, ctx),
      registry.execute('text_stats', { text: 'a b' }),
      registry.execute('word_count', { text: 'a b a' }),
    ]);
    // The errors, not only the flags: a failure then says which tool and why.
    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(results.map((r) => r.success)).toEqual([true, true, true, true, true]);
  });

  it('should refuse invalid arguments before the tool runs', async () => {
    const missing = await registry.execute('custom_tool', { operation: 'analyze' });
    expect(missing.error).toBe("Invalid parameters for tool 'custom_tool': Required parameter 'target' is missing");
    const wrong = await registry.execute('find_files', { pattern: '*.ts', limit: 'ten' });
    expect(wrong.error).toBe("Invalid parameters for tool 'find_files': Parameter 'limit' has wrong type: expected integer, got string");
  });

  it('should turn an escape attempt into a failed result', async () => {
    const result = await registry.execute('find_files', { pattern: '../**' });
    expect(result).toMatchObject({ success: false, error: expect.stringContaining("contains '..'") });
  });

  it('should run the read-only tools, custom_tool among them, in PLAN mode', async () => {
    expect((await registry.execute('custom_tool', { operation: 'analyze', target: 'package.json' }, { mode: 'plan', sandbox: root })).success).toBe(true);
    expect((await registry.execute('text_stats', { text: 'x' }, { mode: 'plan' })).success).toBe(true);
    expect((await registry.execute('find_files', { pattern: 'package.json' }, { mode: 'plan' })).success).toBe(true);
  });

  it("should offer code_metrics' metric type under one name, metricType, and refuse the reference's metric_type by name", async () => {
    const loc = await registry.execute('code_metrics', { path: 'src/text-toolbox.ts', metricType: 'loc' }, { sandbox: root });
    expect(loc.success).toBe(true);
    expect((loc.output as { complexity: unknown }).complexity).toBeNull();
    // Absent, it is the schema's default: every metric.
    const all = await registry.execute('code_metrics', { path: 'src/text-toolbox.ts' }, { sandbox: root });
    expect((all.output as { complexity: unknown }).complexity).toEqual(expect.any(Number));
    const snake = await registry.execute('code_metrics', { path: 'src/text-toolbox.ts', metric_type: 'loc' }, { sandbox: root });
    expect(snake).toMatchObject({ success: false, error: "Invalid parameters for tool 'code_metrics': Unknown parameter 'metric_type'" });
  });
});
