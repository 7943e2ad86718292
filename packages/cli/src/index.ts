// The public API of @victor-tools/cli: `run`, the `victor-tools` command as a
// function (what bin.ts calls). Everything else is the command's own code.
export { run } from './run';
