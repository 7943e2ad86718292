// The hardening's acceptance: "checked from outside by replaying these attacks
// against the built packages". fixtures/built-attacks.mjs loads
// @victor-tools/core, decorators and mcp from their dist/ in a plain Node.js
// process (no jest module mapping, no vm context) and replays the attacks of
// items 1 to 5; this test reads what came back. The built CLI and serve are
// attacked by s14-hardening-examples-cli.test.ts, s14-hardening-mcp.test.ts and
// packages/cli/test/e2e/serve-*-hardening.test.ts.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const REPO = join(__dirname, '..', '..');
const SCRIPT = join(__dirname, 'fixtures', 'built-attacks.mjs');
/** Generous, in CPU time of the attacked process: these calls took 5 to 99 s before; they take well under a second now. */
const ATTACK_MS = 2_000;

jest.setTimeout(120_000);

interface Attack {
  success: boolean;
  error?: string;
  length: number;
  ms: number;
}

let out: Record<string, unknown> & Record<'union64k' | 'wrong1e6' | 'unknown1e5' | 'key16MB' | 'pathDown' | 'pathUpDown' | 'path131k' | 'outputName', Attack>;

beforeAll(async () => {
  for (const pkg of ['core', 'decorators', 'mcp']) {
    if (!existsSync(join(REPO, 'packages', pkg, 'dist', 'index.js'))) throw new Error(`Build first (pnpm build): packages/${pkg}/dist is missing`);
  }
  const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT], { cwd: REPO, maxBuffer: 64 * 1024 * 1024 });
  out = JSON.parse(stdout);
});

// Arguments of more than 50,000 values (maxCheckedValues) are checked up to their first problem.
const NOT_LOOKED_FOR = '... and perhaps more problems, not looked for in more than 50000 values';

describe('bounded work per call, built core', () => {
  it('should answer a union over 64k wrong items fast, with the first problem folded', () => {
    expect(out.union64k.ms).toBeLessThan(ATTACK_MS);
    expect(out.union64k.error).toBe(`Invalid parameters for tool 'probe': Parameter 'items.0' has wrong type: expected string or integer, got boolean; ${NOT_LOOKED_FOR}`);
  });

  it('should answer 1e6 wrong items with exactly 172 characters', () => {
    expect(out.wrong1e6.ms).toBeLessThan(ATTACK_MS);
    expect(out.wrong1e6.length).toBe(172);
    expect(out.wrong1e6.error).toBe(`Invalid parameters for tool 'probe': Parameter 'list.0' has wrong type: expected string, got number; ${NOT_LOOKED_FOR}`);
  });

  it('should answer 1e5 unknown keys with the first of them', () => {
    expect(out.unknown1e5.ms).toBeLessThan(ATTACK_MS);
    expect(out.unknown1e5.error).toBe(`Invalid parameters for tool 'probe': Unknown parameter 'key0'; ${NOT_LOOKED_FOR}`);
  });

  it('should answer a 16 MB unknown key echoing 120 characters of it, promptly', () => {
    expect(out.key16MB.ms).toBeLessThan(ATTACK_MS);
    expect(out.key16MB.error).toBe(`Invalid parameters for tool 'probe': Unknown parameter '${'k'.repeat(117)}...'`);
  });

  it.each([
    ['pathDown', "'d/'.repeat(64000)", true],
    ['pathUpDown', "'d/../'.repeat(32000) + '../outside'", false],
    ['path131k', "'a/'.repeat(131072)", true],
  ] as const)('should check the EXPLORE path %s (%s) in linear time (45-51 s before)', (key, _path, inside) => {
    expect(out[key].ms).toBeLessThan(ATTACK_MS);
    expect(out[key].success).toBe(inside);
    if (!inside) expect(out[key].error).toMatch(/argument 'path' resolves to '.*\/outside', outside it$/);
  });
});

describe('the EXPLORE sandbox, built core and decorators', () => {
  it("should check an argument named output, a @Param({ path: true }) and a tool()'s pathParams", () => {
    expect(out.outputName.error).toMatch(/argument 'output' resolves to '.*\/victim\.txt', outside it$/);
    for (const key of ['paramPath', 'pathParams']) {
      expect(out[key]).toEqual({ inside: true, outside: expect.stringMatching(/argument 'spot' resolves to '\/etc\/passwd', outside it$/) });
    }
  });
});

describe('what runs is what was checked, built core', () => {
  it('should hand the tool what was checked when a before-hook writes into the arguments', () => {
    expect(out.hookMutation).toEqual({ success: true, toolGot: { path: 'd/ok' } });
  });

  it("should refuse a call whose mode a hook changed, and leave the caller's context alone", () => {
    expect(out.hookModeChange).toEqual({
      error: "Tool 'reader' refused: ctx.mode was changed during the call (by the approval callback or a before-hook); mode and sandbox are read once, when the call starts",
      callerCtx: { mode: 'plan' },
    });
  });

  it('should end an approval that never answers at approvalTimeoutMs', () => {
    const { error, ms } = out.approvalNeverAnswers as { error: string; ms: number };
    expect(error).toMatch(/^Tool 'exec' was not approved: approval timed out after 200 ms/);
    expect(ms).toBeLessThan(5_000);
  });

  it('should count the timeout from the call start, through a busy event loop', () => {
    expect(out.timeoutFromStart).toBe("Tool 'slow' timed out after 100 ms");
  });
});

describe('the MCP server, built', () => {
  it('should answer an unserializable output with isError, and refuse a loop over one connection', () => {
    expect(out.mcp).toEqual({
      bigint: { isError: true, text: "Tool 'big' returned an output that cannot be sent as JSON: Do not know how to serialize a BigInt" },
      loops: [false, false, true],
    });
  });
});
