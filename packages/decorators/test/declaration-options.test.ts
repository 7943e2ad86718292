// Declaring a tool in depth, in both decorator modes: options as plain enum
// values, availabilityCheck, any JSON Schema keyword in @Param, an async
// generator refused, a zod outputSchema's refinements. The contract is in
// test/spec/s09-decorators.test.ts.
import { z } from 'zod';
import { AccessMode, CostTier, DangerLevel, ExecutionCategory, Priority, ToolRegistry } from '@victor-tools/core';
import { MissingDescriptionError, Param, Tool, tool } from '@victor-tools/decorators';
import { isLegacy } from './helpers/mode';
import { ToolMetadataRegistry } from '@victor-tools/metadata';
import { quietLogger } from '../../../test/support/logger';

afterEach(() => ToolMetadataRegistry.resetInstance());

function quiet() {
  return new ToolRegistry({ logger: quietLogger() });
}

describe('@Tool', () => {
  it('should accept plain enum values as options', () => {
    @Tool({ name: 'plain_values', description: 'Plain values.', costTier: 'high', accessMode: 'write', dangerLevel: 'high', priority: 1, executionCategory: 'write' })
    class Plain {
      execute() {
        return 1;
      }
    }
    const r = quiet();
    r.register(new Plain());
    const t = r.get('plain_values')!;
    expect(CostTier.from(t.costTier)).toBe(CostTier.HIGH);
    const reg = ToolMetadataRegistry.getInstance();
    reg.refreshFromTools([t]);
    const m = reg.getMetadata('plain_values')!;
    expect(m.accessMode).toBe(AccessMode.WRITE);
    expect(m.dangerLevel).toBe(DangerLevel.HIGH);
    expect(m.priority).toBe(Priority.CRITICAL);
    expect(m.executionCategory).toBe(ExecutionCategory.WRITE);
  });

  it('should honour availabilityCheck', async () => {
    let ok = false;
    @Tool({ name: 'gated', description: 'Gated.', availabilityCheck: () => ok })
    class Gated {
      execute() {
        return 1;
      }
    }
    const r = quiet();
    r.register(new Gated());
    expect(r.listTools().map((t) => t.name)).toEqual([]);
    expect((await r.execute('gated', {})).error).toBe("Tool 'gated' is not available");
    ok = true;
    expect(r.listTools().map((t) => t.name)).toEqual(['gated']);
  });

  it('should accept any JSON Schema keyword in @Param options', () => {
    class P {
      @Param({ type: 'string', enum: ['a', 'b'], minLength: 1, format: 'path', description: 'Mode.' })
      mode!: string;
    }
    @Tool({ name: 'kw', description: 'Keywords.', params: P })
    class Kw {
      execute() {
        return 1;
      }
    }
    const r = quiet();
    r.register(new Kw());
    const props = (r.get('kw')!.parameters as { properties: Record<string, unknown> }).properties;
    expect(props.mode).toMatchObject({ type: 'string', enum: ['a', 'b'], minLength: 1, format: 'path', description: 'Mode.' });
  });
});

