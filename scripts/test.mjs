#!/usr/bin/env node
// `pnpm test`, the README's test command: build, type-check, look for import
// cycles, check the API reports, then jest (every project but the queue's, then the queue's in band:
// its suites run real Redis servers and worker processes, and time what they see).
//
// The queue suites start their own redis-server (on a free port, nothing
// saved). Where none is on PATH, this installs it the way .ci/run did: as root
// with apt-get (Debian, Ubuntu: a fresh machine or CI). Elsewhere it stops
// before the long build and says what to do: install Redis 6.2 or later with
// the system's package manager, or name the executable in REDIS_SERVER.
// (npm has no package that ships a redis-server binary; redis-memory-server
// downloads Redis's sources from download.redis.io in its install step and
// builds them, which fails on a machine that reaches only the npm registry.)
//
// Options: --skip-build (the packages are built already), --print-redis (only
// find or install redis-server, print its path, run nothing else).
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false }, 'print-redis': { type: 'boolean', default: false } } });

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` on PATH, or undefined. */
function onPath(name, path = process.env.PATH ?? '') {
  return path
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find(executable);
}

function sh(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** redis-server: REDIS_SERVER, then PATH, then apt-get as root; undefined when none of them works. */
function findOrInstallRedis() {
  const given = process.env.REDIS_SERVER;
  if (given) {
    if (!executable(given)) throw new Error(`REDIS_SERVER=${given} is not an executable file`);
    return given;
  }
  const found = onPath('redis-server');
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && onPath('apt-get')) {
    console.log('pnpm test: redis-server is not installed; installing it with apt-get (the queue tests run a real Redis)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (sh('apt-get', ['update', '-qq'], env) === 0 && sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], env) === 0) {
      // Debian's package starts a service on the default port where an init system runs; the tests never use it.
      return onPath('redis-server') ?? (executable('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined);
    }
  }
  return undefined;
}

const NO_REDIS = `pnpm test: the queue tests need redis-server (Redis 6.2 or later), and none was found or could be installed here.
  - Debian or Ubuntu: sudo apt-get install redis-server   (as root, pnpm test does this itself)
  - macOS: brew install redis;  Fedora: sudo dnf install redis;  Arch: sudo pacman -S redis
  - or build or download one yourself and run: REDIS_SERVER=/path/to/redis-server pnpm test
The other suites do not need it: pnpm build && pnpm exec jest --ignoreProjects queue`;

let redis;
try {
  redis = findOrInstallRedis();
} catch (error) {
  console.error(`pnpm test: ${error.message}`);
  process.exit(1);
}
if (!redis) {
  console.error(NO_REDIS);
  process.exit(1);
}
if (options['print-redis']) {
  console.log(redis);
  process.exit(0);
}
// The queue tests look for redis-server on PATH.
const env = { ...process.env, PATH: [dirname(redis), process.env.PATH ?? ''].join(delimiter) };

const jest = join(dirname(new URL(import.meta.url).pathname), '..', 'node_modules', 'jest', 'bin', 'jest.js');
const steps = [
  ...(options['skip-build'] ? [] : [['pnpm', ['build']]]),
  ['pnpm', ['typecheck']],
  ['pnpm', ['run', 'cycles']],
  ['pnpm', ['run', 'api:check']],
  [process.execPath, [jest, '--ignoreProjects', 'queue']],
  [process.execPath, [jest, '--selectProjects', 'queue', '--runInBand']],
];
console.log(`pnpm test on Node.js ${process.versions.node}, redis-server ${redis}`);
for (const [command, args] of steps) {
  const status = sh(command, args, env);
  if (status !== 0) process.exit(status);
}
