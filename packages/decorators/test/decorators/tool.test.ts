import { Type } from '@sinclair/typebox';
import { AccessMode, BaseTool, CostTier, ToolRegistry, ToolResult, type JsonSchema, type ToolCallContext } from '@victor-tools/core';
import { isBaseTool, resolveTool } from '@victor-tools/core/framework';
import { TOOL_PROTOCOL } from '@victor-tools/core/internal';
import { isLegacy } from '../helpers/mode';
import { DecoratedTool, DecoratorUsageError, MissingDescriptionError, Param, Tool, ToolContainer, toolsOfInstance } from '@victor-tools/decorators';

const ctx = {} as ToolCallContext;

class GreetParams {
  @Param({ type: 'string', description: 'Who to greet' }) who!: string;
  @Param({ type: 'string' }) greeting = 'Hello';
}

describe('Tool', () => {
  describe('on a plain class with execute(args, ctx)', () => {
    @Tool({ description: 'Greet someone by name.', params: GreetParams, costTier: 'low', aliases: ['hi'], timeoutMs: 500 })
    class GreetTool {
      execute(args: GreetParams, context: ToolCallContext) {
        return `${args.greeting} ${args.who}${context.toolName ? ` from ${context.toolName}` : ''}`;
      }
    }

    const tool = resolveTool(new GreetTool())!;

    it('should make its instances implement the tool protocol with a BaseTool', () => {
      expect(typeof (new GreetTool() as unknown as Record<symbol, unknown>)[TOOL_PROTOCOL]).toBe('function');
      expect(isBaseTool(tool)).toBe(true);
    });

    it('should take the name from the class in snake_case without the Tool suffix', () => {
      expect(tool.name).toBe('greet');
    });

    it('should answer the declared options', () => {
      expect(tool.description).toBe('Greet someone by name.');
      expect(tool.costTier).toBe(CostTier.LOW);
      expect(tool.aliases).toEqual(['hi']);
      expect(tool.timeoutMs).toBe(500);
      expect(tool.parameters.required).toEqual(['who']);
    });

    it('should call execute with (args, ctx) and wrap the value in a ToolResult', async () => {
      const result = await tool.execute({ toolName: 'greet' } as ToolCallContext, { who: 'Ada' });
      expect(result).toEqual(ToolResult.ok('Hello Ada from greet'));
    });

    it('should give the same BaseTool for the same instance', () => {
      const instance = new GreetTool();
      expect(resolveTool(instance)).toBe(resolveTool(instance));
    });
  });

  describe('metadata options', () => {
    it('should leave metadata undefined when no metadata option is given, so it is generated', () => {
      @Tool({ description: 'No metadata.' })
      class Bare {
        execute() {
          return 1;
        }
      }
      expect(resolveTool(new Bare())!.metadata).toBeUndefined();
    });

    it('should declare only the given fields and leave accessMode undeclared when not given', () => {
      @Tool({ description: 'Some metadata.', category: 'files', keywords: ['Read'], executionCategory: 'compute' })
      class Some {
        execute() {
          return 1;
        }
      }
      const metadata = resolveTool(new Some())!.metadata!;
      expect(metadata).toEqual({ category: 'files', keywords: ['Read'], executionCategory: 'compute' });
      expect(metadata.accessMode).toBeUndefined();
    });

    it('should carry every metadata option', () => {
      const options = {
        category: 'git',
        keywords: ['commit'],
        useCases: ['save work'],
        examples: ['commit -m x'],
        priorityHints: ['after edits'],
        priority: 2,
        accessMode: AccessMode.WRITE,
        dangerLevel: 'medium',
        stages: ['execution'],
        taskTypes: ['edit'],
        mandatoryKeywords: ['commit'],
        progressParams: ['message'],
        executionCategory: 'write',
      } as const;
      @Tool({ description: 'Commit.', ...options, keywords: ['commit'], useCases: ['save work'] })
      class Commit {
        execute() {
          return 1;
        }
      }
      expect(resolveTool(new Commit())!.metadata).toEqual(options);
    });

    it('should call availabilityCheck with the instance as this', () => {
      @Tool({
        description: 'Sometimes there.',
        availabilityCheck(this: { ready?: boolean }) {
          return this.ready === true;
        },
      })
      class Flaky {
        ready = false;
        execute() {
          return 1;
        }
      }
      const instance = new Flaky();
      const tool = resolveTool(instance)!;
      expect(tool.isAvailable()).toBe(false);
      instance.ready = true;
      expect(tool.isAvailable()).toBe(true);
    });
  });

  describe('availability', () => {
    it("should keep BaseTool's own isAvailable without an availabilityCheck, so the registry never has to poll it", () => {
      @Tool({ description: 'Always there.' })
      class Steady {
        execute() {
          return 1;
        }
      }
      @Tool({ description: 'Always there too.' })
      class SteadyTool extends DecoratedTool {
        async execute() {
          return ToolResult.ok(1);
        }
      }
      expect(resolveTool(new Steady())!.isAvailable).toBe(BaseTool.prototype.isAvailable);
      expect(new SteadyTool().isAvailable).toBe(BaseTool.prototype.isAvailable);
    });

    it('should call the availabilityCheck of a BaseTool subclass with the instance as this', () => {
      @Tool({
        description: 'Sometimes there.',
        availabilityCheck(this: { ready?: boolean }) {
          return this.ready === true;
        },
      })
      class FlakyTool extends DecoratedTool {
        ready = false;
        async execute() {
          return ToolResult.ok(1);
        }
      }
      const tool = new FlakyTool();
      expect(tool.isAvailable()).toBe(false);
      tool.ready = true;
      expect(tool.isAvailable()).toBe(true);
    });
  });

  describe('on a BaseTool subclass', () => {
    @Tool({ name: 'shout', description: 'Upper-case a text.', params: Type.Object({ text: Type.String() }), accessMode: 'readonly' })
    class Shout extends DecoratedTool<{ text: string }> {
      async execute(_ctx: ToolCallContext, args: { text: string }) {
        return ToolResult.ok(args.text.toUpperCase());
      }
    }

    it('should stay a BaseTool with the declared getters', async () => {
      const tool = new Shout();
      expect(tool).toBeInstanceOf(BaseTool);
      expect(tool).toBeInstanceOf(Shout);
      expect(isBaseTool(tool)).toBe(true);
      expect(tool.name).toBe('shout');
      expect(tool.parameters.required).toEqual(['text']);
      expect(tool.metadata).toEqual({ accessMode: 'readonly' });
      expect(await tool.execute(ctx, { text: 'a' })).toEqual(ToolResult.ok('A'));
      expect(toolsOfInstance(tool)).toEqual([tool]);
    });

    it('should keep the getters the class defines itself where the options are silent', () => {
      @Tool({ description: 'Own parameters.' })
      class Own extends BaseTool {
        get name() {
          return 'own_name';
        }
        get description() {
          return 'ignored: the option wins';
        }
        get parameters(): JsonSchema {
          return { type: 'object', properties: { a: { type: 'string' } } };
        }
        async execute() {
          return ToolResult.ok(null);
        }
      }
      const tool = new Own();
      expect(tool.name).toBe('own_name');
      expect(tool.description).toBe('Own parameters.');
      expect(tool.parameters.properties).toHaveProperty('a');
      expect(tool.costTier).toBe(CostTier.FREE);
    });

    it('should hand execute an instance of its params class', async () => {
      @Tool({ description: 'Greets.', params: GreetParams })
      class Greeter extends DecoratedTool<GreetParams> {
        async execute(_ctx: ToolCallContext, args: GreetParams) {
          return ToolResult.ok(args);
        }
      }
      const result = await new Greeter().execute(ctx, { who: 'Bo' } as GreetParams);
      expect(result.output).toBeInstanceOf(GreetParams);
      expect(result.output).toMatchObject({ who: 'Bo', greeting: 'Hello' });
    });

    it('should say to add @Tool when a DecoratedTool subclass was never decorated', () => {
      class Forgotten extends DecoratedTool {
        async execute() {
          return ToolResult.ok(null);
        }
      }
      expect(() => new Forgotten().name).toThrow(/'Forgotten' extends DecoratedTool but has no @Tool.*Add @Tool/);
    });
  });

  describe('on methods of a toolbox class', () => {
    class TextBox {
      constructor(private readonly suffix = '!') {}

      @Tool({ description: 'Count the words of a text.', params: Type.Object({ text: Type.String() }) })
      wordCount(args: { text: string }) {
        return args.text.split(/\s+/).filter(Boolean).length;
      }

      @Tool({ name: 'echo_text', description: 'Echo a text.', params: Type.Object({ text: Type.String() }) })
      echo(args: { text: string }) {
        return args.text + this.suffix;
      }

      helper() {
        return 'not a tool';
      }
    }

    it('should make one tool per decorated method, named after it', async () => {
      const tools = toolsOfInstance(new TextBox('?'));
      expect(tools.map((t) => t.name)).toEqual(['word_count', 'echo_text']);
      expect(await tools[0]!.execute(ctx, { text: 'a b c' })).toEqual(ToolResult.ok(3));
      expect(await tools[1]!.execute(ctx, { text: 'a' })).toEqual(ToolResult.ok('a?'));
    });

    it('should refuse to stand for one tool through the protocol when it has several', () => {
      expect(() => resolveTool(new TextBox())).toThrow(/'TextBox' holds 2 tools \(word_count, echo_text\).*toolsOfInstance\(instance\).*ToolContainer/);
    });

    it('should stand for its one tool through the protocol when it has one', () => {
      class Single {
        @Tool({ description: 'The only one.' })
        only() {
          return 'x';
        }
      }
      expect(resolveTool(new Single())!.name).toBe('only');
    });

    it('should pass a returned failed ToolResult through and let thrown errors propagate', async () => {
      class Failing {
        @Tool({ description: 'Fails softly.' })
        soft() {
          return ToolResult.fail('nope');
        }
        @Tool({ description: 'Fails hard.' })
        async hard(): Promise<never> {
          throw new RangeError('boom');
        }
      }
      const [soft, hard] = toolsOfInstance(new Failing());
      expect(await soft!.execute(ctx, {})).toEqual(ToolResult.fail('nope'));
      await expect(hard!.execute(ctx, {})).rejects.toThrow('boom');
    });
  });

  describe('errors', () => {
    it('should name the class and say what to give when the description is missing', () => {
      expect(() => {
        @Tool({ name: 'x' })
        class NoDescription {
          execute() {
            return 1;
          }
        }
        return NoDescription;
      }).toThrow(new MissingDescriptionError('NoDescription'));
      expect(new MissingDescriptionError('NoDescription').message).toMatch(/'NoDescription' has no description.*@Tool\(\{ description/);
    });

    it('should refuse a toolbox method without a description where it is declared, naming the method (and class in legacy mode)', () => {
      const declare = () => {
        class Box {
          @Tool({})
          run() {
            return 1;
          }
        }
        return Box;
      };
      // A stage-3 method decorator runs before its class exists, so only legacy mode can name the class.
      expect(declare).toThrow(new MissingDescriptionError(isLegacy ? 'Box.run' : 'run'));
      expect(declare).toThrow(`@Tool on '${isLegacy ? 'Box.run' : 'run'}' has no description.`);
    });

    it('should ask for a name where a class or method name gives no default name, or one that drops characters', () => {
      const give = "Give the tool a name: @Tool({ name: 'my_tool', ... }).";
      expect(() => {
        @Tool({ description: 'Data.' })
        class 数据Tool {
          execute() {
            return 1;
          }
        }
        return 数据Tool;
      }).toThrow(new DecoratorUsageError(`@Tool on class '数据Tool': no tool name can be derived from '数据Tool': a tool name holds only ASCII letters, digits, '_' and '-'. ${give}`));
      expect(() => {
        @Tool({ description: 'Over.' })
        class Über extends DecoratedTool {
          async execute() {
            return ToolResult.ok(1);
          }
        }
        return Über;
      }).toThrow(new DecoratorUsageError(`@Tool on class 'Über': the tool name derived from 'Über', 'ber', would drop 'Ü': a tool name holds only ASCII letters, digits, '_' and '-'. ${give}`));
      expect(() => {
        class Box {
          @Tool({ description: 'Count.' })
          zählen() {
            return 1;
          }
        }
        return Box;
      }).toThrow(/^@Tool on method '(Box\.)?zählen': the tool name derived from 'zählen', 'z_hlen', would drop 'ä'/);
      const anonymous = (() => class {
        execute() {
          return 1;
        }
      })();
      expect(() => Tool({ description: 'Anonymous.' })(anonymous)).toThrow(
        new DecoratorUsageError(`@Tool on class '<anonymous class>': no tool name can be derived from a class without a name. ${give}`),
      );
      @Tool({ name: 'uber', description: 'Named.' })
      class Über {
        execute() {
          return 1;
        }
      }
      expect(resolveTool(new Über())!.name).toBe('uber');
    });

    it('should name the class and say what to add when a @Tool class has no execute', () => {
      expect(() => {
        // @ts-expect-error a @Tool class without execute does not compile either
        @Tool({ description: 'Nothing to run.' })
        class Inert {}
        return Inert;
      }).toThrow(DecoratorUsageError);
    });

    it('should refuse a static method', () => {
      expect(() => {
        class Statics {
          @Tool({ description: 'Static.' })
          static run() {
            return 1;
          }
        }
        return Statics;
      }).toThrow(/@Tool cannot decorate the static method 'run'/);
    });

    it('should refuse @Tool twice on one class, plain or BaseTool, instead of keeping one of them', () => {
      expect(() => {
        @Tool({ description: 'Outer.', name: 'outer' })
        @Tool({ description: 'Inner.', name: 'inner' })
        class Twice {
          execute() {
            return 1;
          }
        }
        return Twice;
      }).toThrow("@Tool is applied twice to class 'Twice'. Keep one @Tool and put all its options there.");
      expect(() => {
        @Tool({ description: 'Outer.' })
        @Tool({ description: 'Inner.' })
        class TwiceBase extends BaseTool {
          get name() { return 'twice_base'; }
          get description() { return 'Twice.'; }
          get parameters(): JsonSchema { return { type: 'object' }; }
          async execute() { return ToolResult.ok(1); }
        }
        return TwiceBase;
      }).toThrow(/^@Tool is applied twice to class '.*'\. Keep one @Tool/);
    });

    it('should refuse @Tool twice on one toolbox method, and still let a subclass redeclare it', () => {
      expect(() => {
        class Box {
          @Tool({ description: 'Outer.' })
          @Tool({ description: 'Inner.' })
          run() {
            return 1;
          }
        }
        return Box;
      }).toThrow(`@Tool is applied twice to method '${isLegacy ? 'Box.run' : 'run'}'. Keep one @Tool and put all its options there.`);
      class Base {
        @Tool({ description: 'Base run.' })
        run() {
          return 'base';
        }
      }
      class Child extends Base {
        @Tool({ description: 'Child run.' })
        override run() {
          return 'child';
        }
      }
      const [child] = toolsOfInstance(new Child());
      expect(child!.description).toBe('Child run.');
    });
  });
});

describe('an undecorated subclass of a @Tool class', () => {
  @Tool({ name: 'parent_tool', description: 'Parent.', accessMode: 'write' })
  class Parent {
    execute() {
      return 'parent';
    }
  }
  class Child extends Parent {
    override execute() {
      return 'child';
    }
  }
  const problem =
    "'Child' extends @Tool class 'Parent' but has no @Tool of its own: a @Tool's options (its name, description, ...) " +
    "belong to the class they decorate and are not inherited. Decorate 'Child' with @Tool({ name: ..., description: ... }) as well.";

  it('should be refused by the registry, saying it needs its own @Tool', () => {
    expect(() => new ToolRegistry().register(new Child())).toThrow(new DecoratorUsageError(problem));
  });

  it('should be skipped by a container with the same reason, as a class and as an instance', () => {
    const registry = new ToolRegistry();
    const child = new Child();
    const report = new ToolContainer({ registry }).scan(Child, child);
    expect(report.registered).toEqual([]);
    expect(report.skipped).toEqual([
      { name: 'Child', export: 'arguments[0]', reason: problem },
      { name: 'Child', export: 'arguments[1]', reason: `instance of ${problem}` },
    ]);
  });

  it('should be a tool once it has its own @Tool', async () => {
    @Tool({ name: 'child_tool', description: 'Child.' })
    class DecoratedChild extends Parent {
      override execute() {
        return 'child';
      }
    }
    const registry = new ToolRegistry().register(new Parent()).register(new DecoratedChild());
    expect((await registry.execute('child_tool', {})).output).toBe('child');
    expect((await registry.execute('parent_tool', {})).output).toBe('parent');
  });
});

describe('a @Tool subclass of a @Tool BaseTool subclass', () => {
  @Tool({ description: 'Parent tool.', aliases: ['p_alias'], costTier: 'high', isIdempotent: true, timeoutMs: 900, accessMode: 'write' })
  class ParentTool extends DecoratedTool {
    async execute(_ctx: ToolCallContext, _args: Record<string, unknown>) {
      return ToolResult.ok('parent');
    }
  }

  it("should take its own default name and none of the parent's aliases or other options", () => {
    @Tool({ description: 'Child tool.' })
    class ChildTool extends ParentTool {
      override async execute() {
        return ToolResult.ok('child');
      }
    }
    const child = new ChildTool();
    expect([child.name, child.description, child.aliases, child.costTier, child.isIdempotent, child.timeoutMs, child.metadata]).toEqual([
      'child',
      'Child tool.',
      [],
      CostTier.FREE,
      false,
      undefined,
      undefined,
    ]);
    const registry = new ToolRegistry();
    expect(new ToolContainer({ registry }).scan(ParentTool, ChildTool).registered.map((r) => r.name)).toEqual(['parent', 'child']);
  });

  it("should run the parent's execute when it has none, and need a description of its own", async () => {
    @Tool({ name: 'heir', description: 'Heir.' })
    class Heir extends ParentTool {}
    expect(await new Heir().execute(ctx, {})).toEqual(ToolResult.ok('parent'));
    expect(() => {
      @Tool({ name: 'undescribed' })
      class Undescribed extends ParentTool {}
      return Undescribed;
    }).toThrow(MissingDescriptionError);
  });
});

describe('a decorator in the wrong place', () => {
  // Typed loosely so that each misuse compiles; the run time is what refuses it.
  const loose = (decorator: unknown) => decorator as (...args: unknown[]) => void;

  it('should be named the same way in both decorator modes', () => {
    expect(() => {
      class Getter {
        @loose(Tool({ description: 'On a getter.' }))
        get value() {
          return 1;
        }
      }
      return Getter;
    }).toThrow("@Tool cannot decorate the getter 'value'. Put it on a class, or on an instance method of a toolbox class.");
    // What stage 3 passes for `@Tool(...) #secret() {}` (legacy mode cannot decorate a #private method), called by hand in both modes.
    const privateMethod = { kind: 'method', name: '#secret', private: true, static: false, metadata: {}, addInitializer: () => undefined };
    expect(() => loose(Tool({ description: 'Secret.' }))(() => 1, privateMethod)).toThrow(
      new DecoratorUsageError(
        "@Tool cannot decorate the private method '#secret': a tool method is called by its name on the instance, which a #private one does not have. " +
          "Make it a public method (TypeScript's 'private' keyword works), or call it from one.",
      ),
    );
    expect(() => {
      @loose(Param({ type: 'string' }))
      class Whole {}
      return Whole;
    }).toThrow("@Param cannot decorate the class 'Whole'. Put it on an instance field of a params class.");
    expect(() => {
      class Params {
        @loose(Param({ type: 'string' }))
        method() {
          return 1;
        }
      }
      return Params;
    }).toThrow("@Param cannot decorate the method 'method'. Put it on an instance field of a params class.");
    expect(() => {
      class Params {
        @loose(Param({ type: 'string' }))
        static shared() {
          return 1;
        }
      }
      return Params;
    }).toThrow("@Param cannot decorate the static method 'shared'. Put it on an instance field of a params class.");
  });
});
