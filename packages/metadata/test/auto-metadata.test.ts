import { generateMetadata, inferCategory, inferKeywords, ToolMetadataRegistry } from '@victor-tools/metadata';
import { splitWords } from '@victor-tools/metadata/framework';
import { z } from 'zod';
import { AccessMode, Priority } from '@victor-tools/core';
import { TestTool } from './fixtures/tools';

describe('generateMetadata', () => {
  it('should take keywords from the parameters of a tool declared with zod', () => {
    const tool = { name: 'convert', description: 'Convert an amount.', parameters: z.object({ currency: z.string() }) };
    expect(generateMetadata(tool).keywords).toContain('currency');
  });

  const readFile = new TestTool('readFile', 'Read the contents of a file from the disk.', undefined, {
    type: 'object',
    properties: { file_path: { type: 'string' }, maxBytes: { type: 'integer' } },
  });

  it('should split snake_case, camelCase and acronyms into lower-case words', () => {
    expect(splitWords('read_file')).toEqual(['read', 'file']);
    expect(splitWords('parseHTTPResponse')).toEqual(['parse', 'http', 'response']);
    expect(splitWords('git-diff Tool')).toEqual(['git', 'diff', 'tool']);
  });

  it('should pick keywords from the name, the description and the parameters, without stop words', () => {
    const { keywords } = generateMetadata(readFile);
    expect(keywords.slice(0, 2)).toEqual(['read', 'file']);
    expect(keywords).toEqual(expect.arrayContaining(['contents', 'disk', 'path', 'max', 'bytes']));
    expect(keywords).not.toContain('the');
    expect(keywords).not.toContain('from');
    for (const keyword of keywords) expect(keyword).toBe(keyword.toLowerCase());
  });

  it('should count a word once even in another inflection', () => {
    expect(inferKeywords('list_files', 'List the files in a directory.', undefined)).toEqual(['list', 'files', 'directory']);
  });

  it('should pick the category a person would', () => {
    expect(inferCategory('readFile', 'Read a file.')).toBe('filesystem');
    expect(inferCategory('git_commit', 'Record changes.')).toBe('git');
    expect(inferCategory('run_query', 'Run a SQL query against the database.')).toBe('database');
    expect(inferCategory('run', 'Run a program.')).toBe('shell');
    expect(inferCategory('sql_query', 'Run a query.')).toBe('database');
    expect(inferCategory('get_weather', 'Tell the forecast for a city.')).toBe('weather');
    expect(inferCategory('get', 'Does things.')).toBe('general');
  });

  it.each([
    ['get_stock_price', 'Get the current price of a stock for a ticker symbol.', 'stock'],
    ['get_weather', 'Tell the weather with a short comment.', 'weather'],
    ['play_music', 'Play the song matching the closest title.', 'music'],
    ['order_pizza', 'Order a pizza to the address path given.', 'pizza'],
    ['send_email', 'Send an email.', 'email'],
    ['rename_symbol', 'Rename a symbol everywhere.', 'refactoring'],
    ['merge', 'Merge two branches of the repository.', 'git'],
  ])('should not let an incidental word of the description decide: %s', (name, description, category) => {
    expect(inferCategory(name, description)).toBe(category);
  });

  it('should be deterministic', () => {
    expect(generateMetadata(readFile)).toEqual(generateMetadata(readFile));
  });

  it('should take the defaults of core for everything else', () => {
    const metadata = generateMetadata(readFile);
    expect(metadata.accessMode).toBe(AccessMode.READONLY);
    expect(metadata.priority).toBe(Priority.MEDIUM);
    expect(metadata.stages).toEqual([]);
  });
});

describe('ToolMetadataRegistry', () => {
  describe('getMetadata', () => {
    it('should normalize explicit metadata and fill a missing category and keywords from the tool', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([
        new TestTool('write_file', 'Write a file.', { accessMode: 'write', keywords: ['File', 'SAVE'], stages: ['Build'] }),
      ]);
      const metadata = registry.getMetadata('write_file')!;
      expect(metadata.accessMode).toBe(AccessMode.WRITE);
      expect(metadata.keywords).toEqual(['file', 'save']);
      expect(metadata.stages).toEqual(['build']);
      expect(metadata.category).toBe('filesystem');
    });
  });
});
