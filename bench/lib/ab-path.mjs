// One measured path of cpu-ab.mjs. Imported once per path (with a query
// string), so that each path has its own copy of these functions and V8's
// type feedback of one build never mixes with another's.
import { CALL_ARGS, SEARCH_CODE_NAME, SEARCH_CODE_SCHEMA, searchCode } from './fixture.mjs';

/** bench case 1's registry: `hooks` (one before-hook and one after-hook), `plain` (none), `notimeout` (hooks, `defaultTimeoutMs: 0`), `sync` (hooks, a tool that answers without a promise). */
export function makeVictor(core, variant) {
  const { BaseTool, ToolRegistry, ToolResult } = core;
  class SearchCode extends BaseTool {
    get name() {
      return SEARCH_CODE_NAME;
    }
    get description() {
      return 'Search the code base.';
    }
    get parameters() {
      return SEARCH_CODE_SCHEMA;
    }
    async execute(_ctx, args) {
      return ToolResult.ok(searchCode(args));
    }
  }
  // `sync`: the same tool answering without a promise, which needs no wait.
  if (variant === 'sync') SearchCode.prototype.execute = (_ctx, args) => ToolResult.ok(searchCode(args));
  const registry = new ToolRegistry(variant === 'notimeout' ? { defaultTimeoutMs: 0 } : {});
  registry.register(new SearchCode());
  let count = 0;
  if (variant !== 'plain') {
    registry.registerBeforeHook(() => {
      count++;
    });
    registry.registerAfterHook(() => {
      count++;
    });
  }
  return (args) => registry.execute(SEARCH_CODE_NAME, args);
}

/** `n` awaited calls, one after the other, as an agent makes them. */
export async function loop(call, n) {
  for (let i = 0; i < n; i++) await call(CALL_ARGS);
}
