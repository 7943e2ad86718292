import { capText } from '@victor-tools/core/internal';
import { CliError } from './cli-error';

/** A command named a tool the scanned directory does not hold (exit 1); a huge name is echoed cut, as the registry echoes it. */
export class ToolNotFoundError extends CliError {
  constructor(
    readonly toolName: string,
    readonly suggestions: readonly string[] = [],
  ) {
    const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.map((s) => `'${s}'`).join(', ')}?` : '';
    super(`Tool '${capText(toolName)}' not found.${hint} Run 'victor-tools list' to see the tools.`, 1);
  }
}
