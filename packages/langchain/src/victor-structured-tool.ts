import type { ToolMessage } from '@langchain/core/messages';
import {
  StructuredTool,
  ToolInputParsingException,
  type StructuredToolCallInput,
  type ToolReturnType,
  type ToolRunnableConfig,
  type ToolSchemaBase,
} from '@langchain/core/tools';
import type { CallbackManagerForToolRun } from '@langchain/core/callbacks/manager';
import type { JsonSchema } from '@victor-tools/core';

/** What a victor tool answers LangChain: the text the model reads, or a `ToolMessage` for a tool call (with its id). */
export type VictorToolAnswer = string | ToolMessage;

/** Runs one call of a victor tool and answers what the model reads. */
export type VictorCallRunner = (args: Record<string, unknown>, config: ToolRunnableConfig | undefined) => Promise<VictorToolAnswer>;

/**
 * A LangChain `StructuredTool` over one victor tool. Its `schema` is the
 * victor JSON Schema (what `bindTools` sends); its calls go to the registry.
 */
export class VictorStructuredTool extends StructuredTool<ToolSchemaBase, Record<string, unknown>, Record<string, unknown>, VictorToolAnswer> {
  static override lc_name(): string {
    return 'VictorStructuredTool';
  }

  name: string;
  description: string;
  schema: ToolSchemaBase;

  constructor(
    fields: { name: string; description: string; schema: JsonSchema },
    private readonly runCall: VictorCallRunner,
  ) {
    super();
    this.name = fields.name;
    this.description = fields.description;
    this.schema = fields.schema as ToolSchemaBase;
  }

  protected _call(args: Record<string, unknown>, _runManager?: CallbackManagerForToolRun, config?: ToolRunnableConfig): Promise<VictorToolAnswer> {
    return this.runCall(args, config);
  }

  /**
   * LangChain checks the arguments against `schema` before `_call` and
   * throws `ToolInputParsingException` ("Received tool input did not match
   * expected schema") when they fail. The registry is the judge instead: the
   * call goes to it as it is, so the model reads the registry's message
   * (which parameter, what is wrong) as the tool's message, and what the
   * registry accepts (a strict model's null for an optional parameter) runs.
   * Such calls skip LangChain's tool callbacks: LangChain emits them only
   * around calls its own check accepted. Two more failures of that check are
   * taken the same way: a RangeError (LangChain's handling of a deeply nested
   * input, the `JSON.stringify` of its parsing error, of its start callback,
   * overflows the stack before the tool could run, and the registry refuses
   * such input with a message), and its JSON Schema validator's refusal of a
   * value JSON has no type for (`Instances of "bigint" type are not
   * supported.`). `undefined` arguments are `{}`, as at every door (SPEC §4).
   */
  override async call<TArg extends StructuredToolCallInput<ToolSchemaBase, Record<string, unknown>>, TConfig extends ToolRunnableConfig | undefined>(
    arg: TArg,
    configArg?: TConfig,
    tags?: string[],
  ): Promise<ToolReturnType<TArg, TConfig, VictorToolAnswer>> {
    const given = withArguments(arg);
    try {
      return await super.call(given, configArg, tags);
    } catch (error) {
      if (!(error instanceof ToolInputParsingException || error instanceof RangeError || isUnsupportedInstanceError(error))) throw error;
      const toolCall = isToolCall(given) ? given : configArg?.toolCall;
      const args = isToolCall(given) ? given.args : given;
      // The same answer `_call` gives: a ToolMessage for a tool call, the text otherwise.
      return (await this.runCall(args as Record<string, unknown>, { ...configArg, toolCall })) as ToolReturnType<TArg, TConfig, VictorToolAnswer>;
    }
  }
}

/** `arg` with `{}` for undefined arguments (given alone, or as a tool call's `args`). */
function withArguments<T>(arg: T): T {
  if (arg === undefined) return {} as T;
  if (isToolCall(arg) && arg.args === undefined) return { ...arg, args: {} };
  return arg;
}

/** What @cfworker/json-schema (LangChain's validator of a JSON Schema) throws for undefined, a BigInt, a function or a symbol in the input. */
function isUnsupportedInstanceError(error: unknown): boolean {
  return error instanceof Error && /^Instances of "\w+" type are not supported\.$/.test(error.message);
}

function isToolCall(value: unknown): value is { type: 'tool_call'; id?: string; name: string; args: Record<string, unknown> } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'tool_call';
}
