import { SchemaLevel, type JsonSchema } from '@victor-tools/core';
import type { ToolJSONSchema } from '@victor-tools/core/framework';
import { getSchemaRenderer, registerSchemaRenderer, schemaRendererNames, renderSchema, splitSentences, truncateDescription } from '@victor-tools/core/internal';
import { tool } from '../../../test/support/tools';

const LONG_DESCRIPTION =
  'Read a text file from the workspace, e.g. src/main.py or docs/guide.md, and return its lines. ' +
  'Paths are relative to the workspace root (i.e. the folder holding package.json). ' +
  'Supports version 1.2.3 files, large logs, binary detection, etc. and returns at most `limit` lines.';

const GLOB_DESCRIPTION = 'A glob pattern such as **/*.ts matched from the root.';

const PARAMETERS: JsonSchema = {
  type: 'object',
  properties: {
    path: {
      type: 'string',
      description: 'Path of the file to read, relative to the workspace root or absolute.',
      format: 'path',
      examples: ['src/index.ts'],
    },
    limit: { type: 'integer', description: 'Maximum number of lines.', minimum: 1, maximum: 1000, default: 100 },
    encoding: { type: 'string', enum: ['utf8', 'latin1'], default: 'utf8', description: 'Text encoding.' },
    globs: {
      type: 'array',
      description: 'Extra files to read alongside the main one.',
      items: { type: 'string', description: GLOB_DESCRIPTION, minLength: 1 },
      minItems: 1,
    },
    ranges: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          start: { type: 'integer', minimum: 1, description: 'First line' },
          end: { type: 'integer', description: 'Last line' },
        },
        required: ['start'],
        additionalProperties: false,
      },
    },
    options: {
      type: 'object',
      description: 'Reading options.',
      properties: {
        follow: { type: 'boolean', default: false, description: 'Follow symbolic links when resolving the path.' },
        mode: { type: 'string', enum: ['text', 'binary'] },
      },
      required: ['mode'],
      additionalProperties: false,
    },
    target: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Optional target.' },
  },
  required: ['path', 'globs', 'options'],
  additionalProperties: false,
};

const readFileTool = () => tool({ name: 'read_file', description: LONG_DESCRIPTION, parameters: PARAMETERS });

/** The CustomTool of the reference's tests, with short texts. */
const customTool = () =>
  tool({
    name: 'custom_tool',
    description: 'A custom tool for testing.',
    parameters: {
      type: 'object',
      properties: { param1: { type: 'string', description: 'First parameter' }, param2: { type: 'integer' } },
      required: ['param1'],
    },
  });

const withDescription = (description: string, parameters: JsonSchema = { type: 'object', properties: {} }): ToolJSONSchema => ({
  type: 'function',
  function: { name: 't', description, parameters },
});

const ALLOWED_KEYS = new Set(['type', 'enum', 'const', 'items', 'properties', 'required', 'additionalProperties', 'patternProperties', 'anyOf', 'oneOf', 'allOf', 'description', '$ref', '$defs', 'definitions']);

/** Every node of a schema, with its path, for checks that hold everywhere. */
function* nodes(schema: unknown, path = 'parameters'): Generator<[string, Record<string, unknown>]> {
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  yield [path, node];
  for (const [name, sub] of Object.entries((node.properties as Record<string, unknown>) ?? {})) yield* nodes(sub, `${path}.${name}`);
  if (node.items) yield* nodes(node.items, `${path}[]`);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const [i, sub] of ((node[key] as unknown[]) ?? []).entries()) yield* nodes(sub, `${path}.${key}.${i}`);
  }
}

