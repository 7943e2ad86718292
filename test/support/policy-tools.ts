// Tools of each access mode, for the tests of the mode policy and approval
// (core's and test/spec's): every tool takes an optional `path` and an
// integer `n`, so a call can be valid or not.
import { AccessMode, CostTier, DangerLevel, ToolRegistry, type ApprovalCallback } from '@victor-tools/core';
import { quietLogger } from './logger';
import { TestTool, type TestToolOptions } from './tools';

/** A tool of `accessMode` (undefined: none declared) taking `{ path?: string, n?: integer }`. */
export function modeTool(name: string, accessMode: AccessMode | undefined, extra: Partial<TestToolOptions> = {}): TestTool {
  return new TestTool({
    name,
    metadata: accessMode ? { accessMode } : undefined,
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, n: { type: 'integer' } },
    },
    ...extra,
  });
}

/** A registry of one tool per access mode (`ro`, `net`, `wr`, `ex`, `mix`), one that declares none (`undeclared`) and a read-only HIGH-cost one (`pricey`). */
export function modeRegistry(): ToolRegistry {
  const r = new ToolRegistry({ logger: quietLogger() });
  r.register(modeTool('ro', AccessMode.READONLY));
  r.register(modeTool('net', AccessMode.NETWORK));
  r.register(modeTool('wr', AccessMode.WRITE));
  r.register(modeTool('ex', AccessMode.EXECUTE));
  r.register(modeTool('mix', AccessMode.MIXED));
  r.register(modeTool('undeclared', undefined));
  r.register(modeTool('pricey', AccessMode.READONLY, { costTier: CostTier.HIGH }));
  return r;
}

/** A registry that asks `approve`, with a tool per access mode (`ex` of HIGH danger), and those tools. */
export function approvalRegistry(approve: ApprovalCallback) {
  const r = new ToolRegistry({ logger: quietLogger(), approve });
  const tools = {
    ro: modeTool('ro', AccessMode.READONLY),
    net: modeTool('net', AccessMode.NETWORK),
    wr: modeTool('wr', AccessMode.WRITE),
    ex: modeTool('ex', AccessMode.EXECUTE, { metadata: { accessMode: AccessMode.EXECUTE, dangerLevel: DangerLevel.HIGH } }),
    mix: modeTool('mix', AccessMode.MIXED),
  };
  for (const t of Object.values(tools)) r.register(t);
  return { r, tools };
}
