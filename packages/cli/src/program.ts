import { Command } from 'commander';
import { capText } from '@victor-tools/core/internal';
import type { CommandContext } from './command-context';
import { registerCallCommand } from './commands/call';
import { registerGatewayCommand } from './commands/gateway';
import { registerListCommand } from './commands/list';
import { registerSchemaCommand } from './commands/schema';
import { registerSearchCommand } from './commands/search';
import { registerServeCommand } from './commands/serve';
import { registerWorkerCommand } from './commands/worker';
import { cliVersion } from './version';

/**
 * The `victor-tools` commander program. Commander never exits the process
 * (`exitOverride`: `run` maps its errors to exit codes) and writes through the
 * context's streams. Settings are made before the subcommands are added,
 * which inherit them.
 */
export function createProgram(ctx: CommandContext): Command {
  const program = new Command('victor-tools')
    .description('List, inspect, search, call and serve (MCP over stdio or HTTP) the tools of a directory.')
    .version(cliVersion(), '-V, --version', 'print the version')
    .option('-t, --tools <dir>', 'directory of tool files to scan: .js, .cjs, .mjs, and .ts (loaded with tsx); needed everywhere but in a built victor-tools checkout, whose examples are the default')
    .option('-v, --verbose', "also print the registry's info and debug logs and the exports the scan skipped (stderr)")
    .helpOption('-h, --help', 'print help')
    .helpCommand('help [command]', 'print help for a command')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.stdout.write(text),
      writeErr: (text) => ctx.io.stderr.write(text),
      // Commander and our option parsers echo a refused value in quotes, whole: cap each quoted part here, once, as every other echo is capped.
      outputError: (text, write) => write(ctx.styles.err.red(text.split("'").map((part) => capText(part)).join("'"))),
    })
    .showHelpAfterError("(run 'victor-tools --help' or 'victor-tools <command> --help' for usage)");
  registerListCommand(program, ctx);
  registerSchemaCommand(program, ctx);
  registerCallCommand(program, ctx);
  registerSearchCommand(program, ctx);
  registerServeCommand(program, ctx);
  registerWorkerCommand(program, ctx);
  registerGatewayCommand(program, ctx);
  program.addHelpText(
    'after',
    '\nExit status: 0 ok, 1 the operation failed (a failed tool call, an unknown tool), 2 usage error.\n\n' +
      'Examples:\n' +
      '  victor-tools list --tools ./dist/tools\n' +
      '  victor-tools schema find_files --provider anthropic\n' +
      '  victor-tools call word_count \'{"text": "a b a"}\'\n' +
      '  victor-tools call word_count @args.json\n' +
      '  victor-tools search count words\n' +
      '  victor-tools serve --tools ./dist/tools\n' +
      '  victor-tools gateway --config servers.json --progressive',
  );
  return program;
}