describe('a metadata value the registry would refuse', () => {
  it.each([
    [{ priority: 9 }, 'Invalid Priority value 9. Allowed values: 1, 2, 3, 4, 5'],
    [{ metadata: { accessMode: 'bogus' } }, "Invalid AccessMode value 'bogus'. Allowed values: 'readonly', 'write', 'execute', 'network', 'mixed'"],
    [{ costTier: 'cheap' }, "Invalid CostTier value 'cheap'. Allowed values: 'free', 'low', 'medium', 'high'"],
    [{ timeoutMs: -5 }, 'timeoutMs must be a number of milliseconds (0 or Infinity for no timeout) or undefined, got -5.'],
    [{ timeoutMs: Number.NaN }, 'timeoutMs must be a number of milliseconds (0 or Infinity for no timeout) or undefined, got NaN.'],
    [{ keywords: 'abc' }, "its metadata's keywords must be an array of strings (e.g. ['a', 'b']), got a string"],
    [{ useCases: 'search' }, "its metadata's useCases must be an array of strings (e.g. ['a', 'b']), got a string"],
  ])('should be refused where the tool is declared, naming it: %p', (options, message) => {
    const thrownBy = (declare: () => unknown): unknown => {
      try {
        declare();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const fromTool = thrownBy(() => tool({ name: 'declared', description: 'Declared.', ...options } as never, () => 1));
    expect(fromTool).toBeInstanceOf(TypeError);
    expect((fromTool as Error).message).toBe(`tool 'declared': ${message}`);
    const fromClass = thrownBy(() => {
      @Tool({ name: 'declared', description: 'Declared.', ...options } as never)
      class Declared {
        execute() {
          return 1;
        }
      }
      return new Declared();
    });
    expect(fromClass).toBeInstanceOf(TypeError);
    expect((fromClass as Error).message).toBe(`@Tool on class 'Declared': ${message}`);
  });
});

describe('a name the registry would refuse', () => {
  const rule =
    "a tool name starts with a letter or '_', then holds only letters, digits, '_' and '-', 64 characters at most " +
    '(the names OpenAI, Anthropic, Gemini and MCP all accept)';
  it.each([
    ['has space', 'has_space'],
    ['1bad', '_1bad'],
    ['x'.repeat(65), 'x'.repeat(64)],
  ])('should be refused where the tool is declared, with the registry rule: %p', (name, suggested) => {
    const message = `name '${name}' cannot be a tool's name: ${rule}. Register it as '${suggested}', or under another name.`;
    expect(() => tool({ name, description: 'Named.' }, () => 1)).toThrow(new TypeError(`tool '${name}': ${message}`));
    expect(() => {
      @Tool({ name, description: 'Named.' })
      class Named {
        execute() {
          return 1;
        }
      }
      return Named;
    }).toThrow(new TypeError(`@Tool on class 'Named': ${message}`));
    expect(() => {
      class Box {
        @Tool({ name, description: 'Named.' })
        named() {
          return 1;
        }
      }
      return Box;
    }).toThrow(new TypeError(`@Tool on method '${isLegacy ? 'Box.named' : 'named'}': ${message}`));
  });

  it('should refuse aliases that are not an array of names, and an alias by the same rule, where declared', () => {
    expect(() => tool({ name: 'fetch_url', description: 'Fetch.', aliases: 'fetch' as never }, () => 1)).toThrow(
      new TypeError("tool 'fetch_url': aliases must be an array of names (e.g. ['fetch']), got a string."),
    );
    expect(() => tool({ name: 'fetch_url', description: 'Fetch.', aliases: ['fetch', 7 as never] }, () => 1)).toThrow(
      new TypeError("tool 'fetch_url': each alias must be a non-empty string, got a number."),
    );
    const message = `alias 'has space' cannot be a tool's name: ${rule}. Register it as 'has_space', or under another name.`;
    expect(() => tool({ name: 'fetch_url', description: 'Fetch.', aliases: ['has space'] }, () => 1)).toThrow(new TypeError(`tool 'fetch_url': ${message}`));
    expect(() => {
      @Tool({ description: 'Fetch.', aliases: ['has space'] })
      class FetchTool {
        execute() {
          return 1;
        }
      }
      return FetchTool;
    }).toThrow(new TypeError(`@Tool on class 'FetchTool': ${message}`));
    expect(tool({ name: 'fetch_url', description: 'Fetch.', aliases: ['fetch', 'get-url'] }, () => 1).aliases).toEqual(['fetch', 'get-url']);
  });

  it("should refuse an empty name rather than make a tool named ''", () => {
    expect(() => tool({ name: '', description: 'Nameless.' }, function greet() {})).toThrow(new TypeError("tool '': name must be a non-empty string, got ''."));
  });

  it('should still accept a timeout of 0 (none) and take a positive one', async () => {
    const r = quiet();
    r.register(tool({ name: 'no_timeout', description: 'None.', timeoutMs: 0 }, () => 1));
    r.register(tool({ name: 'short', description: 'Short.', timeoutMs: 50 }, () => new Promise((resolve) => setTimeout(resolve, 2_000))));
    expect((await r.execute('no_timeout', {})).success).toBe(true);
    expect((await r.execute('short', {})).error).toBe("Tool 'short' timed out after 50 ms");
  });
});

describe('a toolbox method without a description', () => {
  it('should be refused where it is declared, as a class is', () => {
    expect(() => {
      class Box {
        @Tool({ name: 'quiet_method' })
        quietMethod() {
          return 1;
        }
      }
      return Box;
    }).toThrow(MissingDescriptionError);
  });
});

describe('tool()', () => {
  it('should honour availabilityCheck and isIdempotent-free defaults', () => {
    const t = tool({ name: 'av', description: 'Avail.', availabilityCheck: () => false }, () => 1);
    expect(t.isAvailable()).toBe(false);
  });
});

describe('declaring a tool: nothing accepted and then dropped', () => {
  it("should check a tool()'s result against a zod outputSchema, refinements too", async () => {
    const Count = z.object({ count: z.number(), items: z.array(z.string()) }).refine((c) => c.items.length === c.count, 'count must match items');
    const r = quiet();
    r.register(tool({ name: 'honest', description: 'Counts.', outputSchema: Count }, () => ({ count: 1, items: ['a'] })));
    r.register(tool({ name: 'liar', description: 'Counts.', outputSchema: Count }, () => ({ count: 2, items: ['a'] })));
    r.register(tool({ name: 'wrong', description: 'Counts.', outputSchema: Count }, () => ({ count: 'one', items: [] })));
    expect((await r.execute('honest', {})).success).toBe(true);
    expect((await r.execute('liar', {})).error).toBe("Tool 'liar' returned an output that does not match its output schema: Validation error: count must match items");
    expect((await r.execute('wrong', {})).error).toBe("Tool 'wrong' returned an output that does not match its output schema: Property 'count' has wrong type: expected number, got string");
  });
});
