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

// process.exitCode rather than process.exit(): stdout may still be draining into a pipe.
void run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
