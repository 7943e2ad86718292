// `@victor-tools/decorators/node`: the parts of the package that need Node.js
// (the file system), kept out of the root entry so that `tool()`, `@Tool`,
// `ToolContainer.scan` and the registry bundle for browsers and edge runtimes.
// Importing this entry installs what `ToolContainer.scanDirectory` needs; in
// plain Node.js the root entry's `scanDirectory` loads it by itself, so this
// import matters in bundles (an ES module bundle for Node.js, say). Named
// exports only.
import { setDirectoryLoader } from './container/directory-loader';
import { loadDirectory } from './container/load-directory';

setDirectoryLoader(loadDirectory);

export { ToolContainer, type ToolContainerOptions } from './container/tool-container';
export type { ScanDirectoryOptions } from './container/directory-loader';
