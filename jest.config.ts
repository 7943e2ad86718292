import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from 'jest';

// Tests import the packages' sources, not their builds, so a test run never
// depends on a stale dist/. ts-jest only transpiles (isolatedModules); the
// type check is `pnpm build` / `pnpm typecheck`, which run the full compiler.
const moduleNameMapper = {
  '^@victor-tools/([a-z-]+)$': '<rootDir>/packages/$1/src',
  // A package's plumbing for the others (`@victor-tools/core/internal`).
  '^@victor-tools/([a-z-]+)/internal$': '<rootDir>/packages/$1/src/internal',
};

function project(name: string, roots: string[], tsconfig = '<rootDir>/tsconfig.json'): Config {
  return {
    displayName: name,
    roots,
    testMatch: ['**/*.test.ts'],
    testEnvironment: 'node',
    moduleNameMapper,
    transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig, isolatedModules: true }] },
  };
}

const config: Config = {
  // A package without tests yet has no test/ folder; jest refuses a missing root.
  projects: [
    project('core', ['<rootDir>/packages/core/test']),
    project('metadata', ['<rootDir>/packages/metadata/test']),
    // The decorator suite runs twice from the same sources: once as TC39
    // stage-3 decorators, once as legacy experimentalDecorators with
    // emitDecoratorMetadata.
    project('decorators-stage3', ['<rootDir>/packages/decorators/test']),
    project('decorators-legacy', ['<rootDir>/packages/decorators/test'], '<rootDir>/tsconfig.legacy.json'),
    project('providers', ['<rootDir>/packages/providers/test']),
    project('mcp', ['<rootDir>/packages/mcp/test']),
    project('cli', ['<rootDir>/packages/cli/test']),
    project('examples', ['<rootDir>/examples/test']),
    // The examples too are one source for both decorator modes.
    project('examples-legacy', ['<rootDir>/examples/test'], '<rootDir>/tsconfig.legacy.json'),
    project('packaging', ['<rootDir>/test']),
  ].filter((p) => (p.roots ?? []).every((r) => existsSync(join(__dirname, r.replace('<rootDir>/', ''))))),
};

export default config;
