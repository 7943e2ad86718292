import { ToolResult } from '../results';
import type { JsonSchema } from '../types';
import { readSchemaInput, runStandardValidation, type StandardOutcome, type StandardSchemaV1 } from '../schema-input';
import { compileSchema } from '../validation';
import { isThenable, type Answer } from './run-steps';
import type { ToolCall } from './tool-call';

// A tool's output schema: read once at registration (`outputSchemaOf`), checked
// after the tool answered (`checkOutput`, a step of STEPS), so every caller of
// `registry.execute` gets the same verdict, not only the MCP server.

/**
 * The output schema a tool declares, as the registry keeps it: `undefined`
 * for none, else a JSON Schema object schema (a TypeBox `Type.Object` is one).
 * The one place a declared output schema is read: the registry (at
 * registration) and the providers' exporters go through it, so a
 * Standard Schema is read here too (its output side's JSON Schema). Throws a TypeError naming the
 * problem for anything else: MCP requires an output schema of `type: 'object'`
 * (clients refuse a `tools/list` that carries another), and a mistake is
 * better found at registration than at the first call.
 */
export function outputSchemaOf(declared: unknown): JsonSchema | undefined {
  return outputSchemaFormsOf(declared)?.jsonSchema;
}

/**
 * `outputSchemaOf`, with the Standard Schema (zod, valibot, arktype) the
 * tool declared, whose library's own validation (refinements JSON Schema
 * cannot express) the registry runs after the JSON Schema's.
 */
export function outputSchemaFormsOf(declared: unknown): { jsonSchema: JsonSchema; standard: StandardSchemaV1 | undefined } | undefined {
  if (declared === undefined || declared === null) return undefined;
  if ((typeof declared !== 'object' && typeof declared !== 'function') || Array.isArray(declared)) {
    throw new TypeError(`its outputSchema must be a JSON Schema object, got ${Array.isArray(declared) ? 'an array' : typeof declared}`);
  }
  // A Standard Schema (zod, arktype, valibot's toStandardJsonSchema) gives its output side's JSON Schema.
  const { jsonSchema, standard } = readSchemaInput(declared as JsonSchema, { side: 'output', what: 'its output schema' });
  const type = jsonSchema.type;
  if (type !== 'object') {
    throw new TypeError(
      `its outputSchema must describe an object (type: 'object'), got type ${JSON.stringify(type) ?? 'undefined'}: MCP carries structured output as an object`,
    );
  }
  return { jsonSchema, standard };
}

/**
 * The step after `invokeTool`: a successful result of a tool that declares an
 * output schema must match it. A tool that breaks its own schema gets a
 * failed result saying how (`Tool 'x' returned an output that does not match
 * its output schema: ...`, `metadata.outputErrors`), never a result that a
 * client would refuse. Failed results, and tools without an output schema,
 * pass untouched.
 */
export function checkOutput(call: ToolCall): Answer | Promise<Answer> {
  const schema = call.entry.outputSchema;
  const result = call.result;
  if (schema === undefined || result === undefined || !result.success) return undefined;
  const verdict = compileSchema(schema).validate(result.output).result;
  if (!verdict.valid) return refuseOutput(call, result, verdict.errors);
  // A Standard Schema's library checks what JSON Schema cannot say (a zod `.refine()`); the output stays as the tool answered it.
  const standard = call.entry.outputStandard;
  if (standard === undefined) return undefined;
  const outcome = runStandardValidation(standard, result.output, call.host.validationOptions);
  const judge = (settled: StandardOutcome): Answer => ('failure' in settled ? refuseOutput(call, result, settled.failure.errors) : undefined);
  return isThenable(outcome) ? Promise.resolve(outcome).then(judge) : judge(outcome);
}

function refuseOutput(call: ToolCall, result: ToolResult, problems: readonly string[]): Answer {
  const errors = problems.map(asOutputProblem);
  call.result = ToolResult.fail(`Tool '${call.name}' returned an output that does not match its output schema: ${errors.join('; ')}`, {
    ...result.metadata,
    outputErrors: errors,
  });
  return undefined;
}

/** Validation's messages speak of parameters; these are about the output. */
function asOutputProblem(message: string): string {
  return message
    .replace(/^Required parameter '/, "Required property '")
    .replace(/^Unknown parameter '/, "Unknown property '")
    .replace(/^Parameter '/, "Property '")
    .replace(/^Parameters (must|could not)/, 'The output $1')
    .replace(/^Invalid parameters schema:/, 'Invalid output schema:');
}
