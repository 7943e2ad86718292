// Tools shared by the tests of the three framework adapters (ai-sdk, langchain,
// openai-agents; not a test file): each adapter's own test/support.ts adds its
// framework's scripted model.
import { AccessMode, DangerLevel, Priority, ToolRegistry } from '@victor-tools/core';
import { quietLogger } from './logger';
import { TestTool, registryWith, type TestToolOptions } from './tools';

/** A TestTool that answers `<name> done` unless told otherwise, recording its calls. */
export class RecordingTool extends TestTool {
  constructor(options: TestToolOptions) {
    super({ run: () => `${options.name} done`, ...options });
  }
}

export const readFile = () =>
  new RecordingTool({
    name: 'read_file',
    description: 'Read a UTF-8 text file and return its contents. Large files are cut at 1 MB.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', description: 'File to read' }, limit: { type: 'integer', minimum: 1 } },
      required: ['path'],
    },
    metadata: { accessMode: AccessMode.READONLY },
    aliases: ['cat'],
    run: (args) => `contents of ${String(args.path)}`,
  });

export const writeFile = () =>
  new RecordingTool({
    name: 'write_file',
    parameters: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' } }, required: ['path', 'text'] },
    metadata: { accessMode: AccessMode.WRITE },
  });

export const deleteFile = () =>
  new RecordingTool({
    name: 'delete_file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    metadata: { accessMode: AccessMode.WRITE, dangerLevel: DangerLevel.HIGH },
  });

export const runCommand = () =>
  new RecordingTool({
    name: 'run_command',
    parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
    metadata: { accessMode: AccessMode.EXECUTE },
  });

/**
 * A tool that, once running, aborts the caller's `controller` and then waits
 * until its own `ctx.signal` aborts; `signal()` is the signal it received.
 */
export function toolAbortingItsCaller(controller: AbortController) {
  let seen: AbortSignal | undefined;
  const tool = new RecordingTool({
    name: 'slow',
    run: (_args, ctx) =>
      new Promise((resolve) => {
        seen = ctx.signal;
        ctx.signal.addEventListener('abort', () => resolve('stopped'));
        setTimeout(() => controller.abort(), 10);
      }),
  });
  return { tool, signal: () => seen };
}

export { quietLogger, registryWith };


/**
 * The registry the adapters' per-step selection tests choose from: the file
 * and shell tools above, get_weather, send_email and ask_user (CRITICAL, so
 * always offered). The two added here have closed schemas
 * (`additionalProperties: false`, every property required), as OpenAI's
 * strict mode asks.
 */
export function selectionRegistry(): ToolRegistry {
  const weather = new RecordingTool({
    name: 'get_weather',
    description: 'Get the weather forecast for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  });
  const email = new RecordingTool({
    name: 'send_email',
    description: 'Send an email message to a recipient.',
    parameters: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } }, required: ['to', 'body'], additionalProperties: false },
  });
  const askUser = new RecordingTool({ name: 'ask_user', description: 'Ask the user a question.', metadata: { priority: Priority.CRITICAL } });
  return registryWith(readFile(), writeFile(), runCommand(), weather, email, askUser);
}
