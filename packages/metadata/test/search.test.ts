import { AgentMode, Priority, ToolRegistry, type JsonSchema } from '@victor-tools/core';
import { ToolMetadataRegistry, generateMetadata, selectTools } from '@victor-tools/metadata';
import { z } from 'zod';
import { TestTool, tool } from './fixtures/tools';
import { silentLogger } from '../../../test/support/logger';

const names = (results: Array<{ name: string }>): string[] => results.map((r) => r.name);

describe('ToolMetadataRegistry', () => {
  describe('a request that is not a string', () => {
    it.each([[undefined], [null], [5]])('should be refused with a TypeError saying so (%p)', async (request) => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([new TestTool('read_file', 'Read a file.')]);
      const kind = request === undefined ? 'undefined' : request === null ? 'null' : 'a number';
      expect(() => registry.search(request as never)).toThrow(new TypeError(`search expects the request as a string, got ${kind}.`));
      expect(() => registry.getToolsMatchingText(request as never)).toThrow(new TypeError(`getToolsMatchingText expects the request as a string, got ${kind}.`));
      await expect(registry.searchAsync(request as never)).rejects.toThrow(new TypeError(`searchAsync expects the request as a string, got ${kind}.`));
      expect(() => selectTools(new ToolRegistry().register(new TestTool('read_file', 'Read a file.')), request as never, { metadataRegistry: registry })).toThrow(
        new TypeError(`selectTools expects the request as a string, got ${kind}.`),
      );
    });
  });

  describe('search', () => {
    const registry = new ToolMetadataRegistry();
    registry.refreshFromTools([
      tool('read_file', { keywords: ['file', 'read', 'contents'], useCases: ['Inspect a configuration file'] }, 'Read the contents of a file.'),
      tool('grep_search', { keywords: ['grep', 'regex', 'search'], priority: Priority.HIGH }, 'Search the contents of files for a pattern.'),
      tool('web_search', { keywords: ['web', 'internet'], accessMode: 'network' }, 'Search the web.', 'low'),
      tool('deep_search', { keywords: ['semantic', 'search'] }, 'Search code by meaning.', 'high'),
      tool('git_commit', { keywords: ['git', 'commit'], accessMode: 'write', stages: ['completion'], mandatoryKeywords: ['checkpoint'] }, 'Record changes.'),
      tool('shell', { keywords: ['bash', 'command'], accessMode: 'execute' }, 'Run a shell command.'),
      new TestTool('undeclared_search', 'Search something without metadata.'),
    ]);

    it('should rank by relevance, case-insensitively, ignoring stop words', () => {
      const results = registry.search('READ THE FILE please');
      expect(results[0].name).toBe('read_file');
      for (let i = 1; i < results.length; i++) expect(results[i - 1].score).toBeGreaterThanOrEqual(results[i].score);
    });

    it('should match inflections of a word', () => {
      expect(names(registry.search('searching'))).toEqual(expect.arrayContaining(['grep_search', 'web_search']));
      expect(registry.search('files')[0].name).toBe('read_file');
      expect(registry.search('committing')[0].name).toBe('git_commit');
    });

    it('should say why each tool came out', () => {
      const [first] = registry.search('read the file');
      expect(first.reasons).toEqual(expect.arrayContaining(["matched 'read' in name, keywords, description", "matched 'file' in name, keywords, description, use cases"]));
      expect(registry.search('grep')[0].reasons).toContain('priority high');
    });

    it('should return nothing for a query of stop words only, or a limit of zero', () => {
      expect(registry.search('the of and')).toEqual([]);
      expect(registry.search('file', { limit: 0 })).toEqual([]);
    });

    it('should respect the limit', () => {
      expect(registry.search('search', { limit: 2 })).toHaveLength(2);
    });

    it('should force in a tool whose mandatory keyword is in the query, first', () => {
      const results = registry.search('make a checkpoint of the file');
      expect(results[0].name).toBe('git_commit');
      expect(results[0].reasons).toContain("mandatory keyword 'checkpoint'");
      expect(results[0].score).toBeGreaterThan(results[1].score);
    });

    it('should raise a tool of the requested stage', () => {
      const plain = registry.search('record changes file');
      const staged = registry.search('record changes file', { stage: 'completion' });
      expect(staged.find((r) => r.name === 'git_commit')!.score).toBeGreaterThan(plain.find((r) => r.name === 'git_commit')!.score);
      expect(staged.find((r) => r.name === 'git_commit')!.reasons).toContain("stage 'completion'");
    });

    it('should raise a tool of the requested task type', () => {
      const withType = new ToolMetadataRegistry();
      withType.refreshFromTools([
        tool('a_lister', { keywords: ['list'], taskTypes: ['analysis'] }),
        tool('b_lister', { keywords: ['list'] }),
      ]);
      expect(names(withType.search('list'))).toEqual(['a_lister', 'b_lister']);
      const results = withType.search('list', { taskType: 'Analysis' });
      expect(results[0].score).toBeGreaterThan(results[1].score);
      expect(results[0].reasons).toContain("task type 'analysis'");
    });

    it('should lower a costly tool when a cheaper one matches as well', () => {
      const costs = new ToolMetadataRegistry();
      costs.refreshFromTools([tool('cheap_search', { keywords: ['search'] }), tool('pricey_search', { keywords: ['search'] }, 'The pricey_search tool.', 'high')]);
      const [first, second] = costs.search('search');
      expect(first.name).toBe('cheap_search');
      expect(second.reasons).toContain('cheaper tool preferred');
      const alone = new ToolMetadataRegistry();
      alone.refreshFromTools([tool('pricey_search', { keywords: ['search'] }, 'The pricey_search tool.', 'high')]);
      expect(alone.search('search')[0].reasons).not.toContain('cheaper tool preferred');
    });

    it('should leave out tools above maxCostTier', () => {
      expect(names(registry.search('search', { maxCostTier: 'free' }))).not.toEqual(expect.arrayContaining(['web_search']));
      expect(names(registry.search('search', { maxCostTier: 'low' }))).toContain('web_search');
      expect(names(registry.search('search', { maxCostTier: 'low' }))).not.toContain('deep_search');
    });

    it('should leave out tools the agent mode refuses', () => {
      expect(names(registry.search('commit record', { mode: AgentMode.PLAN }))).not.toContain('git_commit');
      expect(names(registry.search('search', { mode: 'plan' }))).not.toContain('undeclared_search');
      expect(names(registry.search('search', { mode: 'plan' }))).toContain('web_search');
      expect(names(registry.search('search', { mode: 'explore' }))).not.toContain('deep_search');
      expect(names(registry.search('shell command', { mode: 'explore' }))).not.toContain('shell');
      expect(names(registry.search('search', { mode: 'build' }))).toContain('undeclared_search');
    });

    it('should be deterministic on ties: by name', () => {
      const ties = new ToolMetadataRegistry();
      ties.refreshFromTools([tool('b', { keywords: ['x1'] }), tool('a', { keywords: ['x1'] })]);
      expect(names(ties.search('x1'))).toEqual(['a', 'b']);
    });
  });

  describe('search ranking', () => {
    it('should reach agent nouns from their verb and back (finder/find, scanner/scan)', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([
        new TestTool('file_finder', 'Locates files by name.'),
        new TestTool('port_scan', 'Scans the open ports of a host.'),
        new TestTool('read_file', 'Reads a file.'),
      ]);
      expect(names(registry.search('find my notes'))).toEqual(['file_finder']);
      expect(names(registry.search('a port scanner'))[0]).toBe('port_scan');
      expect(registry.search('find my notes')[0].reasons).toContain("matched 'find' in name, keywords");
    });

    it('should try variants only for words the index lacks, and only bases some tool holds', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([new TestTool('print_page', 'Prints a page.'), new TestTool('user_info', 'Shows a user profile.'), new TestTool('use_cases', 'Lists how to use a tool.')]);
      expect(names(registry.search('printer'))).toEqual(['print_page']);
      // 'water' would be 'wat' + er: no tool holds 'wat', so nothing is found.
      expect(registry.search('water')).toEqual([]);
      // 'use' is a term of its own: it does not reach 'user'.
      expect(names(registry.search('use'))).toEqual(['use_cases']);
    });

    it('should split a compound the index lacks and join two words it holds as one', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([
        new TestTool('site_builder', 'Builds a web site from templates.'),
        new TestTool('photo_filter', 'Makes a photo look realistic.'),
        new TestTool('websearch', 'Searches the internet.'),
        new TestTool('read_file', 'Reads a file.'),
      ]);
      expect(names(registry.search('create a website'))[0]).toBe('site_builder');
      expect(names(registry.search('photorealistic'))[0]).toBe('photo_filter');
      expect(names(registry.search('web search'))[0]).toBe('websearch');
    });

    it('should reach a word the tools write with another ending (financial/finance, musician/music, healthy/health)', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([
        new TestTool('market_news', 'Latest finance news and stock quotes.'),
        new TestTool('music_player', 'Plays music from a library.'),
        new TestTool('fitness_coach', 'Workouts and health advice.'),
        new TestTool('read_file', 'Reads a file.'),
      ]);
      expect(names(registry.search('financial'))).toEqual(['market_news']);
      expect(names(registry.search('find a musician'))).toEqual(['music_player']);
      expect(names(registry.search('eat healthy'))).toEqual(['fitness_coach']);
      expect(registry.search('financial')[0].reasons).toContain("matched 'financial' in keywords, description");
      // A word the tools hold ranks its own tool above one with another ending.
      registry.refreshFromTools([new TestTool('finance_news', 'Finance news.'), new TestTool('financial_report', 'A financial report.')]);
      expect(names(registry.search('financial'))).toEqual(['financial_report', 'finance_news']);
    });

    it('should not reach words that only share a common beginning', () => {
      const registry = new ToolMetadataRegistry();
      // 'transit' shares 'trans' with four stems: a prefix that many words share says nothing.
      registry.refreshFromTools([
        new TestTool('money_transfer', 'Transfer money.'),
        new TestTool('translator', 'Translate text.'),
        new TestTool('radio', 'Transmit a signal.'),
        new TestTool('ledger', 'Transact with an account.'),
      ]);
      expect(registry.search('transit')).toEqual([]);
      // Short words have no relatives: 'plan' does not reach 'plane'.
      registry.refreshFromTools([new TestTool('flight_booking', 'Book a plane ticket.')]);
      expect(registry.search('plan')).toEqual([]);
    });

    it('should stem common irregular plurals and past forms as the word they inflect', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([
        new TestTool('child_care', 'Finds care for a child.'),
        new TestTool('order_history', 'Lists what you buy online.'),
        new TestTool('read_file', 'Reads a file.'),
      ]);
      expect(names(registry.search('activities for my children'))).toEqual(['child_care']);
      expect(names(registry.search('what I bought last month'))).toEqual(['order_history']);
    });

    it('should prefer a tool holding two request words side by side (a phrase)', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([
        new TestTool('quote', 'Latest stock price of a listed company.'),
        new TestTool('inventory', 'Counts the stock of a warehouse and the unit price of each item.'),
      ]);
      const [first, second] = registry.search('what is the stock price of ACME');
      expect(first.name).toBe('quote');
      expect(first.reasons).toContain("matched 'stock price' in phrases");
      expect(second.name).toBe('inventory');
    });

    it('should not let one request word in a name outweigh two in a description', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([
        new TestTool('petrol_price', 'Fuel costs at stations near you.'),
        new TestTool('portfolio', 'Shows the value and price history of your shares.'),
      ]);
      expect(names(registry.search('price history of my shares'))[0]).toBe('portfolio');
    });

    it('should rank through parameter names and descriptions', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([
        new TestTool('convert', 'Converts an amount.', undefined, { type: 'object', properties: { currency: { type: 'string', description: 'ISO code, e.g. EUR' } } }),
        new TestTool('measure', 'Converts a length.', undefined, { type: 'object', properties: { unit: { type: 'string' } } }),
      ]);
      expect(registry.search('convert to another currency')[0].name).toBe('convert');
      expect(registry.search('convert to another currency')[0].reasons).toContain("matched 'currency' in keywords, parameters");
    });

    it('should break equal scores for the more focused tool, then by name', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([tool('a_wide', { keywords: ['zeta', 'alpha', 'beta', 'gamma'] }, 'Zeta.'), tool('b_narrow', { keywords: ['zeta'] }, 'Zeta.')]);
      const results = registry.search('zeta');
      expect(results[0].score).toBeGreaterThanOrEqual(results[1].score);
      expect(names(results)).toEqual(['b_narrow', 'a_wide']);
    });

    it('should not let request filler that a tool description happens to hold pull that tool in', () => {
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([
        new TestTool('get_forecast', 'Weather forecast for a city.'),
        new TestTool('support_ticket', 'Provide help to a user who is looking for support.'),
        new TestTool('send_email', 'Send an email.'),
        new TestTool('book_table', 'Book a restaurant table.'),
      ]);
      const request = "Could you provide help? I'm looking for the weather forecast in Paris.";
      // Shared with support_ticket: three words of filler (provide, help, looking); with get_forecast: weather, forecast.
      expect(registry.search(request)[0].name).toBe('get_forecast');
      expect(registry.search('open a support ticket')[0].name).toBe('support_ticket');
    });

    it('should leave out a tool whose isAvailable() is false, asking at search time', () => {
      let available = false;
      const gated = new (class extends TestTool {
        override isAvailable(): boolean {
          return available;
        }
      })('docker_ps', 'Lists docker containers.');
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([gated, new TestTool('list_files', 'Lists files.')]);
      expect(names(registry.search('list docker containers'))).toEqual(['list_files']);
      available = true;
      expect(names(registry.search('list docker containers'))).toEqual(['docker_ps', 'list_files']);
    });

    it('should leave out a tool its registry disabled, as an unavailable one, asking at search time', () => {
      const tools = new ToolRegistry({ logger: silentLogger });
      tools.register(new TestTool('docker_ps', 'Lists docker containers.'));
      tools.register(new TestTool('list_files', 'Lists files.'));
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools(tools);
      tools.disableTool('docker_ps');
      expect(names(registry.search('list docker containers'))).toEqual(['list_files']);
      expect(names(registry.search('list docker containers', { filter: () => true }))).toEqual(['list_files']);
      tools.enableTool('docker_ps');
      expect(names(registry.search('list docker containers'))).toEqual(['docker_ps', 'list_files']);
    });

    it('should read the parameters of a tool declared with a Standard Schema (zod), as of one declared with JSON Schema', () => {
      // refreshFromTools takes tools as written, not only a registry's normalized copies: a zod object has no `properties`.
      const shape = { ticker: z.string().describe('exchange symbol') };
      const zodTool = new TestTool('lookup_z', 'Look something up.', undefined, z.object(shape) as unknown as JsonSchema);
      const jsonTool = new TestTool('lookup_j', 'Look something up.', undefined, {
        type: 'object',
        properties: { ticker: { type: 'string', description: 'exchange symbol' } },
      });
      const registry = new ToolMetadataRegistry();
      registry.refreshFromTools([zodTool, jsonTool]);
      expect(names(registry.search('ticker'))).toEqual(['lookup_j', 'lookup_z']);
      expect(names(registry.search('exchange symbol'))).toEqual(['lookup_j', 'lookup_z']);
      expect(registry.getMetadata('lookup_z')?.keywords).toContain('ticker');
      expect(registry.getMetadata('lookup_z')?.keywords).toEqual(registry.getMetadata('lookup_j')?.keywords);
      expect(generateMetadata(zodTool).keywords).toContain('ticker');
    });
  });
});
