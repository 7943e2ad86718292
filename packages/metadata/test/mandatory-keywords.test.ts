// Mandatory keywords: found in a request as it is written (camelCase split)
// and lower-cased, as phrases, at a cost linear in the request, however many
// tools share a keyword.
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { TestTool } from '../../../test/support/tools';

jest.setTimeout(60_000);

afterEach(() => ToolMetadataRegistry.resetInstance());

const forced = (reg: ToolMetadataRegistry, query: string): string[] =>
  reg
    .search(query)
    .filter((r) => r.reasons.some((reason) => reason.startsWith('mandatory keyword')))
    .map((r) => r.name);

/** The CPU time this process spent since `start`, in ms. */
function cpuMs(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

describe('mandatory keywords', () => {
  it('should force a tool whose camelCase keyword the request writes in camelCase or lower case', () => {
    const reg = new ToolMetadataRegistry();
    reg.refreshFromTools([
      new TestTool({ name: 'lookup_user', description: 'Look up a user account.', metadata: { mandatoryKeywords: ['getUser'] } }),
      new TestTool({ name: 'other', description: 'Some other thing about users and getting.' }),
    ]);
    expect(reg.getMetadata('lookup_user')?.mandatoryKeywords).toEqual(['getuser']);
    expect(forced(reg, 'please call getUser now')).toEqual(['lookup_user']);
    expect(forced(reg, 'please call getuser now')).toEqual(['lookup_user']);
    expect(forced(reg, 'please call GETUSER now')).toEqual(['lookup_user']);
    // Two words are not the keyword.
    expect(forced(reg, 'please get the user')).toEqual([]);
  });

  it('should force a tool whose keyword of several words occurs as a phrase only', () => {
    const reg = new ToolMetadataRegistry();
    reg.refreshFromTools([
      new TestTool({ name: 'quote', description: 'Quotes.', metadata: { mandatoryKeywords: ['stock price', 'stock'] } }),
      new TestTool({ name: 'ticker', description: 'Tickers.', metadata: { mandatoryKeywords: ['stock price'] } }),
      new TestTool({ name: 'chart', description: 'Charts.', metadata: { mandatoryKeywords: ['price chart history'] } }),
    ]);
    expect(forced(reg, 'the price of a stock').sort()).toEqual(['quote']);
    expect(forced(reg, 'the stock price today').sort()).toEqual(['quote', 'ticker']);
    expect(forced(reg, 'the stockPrice today').sort()).toEqual(['quote', 'ticker']);
    expect(forced(reg, 'price chart')).toEqual([]);
    expect(forced(reg, 'a stock price chart history').sort()).toEqual(['chart', 'quote', 'ticker']);
    const reasons = reg.search('stock price').find((r) => r.name === 'ticker')?.reasons;
    expect(reasons).toContain("mandatory keyword 'stock price'");
  });

  it('should find keywords 20,000 tools share in a 10,000-word request in linear time (it took seconds)', () => {
    const reg = new ToolMetadataRegistry();
    reg.refreshFromTools(
      Array.from({ length: 20_000 }, (_, i) => new TestTool({ name: `gh_${i}`, description: `GitHub operation ${i}.`, metadata: { mandatoryKeywords: ['github', 'git hub', 'github api', 'github issue', 'github repo'] } })),
    );
    reg.search('warm up');
    for (const word of ['github', 'GitHub']) {
      const start = process.cpuUsage();
      const results = reg.search(`${word} `.repeat(10_000), { limit: 20_000 });
      expect(cpuMs(start)).toBeLessThan(2_000);
      expect(results).toHaveLength(20_000);
      expect(results.every((r) => r.reasons.some((reason) => reason.startsWith('mandatory keyword')))).toBe(true);
    }
  });
});
