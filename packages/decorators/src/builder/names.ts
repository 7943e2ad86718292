import { toolNameProblem } from '@victor-tools/core/internal';
import { DecoratorUsageError } from '../errors/decorator-usage-error';

/** `FindFilesTool` -> `find_files_tool`, `wordCount` -> `word_count`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** The default tool name of a class: its name in snake_case, without a trailing `Tool`. */
export function defaultClassToolName(className: string): string {
  return snakeCase(className.replace(/(?<=.)Tool$/, ''));
}

/** A readable name for a class in messages. */
export function classLabel(target: Function): string {
  return target.name || '<anonymous class>';
}

/**
 * `derived`, the default tool name made from `source` (a class or method
 * name), when it stands for it; else a `DecoratorUsageError` for `owner`
 * asking for a `name`: `source` is empty, its snake_case drops characters a
 * tool name cannot hold (`Über` would be `ber`, `数据Tool` nothing), or the
 * result breaks the registry's rule. Thrown where the tool is declared, not
 * at its registration.
 */
export function checkedDefaultName(source: string, derived: string, owner: string): string {
  const dropped = [...new Set(Array.from(source).filter((c) => /[^\x00-\x7f]/.test(c)))].join('');
  let problem: string | undefined;
  if (source === '') problem = 'no tool name can be derived from a class without a name';
  else if (derived === '') problem = `no tool name can be derived from '${source}': a tool name holds only ASCII letters, digits, '_' and '-'`;
  else if (dropped !== '') problem = `the tool name derived from '${source}', '${derived}', would drop '${dropped}': a tool name holds only ASCII letters, digits, '_' and '-'`;
  else if (toolNameProblem(derived) !== undefined) problem = `the tool name derived from '${source}', '${derived}', cannot be a tool's name: ${toolNameProblem(derived)}`;
  if (problem === undefined) return derived;
  throw new DecoratorUsageError(`${owner}: ${problem}. Give the tool a name: @Tool({ name: 'my_tool', ... }).`);
}
