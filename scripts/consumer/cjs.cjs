// Every package loads with `require`; core counts tokens and runs a call.
const assert = require('node:assert/strict');

for (const name of JSON.parse(process.argv[2])) assert.ok(Object.keys(require(name)).length > 0, `${name}: no exports`);
const { BaseTool, ToolRegistry, ToolResult, estimateTokens } = require('@victor-tools/core');
assert.equal(estimateTokens('hello world'), 4);
class Echo extends BaseTool {
  get name() { return 'echo'; }
  get description() { return 'Echo the text.'; }
  get parameters() { return { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }; }
  async execute(_ctx, { text }) { return ToolResult.ok(text); }
}
const registry = new ToolRegistry();
registry.register(new Echo());
registry.execute('echo', { text: 'hi' }).then((result) => {
  assert.equal(result.output, 'hi');
  console.log('cjs ok');
});
