import { BaseTool, CostTier, ToolResult, type JsonSchema, type Logger, type ToolCallContext, type ToolMetadataInput } from '@victor-tools/core';
import { TOOL_PROTOCOL } from '@victor-tools/core/internal';

/** How a test tool is built. */
export interface TestToolSpec {
  name: string;
  description?: string;
  parameters?: JsonSchema;
  outputSchema?: unknown;
  run?: (args: Record<string, unknown>, ctx: ToolCallContext) => unknown;
  costTier?: CostTier;
  metadata?: ToolMetadataInput;
  aliases?: string[];
  timeoutMs?: number;
  available?: () => boolean;
}

/** A BaseTool whose behaviour comes from a spec, recording every call. */
export class TestTool extends BaseTool {
  readonly calls: Array<{ args: Record<string, unknown>; ctx: ToolCallContext }> = [];

  constructor(private readonly spec: TestToolSpec) {
    super();
  }

  get name(): string {
    return this.spec.name;
  }
  get description(): string {
    return this.spec.description ?? `The ${this.spec.name} test tool. It does one thing.`;
  }
  get parameters(): JsonSchema {
    return this.spec.parameters ?? { type: 'object', properties: {} };
  }
  override get outputSchema(): JsonSchema | undefined {
    return this.spec.outputSchema as JsonSchema | undefined;
  }
  override get costTier(): CostTier {
    return this.spec.costTier ?? CostTier.FREE;
  }
  override get metadata(): ToolMetadataInput | undefined {
    return this.spec.metadata;
  }
  override get aliases(): readonly string[] {
    return this.spec.aliases ?? [];
  }
  override get timeoutMs(): number | undefined {
    return this.spec.timeoutMs;
  }
  override isAvailable(): boolean {
    return this.spec.available ? this.spec.available() : true;
  }

  async execute(ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    this.calls.push({ args, ctx });
    const value = this.spec.run ? await this.spec.run(args, ctx) : { echoed: args };
    return value as ToolResult;
  }
}

/** A test tool from a spec. */
export function testTool(spec: TestToolSpec): TestTool {
  return new TestTool(spec);
}

/** A tool provider (what the decorators package makes) standing for `tool`. */
export function provider(tool: BaseTool): { [TOOL_PROTOCOL](): BaseTool } {
  return { [TOOL_PROTOCOL]: () => tool };
}

/** A Logger that records every message by level. */
export function recordingLogger(): Logger & { entries: Array<{ level: string; message: string }> } {
  const entries: Array<{ level: string; message: string }> = [];
  const at = (level: string) => (message: string) => {
    entries.push({ level, message });
  };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A promise with its resolve function exposed, to hold a tool until the test lets it go. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets pending promise callbacks run. */
export async function flush(times = 10): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}

/** A schema with one required string `path` and an optional integer `limit`. */
export const PATH_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { path: { type: 'string' }, limit: { type: 'integer', default: 10 } },
  required: ['path'],
};

/**
 * A deep copy made in this realm (jest runs tests in a vm context, where
 * `structuredClone` returns objects of the outer realm that
 * `isDeepStrictEqual` never finds equal): keeps prototypes, own keys
 * (`__proto__` too), dates and cycles.
 */
export function snapshotOf<T>(value: T, seen = new Map<unknown, unknown>()): T {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const copy = Array.isArray(value) ? new Array(value.length) : Object.create(Object.getPrototypeOf(value));
  seen.set(value, copy);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if ('value' in descriptor) descriptor.value = snapshotOf(descriptor.value, seen);
    Object.defineProperty(copy, key, descriptor);
  }
  return copy as T;
}
