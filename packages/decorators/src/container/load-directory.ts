import type { LoadDirectory } from './directory-loader';
import { hasTypeScriptRuntime, loadModule, type LoadedModule } from './module-loader';
import { nodeFs, nodePath, tinyglobby } from './node-modules';

const JS_FILES = '**/*.{js,cjs,mjs}';
const TS_FILES = '**/*.{ts,cts,mts}';
const DEFAULT_IGNORE = ['**/node_modules/**', '**/*.d.{ts,cts,mts}', '**/*.{test,spec}.*', '**/*.map'];

/** Finds the files under `dir` that match `include` (tinyglobby), in a stable order, and loads each. */
export const loadDirectory: LoadDirectory = async (dir, options) => {
  await requireDirectory(dir);
  const include = options.include ?? (hasTypeScriptRuntime() ? [JS_FILES, TS_FILES] : [JS_FILES]);
  const files = (await tinyglobby().glob(include, { cwd: dir, absolute: true, ignore: options.ignore ?? DEFAULT_IGNORE })).sort();
  const modules: Array<[origin: string, loaded: LoadedModule]> = [];
  for (const file of files) {
    const origin = nodePath().relative(dir, file).split('\\').join('/');
    modules.push([origin, await loadNamed(file, origin, dir)]);
  }
  return modules;
};

/** Loads `file`, naming it in the error when loading throws: the scan stops there, before registering anything. */
async function loadNamed(file: string, origin: string, dir: string): Promise<LoadedModule> {
  try {
    return await loadModule(file);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`scanDirectory could not load '${origin}' under '${dir}': ${reason}. Nothing was registered.`, { cause: error });
  }
}

/**
 * Refuses a directory that is not one: a glob over a missing path finds
 * nothing, and a typo'd tools directory would register nothing in silence.
 */
async function requireDirectory(dir: string): Promise<void> {
  const shown = `'${dir}'${nodePath().isAbsolute(dir) ? '' : ` (${nodePath().resolve(dir)})`}`;
  let isDirectory: boolean;
  try {
    isDirectory = (await nodeFs().promises.stat(dir)).isDirectory();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const what = code === 'ENOENT' ? 'does not exist' : `cannot be read (${error instanceof Error ? error.message : String(error)})`;
    throw new Error(`scanDirectory: the directory ${shown} ${what}. Give the directory that holds the tool modules (e.g. 'dist/tools').`, { cause: error });
  }
  if (!isDirectory) {
    throw new Error(`scanDirectory: ${shown} is not a directory. Give the directory that holds it, or import the module and pass it to container.scan(...).`);
  }
}
