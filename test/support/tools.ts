// Small tools shared by the packages' tests and test/spec (not a test file).
// Each factory builds a tool through BaseTool's public API, the way a user
// writes one; a property left out keeps BaseTool's own default (so a tool
// from here is what a bare subclass would be). Tests about how a subclass is
// written (getters, #private fields, decorators) still declare their own.
import {
  AccessMode,
  BaseTool,
  ToolRegistry,
  ToolResult,
  CostTier,
  type JsonSchema,
  type ToolCallContext,
  type ToolMetadataInput,
} from '@victor-tools/core';
import { silentLogger } from './logger';

export interface ToolOptions {
  name: string;
  description?: string;
  parameters?: JsonSchema;
  costTier?: CostTier;
  metadata?: ToolMetadataInput;
  aliases?: string[];
  timeoutMs?: number;
  idempotent?: boolean;
  available?: () => boolean;
  /** What the tool does; its return value becomes the output (a ToolResult is returned as is). Default: `''`. */
  run?: (args: Record<string, unknown>, ctx: ToolCallContext) => unknown;
}

/** A BaseTool subclass configured by options; it records the calls it gets. */
export class ConfiguredTool extends BaseTool {
  readonly calls: Array<{ args: Record<string, unknown>; ctx: ToolCallContext }> = [];
  constructor(private readonly options: ToolOptions) {
    super();
    // Only a tool given `available` overrides isAvailable: the registry skips
    // the availability check for a tool that keeps BaseTool's own.
    if (options.available) this.isAvailable = options.available;
  }
  get name(): string {
    return this.options.name;
  }
  get description(): string {
    return this.options.description ?? `The ${this.options.name} tool.`;
  }
  get parameters(): JsonSchema {
    return this.options.parameters ?? { type: 'object', properties: {} };
  }
  override get costTier(): CostTier {
    return this.options.costTier ?? super.costTier;
  }
  override get metadata(): ToolMetadataInput | undefined {
    return this.options.metadata ?? super.metadata;
  }
  override get aliases(): readonly string[] {
    return this.options.aliases ?? super.aliases;
  }
  override get timeoutMs(): number | undefined {
    return this.options.timeoutMs ?? super.timeoutMs;
  }
  override get isIdempotent(): boolean {
    return this.options.idempotent ?? super.isIdempotent;
  }
  async execute(ctx: ToolCallContext, args: Record<string, unknown>): Promise<ToolResult> {
    this.calls.push({ args, ctx });
    const out = this.options.run ? await this.options.run(args, ctx) : '';
    return out instanceof ToolResult ? out : ToolResult.ok(out);
  }
}

/** Any tool: a name and whatever else the test needs. */
export const tool = (options: ToolOptions): ConfiguredTool => new ConfiguredTool(options);

/** `echo`: answers its `text` argument. */
export const echoTool = (overrides: Partial<ToolOptions> = {}): ConfiguredTool =>
  tool({
    name: 'echo',
    description: 'Echo the given text back.',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    metadata: { accessMode: AccessMode.READONLY },
    run: (args) => args.text,
    ...overrides,
  });

/** `add`: answers the sum of its numbers `a` and `b`. */
export const addTool = (overrides: Partial<ToolOptions> = {}): ConfiguredTool =>
  tool({
    name: 'add',
    description: 'Add two numbers.',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    run: (args) => Number(args.a) + Number(args.b),
    ...overrides,
  });

export interface MetadataToolOptions extends Omit<ToolOptions, 'metadata'>, ToolMetadataInput {}

/** A tool with the given metadata (access mode, danger level, category, ...) next to its other options. */
export const metadataTool = (options: MetadataToolOptions): ConfiguredTool => {
  const { name, description, parameters, costTier, aliases, timeoutMs, idempotent, available, run, ...metadata } = options;
  return tool({ name, description, parameters, costTier, aliases, timeoutMs, idempotent, available, run, metadata });
};

/** A tool that answers `'done'` after `ms` milliseconds, or fails as soon as the call is cancelled. */
export const slowTool = (ms: number, overrides: Partial<ToolOptions> = {}): ConfiguredTool =>
  tool({
    name: 'slow',
    run: (_args, ctx) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve('done'), ms);
        ctx.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(ctx.signal?.reason ?? new Error('cancelled'));
        });
      }),
    ...overrides,
  });

/** A tool whose execute throws `error` (thrown as is: a test may throw a non-Error on purpose). */
export const failingTool = (error: unknown, overrides: Partial<ToolOptions> = {}): ConfiguredTool =>
  tool({
    name: 'failing',
    run: () => {
      throw error;
    },
    ...overrides,
  });

/** Options of `TestTool`: those of `ConfiguredTool`. */
export type TestToolOptions = ToolOptions;

/** The SPEC contract tests' tool: a `ConfiguredTool` whose default run answers its arguments. */
export class TestTool extends ConfiguredTool {
  constructor(options: TestToolOptions) {
    super({ run: (args) => args, ...options });
  }
}

export { silentLogger };

/** A quiet registry holding `tools`. */
export function registryWith(...tools: BaseTool[]): ToolRegistry {
  const registry = new ToolRegistry({ logger: silentLogger });
  for (const tool of tools) registry.register(tool);
  return registry;
}
