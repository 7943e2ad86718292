import { ToolResult } from '../results';
import { runStandardValidation, type StandardOutcome } from '../schema-input';
import { compileSchema } from '../validation';
import { isThenable, type StepAnswer, type ToolCall } from './tool-call';

// A tool's output schema is read once at registration (`outputSchemaFormsOf`) and
// checked here, in the pipeline: every door gets the same verdict, not only MCP.

/**
 * The step after `invokeTool`: a successful result of a tool that declares an
 * output schema must match it. A tool that breaks its own schema gets a
 * failed result saying how (`Tool 'x' returned an output that does not match
 * its output schema: ...`, `metadata.outputErrors`), never a result that a
 * client would refuse. Failed results, and tools without an output schema,
 * pass untouched.
 */
export function checkOutput(call: ToolCall): StepAnswer | Promise<StepAnswer> {
  const schema = call.entry.outputSchema;
  const result = call.result;
  if (schema === undefined || result === undefined || !result.success) return undefined;
  const verdict = compileSchema(schema).validate(result.output).result;
  if (!verdict.valid) return refuseOutput(call, result, verdict.errors);
  // A Standard Schema's library checks what JSON Schema cannot say (a zod `.refine()`); the output stays as the tool answered it.
  const standard = call.entry.outputStandard;
  if (standard === undefined) return undefined;
  const outcome = runStandardValidation(standard, result.output, call.host.validationOptions);
  const judge = (settled: StandardOutcome): StepAnswer => ('failure' in settled ? refuseOutput(call, result, settled.failure.errors) : undefined);
  return isThenable(outcome) ? Promise.resolve(outcome).then(judge) : judge(outcome);
}

function refuseOutput(call: ToolCall, result: ToolResult, problems: readonly string[]): StepAnswer {
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
