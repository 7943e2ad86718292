/**
 * @jest-config-loader ts-node
 */
// ts-node, named: Node 22.18+ and 24 strip the types of a .ts config
// themselves and load it as an ES module, where __dirname does not exist.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from 'jest';

// Tests import the packages' sources, not their builds, so a test run never
// depends on a stale dist/. ts-jest only transpiles (isolatedModules); the
// type check is `pnpm build` / `pnpm typecheck`, which run the full compiler.
const moduleNameMapper = {
  '^@victor-tools/([a-z-]+)$': '<rootDir>/packages/$1/src',
  // A package's plumbing for the others (`@victor-tools/core/internal`), and its
  // other entry points (`@victor-tools/decorators/class-validator`, `/node`, `@victor-tools/mcp/web`).
  '^@victor-tools/([a-z-]+)/(internal|class-validator|node|web)$': '<rootDir>/packages/$1/src/$2',
};

// TypeBox 1.x (the `typebox` package), arktype (with arkregex) and jose (the JWT tests) ship ES modules only, which
// jest's CommonJS runtime cannot require on Node 20: ts-jest compiles their
// files to CommonJS as they are loaded (a few seconds the first time, then
// cached). Only the test files that import them pay.
const ESM_ONLY = '(?:typebox|arktype|arkregex|@ark/[^/]+|jose)/';
const IN_NODE_MODULES = '/node_modules/(?:\\.pnpm/[^/]+/node_modules/)?';
const transformIgnorePatterns = [`/node_modules/(?!(?:\\.pnpm/[^/]+/node_modules/)?${ESM_ONLY})`];
const esmToCommonJs: [string, unknown] = ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022', isolatedModules: true } }];

function project(name: string, roots: string[], tsconfig = '<rootDir>/tsconfig.json', extra: Config = {}): Config {
  return {
    displayName: name,
    roots,
    testMatch: ['**/*.test.ts'],
    testEnvironment: 'node',
    moduleNameMapper,
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig, isolatedModules: true }],
      [`${IN_NODE_MODULES}${ESM_ONLY}.+\\.m?js$`]: esmToCommonJs,
    },
    transformIgnorePatterns,
    ...extra,
  };
}

// AI SDK 7 (installed as `ai7`) and its @ai-sdk packages ship ES modules only:
// the AI SDK adapter's suite runs a second time with `ai` mapped to it, its
// files compiled to CommonJS as above. AI SDK 7 needs Node.js 22.
const AI7 = '<rootDir>/packages/ai-sdk/node_modules/ai7';
const AI7_ESM = '(?:ai|@ai-sdk/[^/]+|@workflow/serde|zod)/';
function ai7Project(): Config {
  const base = project('ai-sdk-ai7', ['<rootDir>/packages/ai-sdk/test']);
  return {
    ...base,
    moduleNameMapper: { '^ai$': AI7, '^ai/test$': `${AI7}/dist/test/index.js`, '^ai/package\\.json$': `${AI7}/package.json`, ...moduleNameMapper },
    transform: { ...base.transform, [`${IN_NODE_MODULES}${AI7_ESM}.+\\.m?js$`]: esmToCommonJs },
    transformIgnorePatterns: [`/node_modules/(?!(?:\\.pnpm/[^/]+/node_modules/)?(?:${ESM_ONLY}|${AI7_ESM}))`],
    globals: { AI_SDK_MAJOR: 7 },
  };
}

// The queue tests run a real redis-server and worker processes, and time what
// they see (a killed worker's calls taken up, a cancel reaching a running
// tool): they run in band, in a jest run of their own (`pnpm test` runs
// `jest --selectProjects queue --runInBand` after the others), so that no
// other test file competes with them for this machine's cores.
const QUEUE_SPEC = '<rootDir>/test/spec/s19-queue*.test.ts';

const config: Config = {
  // A package without tests yet has no test/ folder; jest refuses a missing root.
  projects: [
    project('core', ['<rootDir>/packages/core/test']),
    project('metadata', ['<rootDir>/packages/metadata/test']),
    project('semantic', ['<rootDir>/packages/semantic/test']),
    // The decorator suite runs twice from the same sources: once as TC39
    // stage-3 decorators, once as legacy experimentalDecorators with
    // emitDecoratorMetadata.
    project('decorators-stage3', ['<rootDir>/packages/decorators/test']),
    project('decorators-legacy', ['<rootDir>/packages/decorators/test'], '<rootDir>/tsconfig.legacy.json'),
    project('providers', ['<rootDir>/packages/providers/test']),
    project('mcp', ['<rootDir>/packages/mcp/test']),
    project('ai-sdk', ['<rootDir>/packages/ai-sdk/test'], undefined, { globals: { AI_SDK_MAJOR: 6 } }),
    ai7Project(),
    project('langchain', ['<rootDir>/packages/langchain/test']),
    project('openai-agents', ['<rootDir>/packages/openai-agents/test']),
    project('cli', ['<rootDir>/packages/cli/test']),
    project('examples', ['<rootDir>/examples/test']),
    // The examples too are one source for both decorator modes.
    project('examples-legacy', ['<rootDir>/examples/test'], '<rootDir>/tsconfig.legacy.json'),
    project('packaging', ['<rootDir>/test'], undefined, { testPathIgnorePatterns: ['/node_modules/', '/test/spec/s19-queue[^/]*\\.test\\.ts$'] }),
    project('queue', ['<rootDir>/packages/queue/test', '<rootDir>/test/spec'], undefined, {
      testMatch: ['<rootDir>/packages/queue/test/**/*.test.ts', QUEUE_SPEC],
    }),
  ].filter((p) => (p.roots ?? []).every((r) => existsSync(join(__dirname, r.replace('<rootDir>/', ''))))),
};

export default config;
