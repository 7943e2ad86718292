// The packages in browsers and edge runtimes: `tool()`, `@Tool`, the
// container's scan, the registry, the providers and the adapters bundle with
// esbuild without any Node.js built-in, and run where there is no `require`,
// `process` or `Buffer`. Reading a tools directory is Node.js's part, behind
// `@victor-tools/decorators/node`. Uses the built dist/ (`pnpm build`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build, type BuildOptions, type Metafile } from 'esbuild';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(__dirname, 'fixtures', 'bundles');
// The frameworks' own code, left out of the strict bundle: our packages are what is checked there.
// (The LangChain adapter loads LangGraph, when installed, for interrupt-based approval; LangGraph's
// Node.js entry uses node:async_hooks, its browser build does not.)
const FRAMEWORKS = ['ai', 'ai/*', '@langchain/core', '@langchain/core/*', '@langchain/langgraph', '@langchain/langgraph/*', '@openai/agents', '@openai/agents/*', '@openai/agents-core', '@openai/agents-core/*'];

async function bundle(entry: string, options: BuildOptions): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [join(FIXTURES, entry)],
    bundle: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    target: 'es2022',
    absWorkingDir: ROOT,
    tsconfigRaw: { compilerOptions: { experimentalDecorators: false } },
    ...options,
  });
  return { code: result.outputFiles![0]!.text, inputs: Object.keys((result.metafile as Metafile).inputs) };
}

/** The esbuild errors of a failed build, as text (what a user would read). */
async function buildErrors(entry: string, options: BuildOptions): Promise<string[]> {
  try {
    await bundle(entry, options);
    return [];
  } catch (error) {
    return ((error as { errors?: Array<{ text: string }> }).errors ?? [{ text: String(error) }]).map((e) => e.text);
  }
}

describe('bundles for browsers and edge runtimes', () => {
  jest.setTimeout(120_000);

  it('should bundle every package a browser or worker app imports with no Node.js built-in (platform neutral)', async () => {
    // esbuild's neutral platform resolves no built-in module: one `node:fs` anywhere is an error.
    const options: BuildOptions = { platform: 'neutral', format: 'esm', mainFields: ['module', 'main'], external: FRAMEWORKS };
    expect(await buildErrors('adapters.ts', options)).toEqual([]);
    const { inputs } = await bundle('adapters.ts', options);
    expect(inputs.filter((file) => /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(?:tinyglobby|fdir|picomatch)\//.test(file))).toEqual([]);
    expect(inputs.some((file) => file.includes('packages/decorators/dist/'))).toBe(true);
  });

  it("should keep `import '@victor-tools/providers'` in a bundle: loading it registers the schema renderers", async () => {
    const { code } = await bundle('providers-import.ts', { platform: 'node', format: 'cjs' });
    const module = { exports: {} as { rendererNames?: () => string[] } };
    runInNewContext(code, { module, exports: module.exports, require, process, console, setTimeout, clearTimeout, queueMicrotask, TextEncoder, TextDecoder });
    expect(module.exports.rendererNames!()).toEqual(expect.arrayContaining(['openai', 'anthropic', 'gemini', 'mcp']));
  });

  it('should bundle the adapters with their frameworks for the browser', async () => {
    expect(await buildErrors('adapters.ts', { platform: 'browser', format: 'esm' })).toEqual([]);
  });

  it("should run tool(), @Tool, the registry and the AI SDK adapter's tool loop without Node.js's globals", async () => {
    const { code } = await bundle('edge-tools.ts', { platform: 'browser', format: 'iife', globalName: 'edge' });
    // What a browser or an edge runtime offers: no process, require, Buffer, setImmediate or module.
    const context: Record<string, unknown> = {
      console,
      setTimeout,
      clearTimeout,
      queueMicrotask,
      structuredClone,
      TextEncoder,
      TextDecoder,
      AbortController,
      AbortSignal,
      URL,
      Event,
      EventTarget,
      ReadableStream,
      WritableStream,
      TransformStream,
      TextEncoderStream,
      TextDecoderStream,
      Headers,
      Request,
      Response,
      crypto: globalThis.crypto,
      performance,
    };
    runInNewContext(code, context);
    expect(runInNewContext('typeof process + typeof require + typeof Buffer + typeof module', context)).toBe('undefinedundefinedundefinedundefined');
    const seen = (await runInNewContext('edge.run()', context)) as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(seen))).toEqual({
      registered: ['add', 'greet'],
      sum: 5,
      refused: "Invalid parameters for tool 'add': Required parameter 'b' is missing",
      greeting: 'Hello, Grace!',
      scanDirectory: expect.stringContaining("import { ToolContainer } from '@victor-tools/decorators/node'"),
      openai: expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'greet' }) }),
      aiSdk: {
        outputs: [
          { success: false, output: null, error: "Invalid parameters for tool 'greet': Required parameter 'name' is missing", metadata: expect.anything() },
          { success: true, output: 'Hello, Ada!' },
        ],
        text: 'Greeted.',
      },
    });
  });

  it("should bundle @victor-tools/mcp/web with no Node.js built-in and answer MCP requests without Node.js's globals", async () => {
    const neutral: BuildOptions = { platform: 'neutral', format: 'esm', mainFields: ['module', 'main'] };
    expect(await buildErrors('mcp-web.ts', neutral)).toEqual([]);
    const { code } = await bundle('mcp-web.ts', { platform: 'browser', format: 'iife', globalName: 'edge' });
    const context: Record<string, unknown> = {
      console,
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
      queueMicrotask,
      structuredClone,
      TextEncoder,
      TextDecoder,
      AbortController,
      AbortSignal,
      URL,
      Event,
      EventTarget,
      ReadableStream,
      WritableStream,
      TransformStream,
      Headers,
      Request,
      Response,
      crypto: globalThis.crypto,
      performance,
    };
    runInNewContext(code, context);
    expect(runInNewContext('typeof process + typeof require + typeof Buffer', context)).toBe('undefinedundefinedundefined');
    const seen = (await runInNewContext('edge.run()', context)) as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(seen))).toEqual({
      called: { status: 200, body: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '5' }] } } },
      refused: { status: 401, body: { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Unauthorized: a valid bearer token is required' } } },
    });
  });

  it('should keep scanDirectory working in plain Node.js from the root entry, and export the same class from ./node', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-scan-'));
    try {
      const decorators = JSON.stringify(join(ROOT, 'packages', 'decorators', 'dist', 'index.js'));
      writeFileSync(
        join(dir, 'echo.js'),
        `exports.echo = require(${decorators}).tool({ name: 'echo', description: 'Echo the text.', parameters: { type: 'object', properties: { text: { type: 'string' } } } }, ({ text }) => text);`,
      );
      const script = [
        "const root = require('@victor-tools/decorators');",
        "const node = require('@victor-tools/decorators/node');",
        `new root.ToolContainer().scanDirectory(${JSON.stringify(dir)}).then((report) => console.log(JSON.stringify({ same: root.ToolContainer === node.ToolContainer, registered: report.registered })));`,
      ].join('\n');
      const out = execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual({ same: true, registered: [{ name: 'echo', source: "echo.js:tool 'echo'" }] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
