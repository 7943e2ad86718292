// Cases 1 and 2: one call of a 3-parameter tool through victor-tools, LangChain
// and the AI SDK, each against the same baseline measured in the same run.
import Ajv from 'ajv';
import { tool as langchainTool } from '@langchain/core/tools';
import * as ai6 from 'ai';
import * as ai6Utils from '@ai-sdk/provider-utils';
import * as ai7 from 'ai7';
import * as ai7Utils from 'ai7-provider-utils';
import { interleaved } from '../lib/harness.mjs';
import { hasRealValidation, missing } from '../lib/victor.mjs';
import {
  CALL_ARGS,
  EXPECTED_OUTPUT,
  SEARCH_CODE_DESCRIPTION,
  SEARCH_CODE_NAME,
  SEARCH_CODE_SCHEMA,
  SEARCH_CODE_ZOD,
  searchCode,
} from '../lib/fixture.mjs';

// Alternating rounds of every path; each round samples each path for 0.2 s of CPU time.
const ROUNDS = 5;

/** The baseline: a compiled ajv validator (allErrors) and a direct call, awaited like any tool call. */
function makeBaseline() {
  const validate = new Ajv({ allErrors: true }).compile(SEARCH_CODE_SCHEMA);
  return async (args) => {
    if (!validate(args)) return { success: false, errors: validate.errors };
    return { success: true, output: searchCode(args) };
  };
}

/** LangChain.js: `tool()` with a zod schema, called through `.invoke` as an agent executor does. */
function makeLangChain() {
  const lcTool = langchainTool(searchCode, { name: SEARCH_CODE_NAME, description: SEARCH_CODE_DESCRIPTION, schema: SEARCH_CODE_ZOD });
  return (args) => lcTool.invoke(args);
}

/**
 * The AI SDK (6 and 7 alike): what `generateText` does for a tool call (see
 * `doParseToolCall`): `safeValidateTypes` against `asSchema(tool.inputSchema)`,
 * then `tool.execute`. `generateText` converts the schema on every call; here
 * it is converted once, the faster path, so the comparison flatters the peer
 * rather than us. `sdk` is the `ai` package, `utils` its `@ai-sdk/provider-utils`
 * (also used by cpu-ab.mjs --peers).
 */
export function makeAiSdk(sdk, utils) {
  const sdkTool = sdk.tool({ description: SEARCH_CODE_DESCRIPTION, inputSchema: SEARCH_CODE_ZOD, execute: async (args) => searchCode(args) });
  const schema = utils.asSchema(sdkTool.inputSchema);
  const options = { toolCallId: 'call_1', messages: [] };
  return async (args) => {
    const parsed = await utils.safeValidateTypes({ value: args, schema });
    if (!parsed.success) throw parsed.error;
    return sdkTool.execute(parsed.value, options);
  };
}

/** victor-tools: a BaseTool in a ToolRegistry with one before-hook and one after-hook. */
function makeVictor(core) {
  const { BaseTool, ToolRegistry, ToolResult } = core;
  class SearchCode extends BaseTool {
    get name() {
      return SEARCH_CODE_NAME;
    }
    get description() {
      return SEARCH_CODE_DESCRIPTION;
    }
    get parameters() {
      return SEARCH_CODE_SCHEMA;
    }
    async execute(_ctx, args) {
      return ToolResult.ok(searchCode(args));
    }
  }
  const registry = new ToolRegistry();
  registry.register(new SearchCode());
  let before = 0;
  let after = 0;
  // Hooks that do what real ones do most often: observe, and let the call go on.
  registry.registerBeforeHook(() => {
    before++;
  });
  registry.registerAfterHook(() => {
    after++;
  });
  const call = (args) => registry.execute(SEARCH_CODE_NAME, args);
  call.hookCalls = () => ({ before, after });
  return call;
}

