import { toAnthropicTool } from '@victor-tools/providers';
import { FindFilesTool } from './fixtures/example-tools';
import { schemaTool } from './fixtures/schema-tool';

describe('toAnthropicTool', () => {
  it('should give name, description and the parameters as input_schema, unchanged', () => {
    const tool = new FindFilesTool();
    expect(toAnthropicTool(tool)).toEqual({
      schema: { name: 'find_files', description: tool.description, input_schema: tool.parameters },
      dropped: [],
    });
  });

  it('should refuse a deferLoading that is not a boolean with a TypeError', () => {
    expect(() => toAnthropicTool(new FindFilesTool(), { deferLoading: 'no' } as never)).toThrow(
      new TypeError("toAnthropicTool: option 'deferLoading' must be true or false, got a string."),
    );
  });

  it('should state type object on an input schema that left it out', () => {
    const { schema, dropped } = toAnthropicTool(schemaTool({ properties: { a: { type: 'string' } } }));
    expect(schema.input_schema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(dropped).toEqual([]);
  });

  it('should merge a top-level allOf of objects and remove a top-level anyOf, reporting both', () => {
    const { schema, dropped } = toAnthropicTool(
      schemaTool({
        type: 'object',
        allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }],
        anyOf: [{ required: ['a'] }],
      }),
    );
    expect(schema.input_schema).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
    expect(dropped.map(({ keyword, action }) => `${action} ${keyword}`)).toEqual(['removed anyOf', 'rewritten allOf']);
  });
});
