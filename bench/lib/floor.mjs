// The floor of bench case 1 (`cpu-ab.mjs --floor`): one async function doing
// only what the execute path's guarantees require for this call, written by
// hand for this one tool: look the tool up, check it is enabled, copy the
// arguments (never the caller's object), validate the copy, deep-freeze it,
// read the clock at the start and when the tool answers (a tool that blocked
// past its deadline has timed out), run one before-hook and one after-hook.
// No step list, no call object, no context copy, no timer, no policy checks:
// what a call through `registry.execute` cannot cost less than.
import Ajv from 'ajv';
import { SEARCH_CODE_NAME, SEARCH_CODE_SCHEMA, searchCode } from './fixture.mjs';

function copy(value) {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  const record = {};
  for (const key of Object.keys(value)) record[key] = copy(value[key]);
  return record;
}

function deepFreeze(value) {
  Object.freeze(value);
  for (const key in value) {
    const child = value[key];
    if (child !== null && typeof child === 'object') deepFreeze(child);
  }
  return value;
}

export function makeFloor(core) {
  const { ToolResult } = core;
  const validate = new Ajv({ strict: false }).compile(SEARCH_CODE_SCHEMA);
  const tools = new Map([[SEARCH_CODE_NAME, { enabled: true, timeoutMs: 30_000, execute: async (args) => ToolResult.ok(searchCode(args)) }]]);
  let count = 0;
  const before = () => void count++;
  const after = () => void count++;
  return async (args) => {
    const tool = tools.get(SEARCH_CODE_NAME);
    if (tool === undefined || !tool.enabled) return ToolResult.fail('not found or disabled');
    const startedAt = Date.now();
    const checked = copy(args);
    if (!validate(checked)) return ToolResult.fail('invalid');
    deepFreeze(checked);
    before(SEARCH_CODE_NAME, checked);
    const result = await tool.execute(checked);
    if (Date.now() - startedAt >= tool.timeoutMs) return ToolResult.fail('timed out');
    after(result, { toolName: SEARCH_CODE_NAME, args: checked });
    return result;
  };
}
