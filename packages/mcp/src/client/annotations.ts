import { AccessMode, DangerLevel, type ToolMetadataInput } from '@victor-tools/core';
import type { McpToolAnnotationHints } from './types';

/**
 * The metadata a server's annotations state, with MCP's defaults for the
 * hints it leaves out (not read-only, destructive, open world): a hint is
 * never read as more reassuring than the server said.
 *
 * | hints | access mode | danger level |
 * |---|---|---|
 * | `readOnlyHint`, `openWorldHint: false` | READONLY | SAFE |
 * | `readOnlyHint`, open world | NETWORK | SAFE |
 * | not read-only, `openWorldHint: false` | WRITE | HIGH, or LOW with `destructiveHint: false` |
 * | not read-only, open world | MIXED | HIGH, or LOW with `destructiveHint: false` |
 *
 * `idempotentHint` is the tool's `isIdempotent` (not metadata).
 */
export function metadataFromAnnotations(annotations: McpToolAnnotationHints | undefined): ToolMetadataInput {
  const readOnly = annotations?.readOnlyHint === true;
  const openWorld = annotations?.openWorldHint !== false;
  const destructive = annotations?.destructiveHint !== false;
  const accessMode = readOnly ? (openWorld ? AccessMode.NETWORK : AccessMode.READONLY) : openWorld ? AccessMode.MIXED : AccessMode.WRITE;
  const dangerLevel = readOnly ? DangerLevel.SAFE : destructive ? DangerLevel.HIGH : DangerLevel.LOW;
  return { accessMode, dangerLevel };
}
