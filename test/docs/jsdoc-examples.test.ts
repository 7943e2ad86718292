// Every `@example` in the JSDoc of every package runs: the fenced TypeScript of
// each example is taken from the sources, compiled with the TypeScript compiler
// (as stage-3 decorators, then as legacy experimentalDecorators, as the
// repository's two tsconfigs do) and run against the packages' sources, its
// imports resolved as the tests resolve them. An example must not throw, and
// each `console.log(...)` it makes must print what its `// prints: ...` comment
// says, in order. The examples also type-check, in both modes, as ES modules
// (top-level await) against the packages' sources. Examples are written to run
// as they are: with their imports, and with whatever they use declared in them.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { format } from 'node:util';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

interface JsdocExample {
  /** `packages/<pkg>/src/<file>.ts:<line>` of the example's fence. */
  where: string;
  code: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return entry.endsWith('.ts') && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/** The fenced ts/typescript blocks under `@example` tags of the JSDoc comments of `text`. */
function examplesIn(text: string, file: string): JsdocExample[] {
  const examples: JsdocExample[] = [];
  for (const comment of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const firstLine = text.slice(0, comment.index).split('\n').length;
    const lines = comment[1]!.split('\n').map((line) => line.replace(/^\s*\* ?/, ''));
    let inExample = false;
    let fence: { start: number; lines: string[] } | undefined;
    lines.forEach((line, index) => {
      if (fence !== undefined) {
        if (line.trim() === '```') {
          examples.push({ where: `${file}:${fence.start}`, code: fence.lines.join('\n') });
          fence = undefined;
        } else fence.lines.push(line);
        return;
      }
      if (/^@\w+/.test(line.trim())) inExample = line.trim().startsWith('@example');
      if (inExample && /^```(ts|typescript)\s*$/.test(line.trim())) fence = { start: firstLine + index, lines: [] };
    });
    if (fence !== undefined) throw new Error(`${file}:${fence.start}: an @example fence is never closed`);
  }
  return examples;
}

const EXAMPLES: JsdocExample[] = readdirSync(join(ROOT, 'packages'))
  .filter((pkg) => statSync(join(ROOT, 'packages', pkg, 'src'), { throwIfNoEntry: false })?.isDirectory())
  .flatMap((pkg) => sourceFiles(join(ROOT, 'packages', pkg, 'src')))
  .sort()
  .flatMap((file) => examplesIn(readFileSync(file, 'utf8'), relative(ROOT, file)));

/** The compiler options of one of the repository's tsconfigs, emitting CommonJS. */
function compilerOptions(tsconfig: string): ts.CompilerOptions {
  const path = join(ROOT, tsconfig);
  const { config } = ts.readConfigFile(path, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, path);
  return { ...options, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, noEmit: false, sourceMap: false, declaration: false };
}

const MODES = { 'stage-3 decorators': compilerOptions('tsconfig.json'), 'legacy decorators': compilerOptions('tsconfig.legacy.json') };

/** What an example says it prints: the `// prints: ...` comments, in order. */
function expectedPrints(code: string): string[] {
  return [...code.matchAll(/\/\/ prints: (.*)$/gm)].map((match) => match[1]!.trim());
}

type AsyncRunner = (require: NodeJS.Require, module: { exports: unknown }, exports: unknown, console: Pick<Console, 'log'>) => Promise<void>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => AsyncRunner;

/** Compiles and runs an example (top-level `await` allowed); resolves to what it printed. */
async function run(example: JsdocExample, options: ts.CompilerOptions): Promise<string[]> {
  const { outputText, diagnostics } = ts.transpileModule(example.code, { compilerOptions: options, fileName: 'example.ts', reportDiagnostics: true });
  const syntaxErrors = (diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (syntaxErrors.length > 0) throw new Error(`${example.where}: ${syntaxErrors.join('; ')}`);
  const printed: string[] = [];
  const module = { exports: {} };
  await new AsyncFunction('require', 'module', 'exports', 'console', outputText)(require, module, module.exports, {
    log: (...args: unknown[]) => printed.push(format(...args)),
  });
  return printed;
}

/** The type errors of the examples, compiled together as ES modules with `options` (one program). */
function typeErrors(examples: JsdocExample[], options: ts.CompilerOptions): string[] {
  const files = new Map(examples.map((example, index) => [join(ROOT, 'test', 'docs', `example-${index}.mts`), example]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (path) => files.get(path)?.code ?? readFile(path);
  host.fileExists = (path) => files.has(path) || fileExists(path);
  const program = ts.createProgram([...files.keys()], { ...options, module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, noEmit: true }, host);
  return [...files].flatMap(([path, example]) =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(path)).map((d) => {
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      return `${example.where} (line ${line} of the example): ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    }),
  );
}

describe('the @example blocks of the packages’ JSDoc', () => {
  it('should find the examples, each with its file and line', () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(6);
    for (const example of EXAMPLES) expect(example.where).toMatch(/^packages\/[a-z-]+\/src\/.+\.ts:\d+$/);
  });

  it('should read only the fences under an @example tag', () => {
    const text = ['/**', ' * Text.', ' * ```ts', ' * notAnExample();', ' * ```', ' * @example', ' * ```ts', ' * anExample();', ' * ```', ' * @returns x', ' */'].join('\n');
    expect(examplesIn(text, 'f.ts')).toEqual([{ where: 'f.ts:7', code: 'anExample();' }]);
  });

  describe.each(Object.entries(MODES))('compiled with %s', (_mode, options) => {
    it('should type-check', () => {
      expect(typeErrors(EXAMPLES, options)).toEqual([]);
    }, 120_000);

    it.each(EXAMPLES.map((example) => [example.where, example] as const))('%s should run and print what it says', async (_where, example) => {
      const printed = await run(example, options);
      expect(printed).toEqual(expectedPrints(example.code));
    }, 60_000); // an example may start a process (an MCP server through npx)
  });
});
