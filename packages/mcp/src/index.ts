// Any new export here becomes public API: named exports only.
export { serveMcp, type ServeMcpOptions, type McpServerHandle } from './serve-mcp';
export { serveMcpStdio } from './serve-stdio';
export { toCallToolResult } from './call-result';
export type { ServableRegistry } from './servable-registry';