/** Runs `call` once and checks it really produced the tool's output (a broken path must not look fast). */
async function check(label, call, outputOf) {
  const result = await call({ ...CALL_ARGS });
  const output = outputOf(result);
  if (output !== EXPECTED_OUTPUT) throw new Error(`${label} returned ${JSON.stringify(result)} instead of ${EXPECTED_OUTPUT}`);
}

export async function runExecuteCases(victor, report) {
  const paths = { baseline: makeBaseline() };
  await check('baseline', paths.baseline, (r) => r.output);

  const victorName = 'victor-tools registry.execute (validation + 2 hooks)';
  let victorNote = '';
  const absent = missing([['ToolRegistry (@victor-tools/core)', () => typeof victor.core?.ToolRegistry === 'function']]);
  if (!absent.length) {
    const proto = victor.core.ToolRegistry.prototype;
    absent.push(...missing([['registry.registerBeforeHook/registerAfterHook', () => typeof proto.registerBeforeHook === 'function' && typeof proto.registerAfterHook === 'function']]));
  }
  if (!absent.length) {
    await report.guard({ case: '1', name: victorName }, async () => {
      const call = makeVictor(victor.core);
      await check('registry.execute', call, (r) => (r && r.success ? r.output : r));
      const { before, after } = call.hookCalls();
      if (before !== 1 || after !== 1) throw new Error(`hooks ran before=${before} after=${after} times for one call; expected 1 and 1`);
      const rejected = await call({ path: 5 });
      if (!hasRealValidation(victor.coreFramework) || rejected.success !== false) victorNote = 'validation is still the pre-merge stub: this figure leaves out validation';
      paths.victor = call;
    });
  }

  const peers = [
    ['langchain', 'LangChain.js tool().invoke (zod)', makeLangChain, 20],
    ['aiSdk6', 'AI SDK 6 safeValidateTypes + tool.execute (zod)', () => makeAiSdk(ai6, ai6Utils), 1.5],
    ['aiSdk7', 'AI SDK 7 safeValidateTypes + tool.execute (zod)', () => makeAiSdk(ai7, ai7Utils), 1.5],
  ];
  for (const [key, name, make] of peers) {
    await report.guard({ case: '2', name }, async () => {
      const call = make();
      await check(name, call, (r) => r);
      paths[key] = call;
    });
  }

  const timed = await interleaved(
    Object.fromEntries(Object.entries(paths).map(([key, call]) => [key, () => call(CALL_ARGS)])),
    { baseline: 'baseline', rounds: ROUNDS },
  );
  const base = timed.baseline;
  report.row({ case: '1', name: 'baseline: compiled ajv (allErrors) + direct call', median: base.median, ratio: 1 });
  if (absent.length) {
    report.skip({ case: '1', name: victorName, missing: absent });
  } else if (timed.victor) {
    const { median, ratio } = timed.victor;
    // The ratio to raw ajv is reported without a goal: the goals are on the peers (case 2).
    report.row({ case: '1', name: victorName, median, ratio, note: victorNote });
  }

  report.row({ case: '2', name: 'baseline (the one of case 1, same run)', median: base.median, ratio: 1 });
  for (const [key, name, , goal] of peers) {
    if (!timed[key]) continue;
    report.row({ case: '2', name, median: timed[key].median, ratio: timed[key].ratio });
    // The peer's name up to what it calls: 'LangChain.js tool().invoke', 'AI SDK 6'.
    const speedupName = `victor-tools speedup over ${name.split(' ').slice(0, name.startsWith('AI SDK') ? 3 : 2).join(' ')}`;
    if (!timed.victor) {
      report.skip({ case: '2', name: speedupName, missing: ['registry.execute (case 1 did not run)'], goal: `>= ${goal}x` });
      continue;
    }
    // Ratio of ratios: both are taken against the baseline of their own rounds.
    const speedup = timed[key].ratio / timed.victor.ratio;
    report.row({ case: '2', name: speedupName, value: `${speedup.toFixed(1)}x`, goal: `>= ${goal}x`, met: speedup >= goal });
  }
}
