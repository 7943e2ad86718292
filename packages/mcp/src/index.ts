// Any new export here becomes public API: named exports only.
export { serveMcp, type ServeMcpOptions, type McpServerHandle } from './serve-mcp';
export { serveMcpHttp, type ServeMcpHttpOptions, type McpHttpServerHandle } from './serve-http';
export { mcpRequestHandler, type McpRequestHandler, type McpRequestHandlerOptions } from './request-handler';
export { MissingTokenError } from './http/missing-token-error';
export { WeakTokenError } from './http/weak-token-error';
export { WELL_KNOWN_RESOURCE_PATH, type VerifyToken, type ResourceMetadataOptions } from './http/authorization';
export { serveMcpStdio, type ServeMcpStdioOptions } from './serve-stdio';
export { GuardedStdioServerTransport, type GuardedStdioOptions } from './guarded-stdio-transport';
export { toCallToolResult, type CallResultOptions } from './call-result';
export { ClientCapabilityError } from './tool-client';
export { DEFAULT_MAX_TEXT_LENGTH, DEFAULT_MAX_REQUEST_BYTES } from './limits';
export type { ServableRegistry } from './servable-registry';
export { mcpTools, McpToolSet, type McpToolSetChange, type McpToolSetStatus, type AttachableRegistry } from './client/tool-set';
export { McpRemoteTool } from './client/remote-tool';
export { McpServerStartError, type McpConnectionState } from './client/connection';
export { metadataFromAnnotations } from './client/annotations';
export type {
  McpServerSource,
  McpClientLike,
  McpStdioServer,
  McpHttpServer,
  McpToolsOptions,
  McpCloseOptions,
  McpToolOverride,
  McpRestartOptions,
  McpToolDescription,
  McpToolAnnotationHints,
  McpCallResult,
  McpProgress,
  McpRequestOptions,
} from './client/types';
export type { ProgressiveOptions, ToolSearcher } from './progressive/types';
