// The tools the official MCP conformance suite (@modelcontextprotocol/conformance)
// calls, written with victor-tools' public API, for
// `victor-tools serve --http --stateful --tools scripts/mcp-conformance/tools`
// (scripts/mcp-conformance.mjs). Each follows the suite's description of
// its scenario (`conformance list --server`, the scenario's README text).
import { ToolResult } from '@victor-tools/core';
import { tool } from '@victor-tools/decorators';

const NO_ARGUMENTS = { type: 'object', properties: {} };
/** One red pixel. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** A WAV file with no samples: a 44-byte header. */
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const simpleText = tool(
  { name: 'test_simple_text', description: 'Return a simple text response.', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  () => 'This is a simple text response for testing.',
);

export const imageContent = tool(
  { name: 'test_image_content', description: 'Return an image.', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  () => ToolResult.withContent([{ type: 'image', data: PNG, mimeType: 'image/png' }]),
);

export const audioContent = tool(
  { name: 'test_audio_content', description: 'Return an audio clip.', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  () => ToolResult.withContent([{ type: 'audio', data: WAV, mimeType: 'audio/wav' }]),
);

export const embeddedResource = tool(
  { name: 'test_embedded_resource', description: 'Return an embedded resource.', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  () =>
    ToolResult.withContent([
      { type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } },
    ]),
);

export const multipleContentTypes = tool(
  { name: 'test_multiple_content_types', description: 'Return text, an image and a resource.', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  () =>
    ToolResult.withContent([
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
    ]),
);

export const withLogging = tool(
  { name: 'test_tool_with_logging', description: 'Log three messages while running.', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  async (_args, ctx) => {
    ctx.log('info', 'Tool execution started');
    await pause(50);
    ctx.log('info', 'Tool processing data');
    await pause(50);
    ctx.log('info', 'Tool execution completed');
    return 'Logging test completed';
  },
);

export const errorHandling = tool(
  { name: 'test_error_handling', description: 'Always fail.', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  () => {
    throw new Error('This tool intentionally returns an error for testing');
  },
);

export const withProgress = tool(
  { name: 'test_tool_with_progress', description: 'Report progress three times.', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  async (_args, ctx) => {
    ctx.reportProgress(0, 100);
    await pause(50);
    ctx.reportProgress(50, 100);
    await pause(50);
    ctx.reportProgress(100, 100);
    return 'Progress test completed';
  },
);

export const sampling = tool(
  {
    name: 'test_sampling',
    description: "Ask the client's model.",
    accessMode: 'readonly',
    parameters: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
  },
  async ({ prompt }, ctx) => {
    if (!ctx.client?.canSample) return ToolResult.fail('The client does not support sampling');
    const answer = await ctx.client.sample({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 });
    return `LLM response: ${answer.content.type === 'text' ? answer.content.text : JSON.stringify(answer.content)}`;
  },
);

export const elicitation = tool(
  {
    name: 'test_elicitation',
    description: 'Ask the user for their name and email.',
    accessMode: 'readonly',
    parameters: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  },
  async ({ message }, ctx) => {
    if (!ctx.client?.canElicit) return ToolResult.fail('The client does not support elicitation');
    const answer = await ctx.client.elicit({
      message,
      requestedSchema: {
        type: 'object',
        properties: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      },
    });
    return `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  },
);

export const elicitationDefaults = tool(
  { name: 'test_elicitation_sep1034_defaults', description: 'Ask for input with defaults (SEP-1034).', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  async (_args, ctx) => {
    if (!ctx.client?.canElicit) return ToolResult.fail('The client does not support elicitation');
    const answer = await ctx.client.elicit({
      message: 'Please review your information',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    });
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  },
);

export const elicitationEnums = tool(
  { name: 'test_elicitation_sep1330_enums', description: 'Ask for input with every enum form (SEP-1330).', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  async (_args, ctx) => {
    if (!ctx.client?.canElicit) return ToolResult.fail('The client does not support elicitation');
    const answer = await ctx.client.elicit({
      message: 'Please pick your options',
      requestedSchema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
          untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
          titledMulti: {
            type: 'array',
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
        required: [],
      },
    });
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  },
);

export const jsonSchema2020 = tool(
  {
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    accessMode: 'readonly',
    parameters: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    },
  },
  ({ name, address }) => `Hello ${name ?? 'there'}${address?.city ? ` from ${address.city}` : ''}`,
);

// server-sse-polling (SEP-1699) calls this tool to see the server close its
// stream mid-call and resume on reconnection; that needs an event store this
// server does not keep, so it answers on the stream it was called on (the
// scenario then reports warnings, not failures).
export const reconnection = tool(
  { name: 'test_reconnection', description: 'Answer a call (stream resumption is not offered).', accessMode: 'readonly', parameters: NO_ARGUMENTS },
  () => 'Reconnection test completed successfully',
);
