// A TypeDoc plugin (typedoc.json "plugin") for the "Defined in" links. With
// `entryPointStrategy: packages`, TypeDoc fills `{path}` of `sourceLinkTemplate`
// relative to each package's own entry folder (`src/index.ts`), so the links
// lost `packages/<pkg>/src`; and with `disableGit` it links every file, a
// dependency's too (`node_modules/.pnpm/...`), which the repository does not
// hold. Here each source is shown and linked by its path in the repository,
// and a declaration from a dependency (an inherited member of Error, of a
// framework's class) keeps its path without a link.
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Converter } from 'typedoc';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const template = app.options.getValue('sourceLinkTemplate');
    for (const reflection of Object.values(context.project.reflections)) {
      for (const source of reflection.sources ?? []) {
        const path = relative(ROOT, source.fullFileName).split('\\').join('/');
        source.fileName = path;
        source.url = path.split('/').includes('node_modules')
          ? undefined
          : template.replace('{path}', path).replace('{line}', String(source.line));
      }
    }
  });
}
