#!/usr/bin/env node
// The README demo (`pnpm demo`): scan the compiled examples with a
// ToolContainer, then show what the registry knows and does with them.
'use strict';
const { join } = require('node:path');
const { ToolRegistry, SchemaLevel, estimateTokens } = require('@victor-tools/core');
const { ToolContainer } = require('@victor-tools/decorators');
const { ToolMetadataRegistry, selectTools } = require('@victor-tools/metadata');

const show = (title, value) => console.log(`\n== ${title}\n${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}`);

async function main() {
  const registry = new ToolRegistry();
  const metadataRegistry = ToolMetadataRegistry.getInstance();
  const container = new ToolContainer({ registry, metadataRegistry });

  const report = await container.scanDirectory(join(__dirname, 'dist'));
  // The helper modules' exports (safe-path.js, walk.js...) are not tools: the scan skips them, and says why.
  show('scan report', {
    registered: report.registered.map((r) => `${r.name}  <- ${r.source}`),
    skipped: `${report.skipped.length} exports that are not tools, e.g. ${report.skipped.slice(0, 2).map((s) => `${s.export}: ${s.reason}`).join('; ')}`,
  });
  show('cost summary', registry.getCostSummary());

  const findFiles = registry.get('find_files');
  for (const level of SchemaLevel.values()) {
    const schema = findFiles.toSchema(level);
    show(`find_files at ${level.value} (${estimateTokens(schema)} tokens)`, schema);
  }

  show(
    'valid call: find_files { pattern: "*-metrics.ts", path: "examples/src" }',
    await registry.execute('find_files', { pattern: '*-metrics.ts', path: 'examples/src' }),
  );
  show('invalid call: find_files { pattern: "*.ts", limit: "ten" }', await registry.execute('find_files', { pattern: '*.ts', limit: 'ten' }));
  show('invalid call: custom_tool { operation: "shred", extra: 1 }', await registry.execute('custom_tool', { operation: 'shred', extra: 1 }));

  const query = 'how complex are the functions in this file';
  show(
    `search '${query}'`,
    metadataRegistry.search(query, { limit: 3 }).map((r) => ({ name: r.name, score: Number(r.score.toFixed(2)), reasons: r.reasons })),
  );
  const picked = selectTools(registry, query, { maxTools: 3, tokenBudget: 400 });
  show(
    `selectTools '${query}' within 400 tokens`,
    { tools: picked.tools.map((t) => `${t.name} at ${t.level.value}: ${t.tokens} tokens`), totalTokens: picked.totalTokens },
  );

  const runs = [
    ['custom_tool', { operation: 'validate', target: 'examples/package.json' }],
    ['find_files', { pattern: '*.json', recursive: false, limit: 5 }],
    ['code_metrics', { path: 'examples/src/code-metrics.ts', metricType: 'complexity' }],
    ['text_stats', { text: 'Declare a tool once. Get schemas, validation and a registry!' }],
    ['word_count', { text: 'the tool, the registry and the container', top: 3 }],
  ];
  for (const [name, args] of runs) {
    const result = await registry.execute(name, args);
    show(`${name} ${JSON.stringify(args)}`, result.success ? result.output : result);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
