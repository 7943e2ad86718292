// Core, metadata and providers in a browser bundle (no Node built-ins): a
// call, a search, a provider export and, with the tokenizer entry imported,
// a token count. Also a sandboxed explore-mode call, which needs Node's fs
// and must come back as a clear refusal instead of a crash.
import '@victor-tools/core/tokenizer';
import { BaseTool, ToolRegistry, ToolResult, estimateTokens } from '@victor-tools/core';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { toOpenAITool } from '@victor-tools/providers';

class Echo extends BaseTool {
  get name() { return 'echo'; }
  get description() { return 'Echo the text back.'; }
  get parameters() { return { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }; }
  get metadata() { return { accessMode: 'write' }; }
  async execute(_ctx, { text }) { return ToolResult.ok(text); }
}

function check(condition, what) {
  if (!condition) throw new Error(`browser bundle: ${what}`);
}

export async function run() {
  const registry = new ToolRegistry();
  registry.register(new Echo());
  check((await registry.execute('echo', { text: 'hi' })).output === 'hi', 'execute');
  check((await registry.execute('echo', {})).success === false, 'validation');
  const refused = await registry.execute('echo', { text: 'x', path: 'a' }, { mode: 'explore', sandbox: '/tmp' });
  check(refused.success === false, 'explore mode without fs must refuse');
  ToolMetadataRegistry.getInstance().refreshFromTools(registry);
  check(ToolMetadataRegistry.getInstance().search('echo text')[0]?.name === 'echo', 'search');
  check(toOpenAITool(registry.get('echo')).schema.function.name === 'echo', 'provider export');
  check(estimateTokens('hello world') === 4, 'token count');
  return 'browser ok';
}