describe('renderSchema', () => {
  const tool = readFileTool();

  describe('FULL', () => {
    it('should be toJSONSchema() unchanged', () => {
      expect(tool.toSchema(SchemaLevel.FULL)).toEqual(tool.toJSONSchema());
      const full = tool.toJSONSchema();
      expect(renderSchema(full, SchemaLevel.FULL)).toBe(full);
    });

    it('should cut nothing, not even a description longer than maxDescriptionChars', () => {
      const long = 'A sentence that goes on. '.repeat(40).trim();
      expect(long.length).toBeGreaterThan(SchemaLevel.FULL.maxDescriptionChars);
      expect(renderSchema(withDescription(long), SchemaLevel.FULL).function.description).toBe(long);
    });
  });

  describe('COMPACT', () => {
    const compact = tool.toSchema(SchemaLevel.COMPACT);
    const params = compact.function.parameters;

    it('should keep the name', () => {
      expect(compact.type).toBe('function');
      expect(compact.function.name).toBe('read_file');
    });

    it('should keep as many whole sentences as fit in 150 characters, not ending at e.g. or file.py', () => {
      expect(compact.function.description).toBe(
        'Read a text file from the workspace, e.g. src/main.py or docs/guide.md, and return its lines.',
      );
      expect(compact.function.description.length).toBeLessThanOrEqual(SchemaLevel.COMPACT.maxDescriptionChars);
    });

    it('should keep two sentences when both fit', () => {
      const text = 'Lists files. Skips ignored paths. ' + 'Also does a great many other things that take space. '.repeat(3);
      expect(renderSchema(withDescription(text), SchemaLevel.COMPACT).function.description).toBe(
        'Lists files. Skips ignored paths. Also does a great many other things that take space. Also does a great many other things that take space.',
      );
    });

    it('should keep a description that fits whole, whatever its sentences', () => {
      expect(tool.toSchema('compact').function.name).toBe('read_file');
      expect(customTool().toSchema(SchemaLevel.COMPACT).function.description).toBe('A custom tool for testing.');
    });

    it('should hard-cap at 147 characters and "..." when the first sentence is too long', () => {
      const text = `${'word '.repeat(60).trim()}. Second sentence.`;
      const rendered = renderSchema(withDescription(text), SchemaLevel.COMPACT).function.description;
      expect(rendered).toBe(`${text.slice(0, 147)}...`);
      expect(rendered).toHaveLength(150);
    });

    it('should keep every parameter', () => {
      expect(Object.keys(params.properties ?? {})).toEqual(Object.keys(PARAMETERS.properties ?? {}));
      expect(params.required).toEqual(['path', 'globs', 'options']);
    });

    it('should keep types and enums and drop defaults, bounds, formats and examples', () => {
      expect(params.properties?.limit).toEqual({ type: 'integer', description: 'Maximum number of lines.' });
      expect(params.properties?.encoding).toEqual({ type: 'string', enum: ['utf8', 'latin1'], description: 'Text encoding.' });
      for (const [path, node] of nodes(params)) {
        for (const key of Object.keys(node)) expect([path, key, ALLOWED_KEYS.has(key)]).toEqual([path, key, true]);
      }
    });

    it('should cap parameter descriptions at 50 characters (47 and "...")', () => {
      const original = PARAMETERS.properties?.path.description as string;
      expect(params.properties?.path.description).toBe(`${original.slice(0, 47)}...`);
      for (const [, node] of nodes(params)) {
        if (typeof node.description === 'string') {
          expect(node.description.length).toBeLessThanOrEqual(SchemaLevel.COMPACT.maxParamDescriptionChars);
        }
      }
    });

    it('should keep array item types (the reference lost them), trimmed likewise', () => {
      expect(params.properties?.globs).toEqual({
        type: 'array',
        description: 'Extra files to read alongside the main one.',
        items: { type: 'string', description: `${GLOB_DESCRIPTION.slice(0, 47)}...` },
      });
    });

    it('should keep nested properties and required fields of objects, trimmed the same way', () => {
      expect(params.properties?.ranges).toEqual({
        type: 'array',
        items: {
          type: 'object',
          properties: { start: { type: 'integer', description: 'First line' }, end: { type: 'integer', description: 'Last line' } },
          required: ['start'],
          additionalProperties: false,
        },
      });
      expect(params.properties?.options).toEqual({
        type: 'object',
        description: 'Reading options.',
        properties: {
          follow: { type: 'boolean', description: 'Follow symbolic links when resolving the path.' },
          mode: { type: 'string', enum: ['text', 'binary'] },
        },
        required: ['mode'],
        additionalProperties: false,
      });
    });

    it('should keep additionalProperties: false at the top', () => {
      expect(params.additionalProperties).toBe(false);
    });

    it('should keep the types of anyOf alternatives', () => {
      expect(params.properties?.target).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Optional target.' });
    });
  });

  describe('STUB', () => {
    const stub = tool.toSchema(SchemaLevel.STUB);
    const params = stub.function.parameters;

    it('should keep only the first sentence', () => {
      expect(stub.function.description).toBe(
        'Read a text file from the workspace, e.g. src/main.py or docs/guide.md, and return its lines.'.slice(0, 77) + '...',
      );
      expect(renderSchema(withDescription('Run git status. Then more.'), SchemaLevel.STUB).function.description).toBe(
        'Run git status.',
      );
    });

    it('should cap the first sentence at 80 characters (77 and "...")', () => {
      const text = `${'x'.repeat(100)}. Short.`;
      expect(renderSchema(withDescription(text), SchemaLevel.STUB).function.description).toBe(`${'x'.repeat(77)}...`);
    });

    it('should not end the first sentence at e.g., i.e., 1.2.3 or file.py', () => {
      const text = 'Runs tools, e.g. Git or make, from v1.2.3 via run.py in place. Second.';
      expect(renderSchema(withDescription(text), SchemaLevel.STUB).function.description).toBe(
        'Runs tools, e.g. Git or make, from v1.2.3 via run.py in place.',
      );
    });

    it('should keep required parameters only', () => {
      expect(Object.keys(params.properties ?? {})).toEqual(['path', 'globs', 'options']);
      expect(params.required).toEqual(['path', 'globs', 'options']);
    });

    it('should keep types, enums and array items, with descriptions capped at 25 (22 and "...")', () => {
      expect(params.properties?.path).toEqual({ type: 'string', description: 'Path of the file to re...' });
      expect(params.properties?.globs).toEqual({
        type: 'array',
        description: 'Extra files to read al...',
        items: { type: 'string', description: 'A glob pattern such as...' },
      });
      for (const [, node] of nodes(params)) {
        if (typeof node.description === 'string') {
          expect(node.description.length).toBeLessThanOrEqual(SchemaLevel.STUB.maxParamDescriptionChars);
        }
      }
    });

    it('should keep additionalProperties: false at every level, with the required nested fields', () => {
      expect(params.additionalProperties).toBe(false);
      expect(params.properties?.options).toEqual({
        type: 'object',
        description: 'Reading options.',
        properties: { mode: { type: 'string', enum: ['text', 'binary'] } },
        required: ['mode'],
        additionalProperties: false,
      });
    });
  });

  describe('every level', () => {
    it('should leave the tool’s schema untouched', () => {
      const before = structuredClone(PARAMETERS);
      tool.toSchema(SchemaLevel.COMPACT);
      tool.toSchema(SchemaLevel.STUB);
      expect(PARAMETERS).toEqual(before);
    });

    it('should get smaller from FULL to COMPACT to STUB', () => {
      const size = (level: SchemaLevel) => JSON.stringify(tool.toSchema(level)).length;
      expect(size(SchemaLevel.COMPACT)).toBeLessThan(size(SchemaLevel.FULL));
      expect(size(SchemaLevel.STUB)).toBeLessThan(size(SchemaLevel.COMPACT));
    });

    it('should reuse the rendered, frozen parameters of the same schema object', () => {
      const first = tool.toSchema(SchemaLevel.COMPACT).function.parameters;
      expect(tool.toSchema(SchemaLevel.COMPACT).function.parameters).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      expect(Object.isFrozen(first.properties?.options)).toBe(true);
      expect(tool.toSchema(SchemaLevel.STUB).function.parameters).not.toBe(first);
    });

    it('should keep patternProperties beside additionalProperties: false, so the keys they allow stay allowed', () => {
      const parameters: JsonSchema = {
        type: 'object',
        properties: {
          headers: {
            type: 'object',
            patternProperties: { '^x-': { type: 'string', description: 'A custom header, sent as it is written here.', minLength: 1 } },
            additionalProperties: false,
          },
        },
        required: ['headers'],
      };
      const levels = [
        [SchemaLevel.COMPACT, 'A custom header, sent as it is written here.'],
        [SchemaLevel.STUB, 'A custom header, sent ...'],
      ] as const;
      for (const [level, description] of levels) {
        const headers = renderSchema(withDescription('Send.', parameters), level).function.parameters.properties?.headers;
        expect(headers).toEqual({ type: 'object', patternProperties: { '^x-': { type: 'string', description } }, additionalProperties: false });
      }
    });

    it.each([SchemaLevel.COMPACT, SchemaLevel.STUB])("should keep OpenAPI's nullable: true at %s, which Gemini's format carries", (level) => {
      const parameters: JsonSchema = { type: 'object', properties: { since: { type: 'string', nullable: true, format: 'date' } }, required: ['since'] };
      expect(renderSchema(withDescription('T.', parameters), level).function.parameters.properties?.since).toEqual({ type: 'string', nullable: true });
    });

    it('should keep a parameter named __proto__ as a parameter', () => {
      const parameters = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"x"}},"required":["__proto__"]}');
      const rendered = renderSchema(withDescription('T.', parameters), SchemaLevel.STUB).function.parameters;
      expect(Object.keys(rendered.properties ?? {})).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(rendered.properties)).toBe(Object.prototype);
    });
  });
});

