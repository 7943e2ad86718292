import * as core from '@victor-tools/core';
import { SEARCH_CODE_SCHEMA, SEARCH_CODE_NAME, SEARCH_CODE_DESCRIPTION, searchCode, CALL_ARGS } from './lib/fixture.mjs';
const { BaseTool, ToolRegistry, ToolResult } = core;
class SearchCode extends BaseTool {
  get name() { return SEARCH_CODE_NAME; }
  get description() { return SEARCH_CODE_DESCRIPTION; }
  get parameters() { return SEARCH_CODE_SCHEMA; }
  async execute(_ctx, args) { return ToolResult.ok(searchCode(args)); }
}
const registry = new ToolRegistry();
registry.register(new SearchCode());
let b = 0, a = 0;
registry.registerBeforeHook(() => { b++; });
registry.registerAfterHook(() => { a++; });
const N = Number(process.argv[2] ?? 2_000_000);
for (let i = 0; i < 50_000; i++) await registry.execute(SEARCH_CODE_NAME, CALL_ARGS);
const t = process.hrtime.bigint();
for (let i = 0; i < N; i++) await registry.execute(SEARCH_CODE_NAME, CALL_ARGS);
console.log(`${Number(process.hrtime.bigint() - t) / N} ns/call`);
