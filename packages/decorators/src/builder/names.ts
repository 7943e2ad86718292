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
