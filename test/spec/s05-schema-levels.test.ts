// SPEC section 5: schema levels and token estimates.
import { SchemaLevel, estimateTokens } from '@victor-tools/core';
import { TestTool } from './helpers';

const longSentences =
  'Reads a file, e.g. a config such as file.py at version 1.2.3 from the disk. ' +
  'It returns the content as text for the model to inspect. ' +
  'A third sentence that pushes the description well past every cap we have here.';

const parameters = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'The path of the file to read, relative to the workspace root folder.' },
    mode: { type: 'string', enum: ['text', 'binary'], description: 'How to read.' },
    tags: { type: 'array', items: { type: 'string' }, description: 'Tags.' },
    limit: { type: 'integer', minimum: 1, maximum: 10, default: 5, examples: [3], description: 'Max lines.' },
    opts: {
      type: 'object',
      properties: {
        deep: { type: 'boolean', default: false, description: 'A nested option with a really long description that must be cut.' },
        list: { type: 'array', items: { type: 'integer' } },
      },
      required: ['deep'],
      additionalProperties: false,
    },
  },
  required: ['path', 'tags'],
  additionalProperties: false,
};
const tool = new TestTool({ name: 'read_file', description: longSentences, parameters });

describe('toSchema(FULL)', () => {
  it('should equal toJSONSchema() and cut nothing', () => {
    const longDesc = 'x'.repeat(900);
    const t = new TestTool({ name: 'big', description: longDesc, parameters });
    expect(t.toSchema(SchemaLevel.FULL)).toEqual(t.toJSONSchema());
    expect(t.toSchema(SchemaLevel.FULL).function.description).toBe(longDesc);
  });
});

describe('toSchema(COMPACT)', () => {
  const s = tool.toSchema(SchemaLevel.COMPACT).function;
  const props = (s.parameters as { properties: Record<string, Record<string, unknown>> }).properties;

  it('should keep whole sentences fitting 150 chars, not breaking at e.g., file.py or 1.2.3', () => {
    expect(s.description).toBe(
      'Reads a file, e.g. a config such as file.py at version 1.2.3 from the disk. It returns the content as text for the model to inspect.',
    );
  });

  it('should hard-cap a first sentence longer than 150 at 147 + "..."', () => {
    const t = new TestTool({ name: 'long', description: 'y'.repeat(200) + '.', parameters });
    const d = t.toSchema(SchemaLevel.COMPACT).function.description;
    expect(d).toBe('y'.repeat(147) + '...');
    expect(d.length).toBe(150);
  });

  it('should keep all parameters with type, enum, items and nested properties/required', () => {
    expect(Object.keys(props).sort()).toEqual(['limit', 'mode', 'opts', 'path', 'tags']);
    expect(props.mode.enum).toEqual(['text', 'binary']);
    expect(props.tags.items).toEqual({ type: 'string' });
    const opts = props.opts as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(opts.required).toEqual(['deep']);
    expect(opts.properties.deep.type).toBe('boolean');
    expect(opts.properties.list.items).toEqual({ type: 'integer' });
    expect((opts.properties.deep.description as string).length).toBeLessThanOrEqual(50);
    expect(opts.properties.deep.default).toBeUndefined();
  });

  it('should cap parameter descriptions at 50 (47 + "...")', () => {
    expect(props.path.description).toBe(parameters.properties.path.description.slice(0, 47) + '...');
    expect(props.mode.description).toBe('How to read.');
  });

  it('should keep required and drop default, bounds and examples', () => {
    expect((s.parameters as { required: string[] }).required).toEqual(['path', 'tags']);
    expect(props.limit).not.toHaveProperty('default');
    expect(props.limit).not.toHaveProperty('minimum');
    expect(props.limit).not.toHaveProperty('maximum');
    expect(props.limit).not.toHaveProperty('examples');
    expect(props.limit.type).toBe('integer');
  });

  it('should keep additionalProperties: false', () => {
    expect((s.parameters as Record<string, unknown>).additionalProperties).toBe(false);
    expect((props.opts as Record<string, unknown>).additionalProperties).toBe(false);
  });
});

describe('toSchema(STUB)', () => {
  const s = tool.toSchema(SchemaLevel.STUB).function;
  const params = s.parameters as { properties: Record<string, Record<string, unknown>>; required: string[]; additionalProperties: unknown };

  it('should keep only the first sentence, capped at 80 (77 + "...")', () => {
    expect(s.description).toBe('Reads a file, e.g. a config such as file.py at version 1.2.3 from the disk.');
    const t = new TestTool({ name: 'long', description: 'z'.repeat(100) + '. Second.', parameters });
    expect(t.toSchema(SchemaLevel.STUB).function.description).toBe('z'.repeat(77) + '...');
    const two = new TestTool({ name: 'two', description: 'First one. Second one.', parameters });
    expect(two.toSchema(SchemaLevel.STUB).function.description).toBe('First one.');
  });

  it('should keep required parameters only, with type, items and capped descriptions', () => {
    expect(Object.keys(params.properties).sort()).toEqual(['path', 'tags']);
    expect(params.required).toEqual(['path', 'tags']);
    expect(params.properties.tags.items).toEqual({ type: 'string' });
    expect(params.properties.path.description).toBe(parameters.properties.path.description.slice(0, 22) + '...');
    expect(params.additionalProperties).toBe(false);
  });

  it('should keep enum on required parameters', () => {
    const t = new TestTool({
      name: 'e',
      parameters: { type: 'object', properties: { m: { type: 'string', enum: ['a', 'b'] } }, required: ['m'] },
    });
    const p = t.toSchema(SchemaLevel.STUB).function.parameters as { properties: Record<string, Record<string, unknown>> };
    expect(p.properties.m.enum).toEqual(['a', 'b']);
  });
});

describe('estimateTokens', () => {
  it('should count with a real tokenizer, not chars/4', () => {
    const schema = tool.toJSONSchema();
    const n = estimateTokens(schema);
    expect(Number.isInteger(n)).toBe(true);
    expect(n).toBeGreaterThan(0);
    // A run of one repeated letter is a few tokens per many characters; chars/4 would say 250.
    const repeated = estimateTokens({ d: 'a'.repeat(1000) });
    expect(repeated).not.toBe(Math.ceil(JSON.stringify({ d: 'a'.repeat(1000) }).length / 4));
    expect(estimateTokens(tool.toSchema(SchemaLevel.STUB))).toBeLessThan(n);
  });
});
