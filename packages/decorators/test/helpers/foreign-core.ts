/** A second, independent copy of `@victor-tools/core`, as an app and a plugin with their own node_modules would load. */
export function foreignCore(): typeof import('@victor-tools/core') {
  let core: typeof import('@victor-tools/core') | undefined;
  jest.isolateModules(() => {
    core = require('@victor-tools/core') as typeof import('@victor-tools/core');
  });
  return core!;
}
