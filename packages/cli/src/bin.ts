#!/usr/bin/env node
import { run } from './run';

// process.exitCode rather than process.exit(): stdout may still be draining into a pipe.
void run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
