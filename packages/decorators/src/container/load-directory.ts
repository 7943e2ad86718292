import type { LoadDirectory } from './directory-loader';
import { hasTypeScriptRuntime, loadModule, type LoadedModule } from './module-loader';
import { nodePath, tinyglobby } from './node-modules';

const JS_FILES = '**/*.{js,cjs,mjs}';
const TS_FILES = '**/*.{ts,cts,mts}';
const DEFAULT_IGNORE = ['**/node_modules/**', '**/*.d.{ts,cts,mts}', '**/*.{test,spec}.*', '**/*.map'];

/** Finds the files under `dir` that match `include` (tinyglobby), in a stable order, and loads each. */
export const loadDirectory: LoadDirectory = async (dir, options) => {
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
