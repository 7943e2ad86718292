// Without `@victor-tools/decorators/class-validator` (never imported in this
// file): no class-validator, no class-transformer, and nothing silently lost.
import { IsInt, Min } from 'class-validator';
import { DecoratorUsageError, Param, Tool, toolsOfInstance } from '@victor-tools/decorators';
import { isLegacy, legacy } from './helpers/mode';

describe('@Param classes without the class-validator bridge', () => {
  it('should hand execute a new instance of the params class, initializers run and the arguments set on it', async () => {
    class SearchParams {
      @Param({ type: 'string' }) query!: string;
      @Param({ type: 'integer' }) limit = 10;
      describe() {
        return `${this.query} x${this.limit}`;
      }
    }
    @Tool({ name: 'search', description: 'Search.', params: SearchParams })
    class Search {
      execute(args: SearchParams) {
        return { isInstance: args instanceof SearchParams, text: args.describe(), own: Object.keys(args) };
      }
    }
    const [tool] = toolsOfInstance(new Search());
    const result = await tool!.execute({} as never, { query: 'todo', limit: 3 });
    expect(result.output).toEqual({ isInstance: true, text: 'todo x3', own: ['query', 'limit'] });
  });

  it("should define a '__proto__' argument as a property, never set the instance's prototype with it", async () => {
    class Open {
      @Param({ type: 'object', optional: true }) meta?: object;
    }
    @Tool({ name: 'open', description: 'Open.', params: Open })
    class OpenTool {
      execute(args: Open) {
        return { isInstance: args instanceof Open, ownProto: Object.prototype.hasOwnProperty.call(args, '__proto__') };
      }
    }
    const [tool] = toolsOfInstance(new OpenTool());
    const args = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const result = await tool!.execute({} as never, args);
    expect(result.output).toEqual({ isInstance: true, ownProto: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  if (isLegacy) {
    it('should refuse a params class with class-validator constraints, naming the class and the import that reads them', () => {
      class Paged {
        @Param()
        @legacy(IsInt(), Min(1))
        page!: number;
      }
      @Tool({ name: 'paged', description: 'Paged.', params: Paged })
      class PagedTool {
        execute() {
          return 'ok';
        }
      }
      expect(() => toolsOfInstance(new PagedTool())[0]!.parameters).toThrow(DecoratorUsageError);
      expect(() => toolsOfInstance(new PagedTool())[0]!.parameters).toThrow(
        "Params class 'Paged' has class-validator constraints, which victor-tools reads only with its class-validator bridge: " +
          "add import '@victor-tools/decorators/class-validator' once, before the tools are built",
      );
    });
  }
});
