// A victor-tools MCP server in its own process, for case 7: `stdio` serves on
// stdin/stdout; `http` serves stateless Streamable HTTP and prints its URL.
import { BaseTool, ToolRegistry, ToolResult } from '@victor-tools/core';
import { serveMcpHttp, serveMcpStdio } from '@victor-tools/mcp';

class Echo extends BaseTool {
  get name() {
    return 'echo';
  }
  get description() {
    return 'Echo a text.';
  }
  get parameters() {
    return { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false };
  }
  get metadata() {
    return { accessMode: 'readonly' };
  }
  async execute(_ctx, args) {
    return ToolResult.ok(args.text);
  }
}

const logger = { debug() {}, info() {}, warn: (m) => process.stderr.write(`${m}\n`), error: (m) => process.stderr.write(`${m}\n`) };
const registry = new ToolRegistry({ logger });
registry.register(new Echo());

if (process.argv[2] === 'http') {
  const handle = await serveMcpHttp(registry, { logger });
  process.stdout.write(`${handle.url}\n`);
  process.once('SIGTERM', () => void handle.close());
} else {
  const handle = await serveMcpStdio(registry, { logger });
  process.stdin.once('end', () => void handle.close());
}
