import type { RegistrableTool } from '@victor-tools/core';
import type { AnyTool } from '@victor-tools/core/framework';
import { AccessMode, DangerLevel, type JsonSchema } from '@victor-tools/core';
import { normalizeMetadata } from '@victor-tools/core/internal';
import { checkAdapterOptions } from './adapters/adapter-options';
import { TOOL_NAME_RULES, assertToolName } from './names';
import { readTool } from './schema/tool-input';
import { DropLog, asObjectRoot, eachSchema, isSchema } from './schema/walk';
import type { ExportOptions, ObjectSchema, ProviderExport } from './types';

/** The JSON Schema dialect victor-tools validates with, stated in an MCP `inputSchema` or `outputSchema` that declares none. */
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
  /** The declared output schema, when the tool has one (its successful results then carry `structuredContent`). */
  outputSchema?: ObjectSchema & { $schema: string };
  annotations: McpToolAnnotations;
}

/**
 * A tool as an MCP tool. The input schema is the tool's JSON Schema with its
 * dialect stated: the one it declares (`$schema`, e.g. JSON Schema 2020-12
 * with its `$defs`), else Draft 7, since MCP takes 2020-12 when none is
 * given. A declared output schema is `outputSchema`, its dialect stated the
 * same way. The annotations (`mcpAnnotations`) say what the tool declared and
 * otherwise keep MCP's cautious defaults; a `title` is made from the name.
 * Throws `InvalidToolNameError` for a name outside MCP's recommended rule.
 */
export function toMcpTool(tool: RegistrableTool, options: ExportOptions = {}): ProviderExport<McpTool> {
  checkAdapterOptions('toMcpTool', options, ['level']);
  const { tool: base, name, description, parameters, outputSchema } = readTool(tool, options);
  assertToolName(name, TOOL_NAME_RULES.mcp);
  const log = new DropLog();
  const root = asObjectRoot(parameters, log);
  eachSchema(root, objectPropertySchemas);
  const inputSchema = withDialect(root) as McpTool['inputSchema'];
  const schema: McpTool = { name, description, inputSchema, annotations: mcpAnnotations(base, name) };
  if (outputSchema !== undefined) {
    eachSchema(outputSchema, objectPropertySchemas);
    schema.outputSchema = withDialect(outputSchema) as McpTool['outputSchema'];
  }
  return { schema, dropped: log.entries };
}

/** `schema` with `$schema` first: the dialect it declares, else Draft 7 (what the registry validates with). */
function withDialect(schema: JsonSchema): JsonSchema & { $schema: string } {
  const { $schema, ...rest } = schema;
  return { $schema: typeof $schema === 'string' && $schema !== '' ? $schema : MCP_SCHEMA_DIALECT, ...rest };
}

/**
 * The MCP annotations of a tool, from what its metadata **declares**: a hint
 * is never more reassuring than the tool's own declaration. `readOnlyHint`
 * only for a declared READONLY access mode; `destructiveHint` false for a
 * declared READONLY tool or a declared danger level below MEDIUM, true
 * otherwise (MCP's default, so a tool that declares nothing counts as
 * destructive); `openWorldHint` for NETWORK and MIXED, and for an undeclared
 * access mode (MCP's default again); `idempotentHint` from `isIdempotent`.
 */
export function mcpAnnotations(tool: AnyTool, name: string = tool.name): McpToolAnnotations {
  const declared = tool.metadata;
  const { accessMode, dangerLevel } = normalizeMetadata(declared);
  const accessDeclared = declared?.accessMode !== undefined;
  const readOnly = accessDeclared && accessMode === AccessMode.READONLY;
  return {
    title: humanize(name),
    readOnlyHint: readOnly,
    destructiveHint: readOnly ? false : declared?.dangerLevel === undefined || dangerLevel.weight >= DangerLevel.MEDIUM.weight,
    idempotentHint: tool.isIdempotent === true,
    openWorldHint: !accessDeclared || accessMode === AccessMode.NETWORK || accessMode === AccessMode.MIXED,
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

/**
 * The official SDK's `ToolSchema` takes only objects as property schemas, so
 * a boolean one (`properties: { t: true }`) is written as the object schema
 * meaning the same: `{}` for true, `{ not: {} }` for false.
 */
function objectPropertySchemas(schema: JsonSchema): void {
  // Typed as schema objects, but a tool's JSON may hold booleans there.
  const properties: Record<string, unknown> | undefined = schema.properties;
  if (!isSchema(properties)) return;
  for (const [key, value] of Object.entries(properties)) {
    if (value === true) properties[key] = {};
    else if (value === false) properties[key] = { not: {} };
  }
}
