#!/usr/bin/env node
import { run } from './run';

// A reader that stops early (`victor-tools list | head -3`) closes the pipe: the rest of the
// output has nowhere to go, which is not an error of the command.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

// Data goes to stdout through the command's own writes; what a tools file or a tool prints with
// console.log is a log, and on stdout would corrupt the JSON of `list --json` or `call` (`| jq`).
console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);

// process.exitCode rather than process.exit(): stdout may still be draining into a pipe.
void run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