describe('splitSentences', () => {
  it.each([
    ['Read a file. Then stop.', ['Read a file.', 'Then stop.']],
    ['Use a glob, e.g. *.py files. Done!', ['Use a glob, e.g. *.py files.', 'Done!']],
    ['Use a glob, e.g. Foo.py files.', ['Use a glob, e.g. Foo.py files.']],
    ['That is, i.e. This one. Next', ['That is, i.e. This one.', 'Next']],
    ['Opens file.py and config.yaml. Next.', ['Opens file.py and config.yaml.', 'Next.']],
    ['Needs version 1.2.3 or later. Next.', ['Needs version 1.2.3 or later.', 'Next.']],
    ['Images, logs, etc. are skipped. Next.', ['Images, logs, etc. are skipped.', 'Next.']],
    ['Compare git vs. Mercurial. Next.', ['Compare git vs. Mercurial.', 'Next.']],
    ['Ask Dr. Smith or Ms. Jones in St. Louis. Next.', ['Ask Dr. Smith or Ms. Jones in St. Louis.', 'Next.']],
    ['Sets the timeout in ms. Returns the previous one.', ['Sets the timeout in ms.', 'Returns the previous one.']],
    ['Really? Yes! Go.', ['Really?', 'Yes!', 'Go.']],
    ['Summary line\n\nDetails follow', ['Summary line', 'Details follow']],
    ['(Quoted end.) Next one.', ['(Quoted end.)', 'Next one.']],
    ['No terminal punctuation', ['No terminal punctuation']],
    ['', []],
  ])('should split %p', (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });
});

describe('truncateDescription', () => {
  it("should follow the level's rules", () => {
    const text = 'First sentence. Second sentence.';
    expect(truncateDescription(text, SchemaLevel.FULL)).toBe(text);
    expect(truncateDescription(text, 'compact')).toBe(text);
    expect(truncateDescription(text, SchemaLevel.STUB)).toBe('First sentence.');
  });
});

describe('registerSchemaRenderer', () => {
  it('should make a renderer findable by name, the last one registered winning', () => {
    const first = { name: 'custom-format', render: () => 1 };
    const second = { name: 'custom-format', render: () => 2 };
    registerSchemaRenderer(first);
    expect(getSchemaRenderer('custom-format')).toBe(first);
    registerSchemaRenderer(second);
    expect(getSchemaRenderer('custom-format')).toBe(second);
    expect(schemaRendererNames()).toContain('custom-format');
    expect(getSchemaRenderer('nobody')).toBeUndefined();
  });

  it('should refuse what is not a renderer with a TypeError saying the shape', () => {
    expect(() => registerSchemaRenderer({ name: 'x' } as never)).toThrow('registerSchemaRenderer expects { name: string, render(tool, level) }.');
  });
});
