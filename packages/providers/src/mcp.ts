import { AccessMode, type BaseTool } from '@victor-tools/core';
import { normalizeMetadata } from '@victor-tools/core/internal';
import { TOOL_NAME_RULES, assertToolName } from './names';
import { readTool } from './schema/tool-input';
import { DropLog, asObjectRoot } from './schema/walk';
import type { ExportOptions, ExportableTool, ObjectSchema, ProviderExport } from './types';

/** The JSON Schema dialect victor-tools validates with, stated in every MCP `inputSchema`. */
export const MCP_SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';

/** MCP tool annotations (hints for clients, from the tool's metadata). */
export interface McpToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** An MCP `Tool` as `tools/list` returns it. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: ObjectSchema & { $schema: string };
  annotations: McpToolAnnotations;
}

/**
 * A tool as an MCP tool. The input schema is the tool's JSON Schema with its
 * dialect (Draft 7) stated, since MCP takes 2020-12 when none is given. The
 * annotations come from the tool's metadata (undeclared: READONLY, SAFE):
 * `readOnlyHint` for READONLY, `destructiveHint` for danger MEDIUM and above,
 * `idempotentHint` from `isIdempotent`, `openWorldHint` for NETWORK and MIXED,
 * and a `title` made from the name. All four hints are always set, because
 * MCP's defaults for missing ones are the pessimistic ones.
 * Throws `InvalidToolNameError` for a name outside MCP's recommended rule.
 */
export function toMcpTool(tool: ExportableTool, options: ExportOptions = {}): ProviderExport<McpTool> {
  const { tool: base, name, description, parameters } = readTool(tool, options);
  assertToolName(name, TOOL_NAME_RULES.mcp);
  const log = new DropLog();
  const { $schema, ...rest } = asObjectRoot(parameters, log);
  if ($schema !== undefined && $schema !== MCP_SCHEMA_DIALECT) {
    log.rewritten('$schema', '', `the schema is validated as Draft 7, so its dialect is stated as ${MCP_SCHEMA_DIALECT}`);
  }
  const inputSchema = { $schema: MCP_SCHEMA_DIALECT, ...rest } as McpTool['inputSchema'];
  return { schema: { name, description, inputSchema, annotations: mcpAnnotations(base, name) }, dropped: log.entries };
}

/** The MCP annotations of a tool, from its metadata and `isIdempotent`. */
export function mcpAnnotations(tool: BaseTool, name: string = tool.name): McpToolAnnotations {
  const { accessMode, dangerLevel } = normalizeMetadata(tool.metadata);
  return {
    title: humanize(name),
    readOnlyHint: accessMode === AccessMode.READONLY,
    destructiveHint: dangerLevel.weight >= 2,
    idempotentHint: tool.isIdempotent === true,
    openWorldHint: accessMode === AccessMode.NETWORK || accessMode === AccessMode.MIXED,
  };
}

/** 'read_file' -> 'Read file', 'gitStatus' -> 'Git status'. */
function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.:-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
