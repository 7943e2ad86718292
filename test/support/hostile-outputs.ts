// Tool outputs JSON cannot carry, and the tools that answer them in each of
// the three forms a user writes (a BaseTool subclass, tool(), an @Tool
// class), shared by the framework adapters' tests (not a test file). Every
// door answers such an output as a failed result saying why: see
// `unsendableMessage`.
import { ToolRegistry, ToolResult, type BaseTool, type JsonSchema } from '@victor-tools/core';
import { Tool, tool as functionTool } from '@victor-tools/decorators';
import { silentLogger } from './logger';
import { tool as configuredTool } from './tools';

/** An array nested `depth` deep, built without recursion. */
export function deepArray(depth: number): unknown[] {
  const root: unknown[] = [];
  let at = root;
  for (let i = 0; i < depth; i++) {
    const next: unknown[] = [];
    at.push(next);
    at = next;
  }
  return root;
}

function cycle(proto: object | null): Record<string, unknown> {
  const value = Object.create(proto) as Record<string, unknown>;
  value.self = value;
  return value;
}

/** Each output, and what JSON.stringify says of it (the end of the failure's message). */
export const HOSTILE_OUTPUTS: Record<string, { make: () => unknown; reason: RegExp }> = {
  bigint: { make: () => ({ n: 10n }), reason: /Do not know how to serialize a BigInt$/ },
  // Its String() is its source code: never sent to a model.
  function: { make: () => function secret() { return 'sk-123'; }, reason: /^a function is not a JSON value$/ },
  symbol: { make: () => Symbol('token'), reason: /^a symbol is not a JSON value$/ },
  cycle: { make: () => cycle(Object.prototype), reason: /^Converting circular structure to JSON --> starting at object with constructor 'Object' --- property 'self' closes the circle$/ },
  'null-prototype cycle': { make: () => cycle(null), reason: /^Converting circular structure to JSON/ },
  'throwing getter': {
    make: () => ({
      get x(): never {
        throw new Error('getter out');
      },
    }),
    reason: /^getter out$/,
  },
  'throwing toJSON': {
    make: () => ({
      toJSON(): never {
        throw new Error('toJSON out');
      },
    }),
    reason: /^toJSON out$/,
  },
  '100,000-deep array': { make: () => deepArray(100_000), reason: /^Maximum call stack size exceeded$/ },
  'throwing Proxy': {
    make: () =>
      new Proxy(
        {},
        {
          get() {
            throw new Error('proxy out');
          },
        },
      ),
    reason: /^proxy out$/,
  },
};

export const HOSTILE_KINDS = Object.keys(HOSTILE_OUTPUTS);

/** The failure every door answers for `kind` returned by `toolName`. */
export function unsendableMessage(toolName: string, kind: string): RegExp {
  const reason = HOSTILE_OUTPUTS[kind]!.reason.source.replace(/^\^/, '');
  return new RegExp(`^Tool '${toolName}' returned an output that cannot be sent as JSON: ${reason}`);
}

const PARAMS: JsonSchema = { type: 'object', properties: { kind: { type: 'string' } }, required: ['kind'] };
// The output in a ToolResult, so the registry passes it on as it is (a bare Proxy would be read as a result and fail earlier).
const answer = (kind: string) => ToolResult.ok(HOSTILE_OUTPUTS[kind]!.make());

/**
 * A registry of the three forms of a tool answering `HOSTILE_OUTPUTS[args.kind]`:
 * `hostile_base` (BaseTool), `hostile_fn` (tool()), `hostile_class` (@Tool); and `extra`.
 */
export function hostileRegistry(...extra: BaseTool[]): ToolRegistry {
  const base = configuredTool({ name: 'hostile_base', parameters: PARAMS, run: (args) => answer(String(args.kind)) });
  const fn = functionTool({ name: 'hostile_fn', description: 'Answers an output JSON cannot carry.', parameters: PARAMS }, (args) => answer(String(args.kind)));

  @Tool({ name: 'hostile_class', description: 'Answers an output JSON cannot carry.', params: PARAMS })
  class HostileClass {
    execute(args: { kind: string }) {
      return answer(args.kind);
    }
  }
  const registry = new ToolRegistry({ logger: silentLogger });
  for (const tool of [base, fn, new HostileClass(), ...extra]) registry.register(tool);
  return registry;
}

export const HOSTILE_TOOL_NAMES = ['hostile_base', 'hostile_fn', 'hostile_class'];

/** A tool answering a string of `length` characters. */
export function hugeTool(length: number): BaseTool {
  return configuredTool({ name: 'huge', run: () => 'x'.repeat(length) });
}
