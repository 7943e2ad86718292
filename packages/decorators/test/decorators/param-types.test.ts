// A @Param type is a JSON Schema type name or a class: anything else would
// compile into a schema that fails every call, so it is refused where it is written.
import { DecoratorUsageError, Param, Tool } from '@victor-tools/decorators';
import { newRegistry } from '../helpers/registry';

describe('a @Param type', () => {
  it('should refuse a type name that is no JSON Schema type, naming the field and the types it takes', () => {
    expect(() => {
      class Misspelt {
        @Param({ type: 'str' as never }) name!: string;
      }
      return Misspelt;
    }).toThrow(
      new DecoratorUsageError(
        "@Param on 'name': type \"str\" is no JSON Schema type. Use one of 'string', 'number', 'integer', 'boolean', 'array', 'object', 'null', or a class (String, Number, Boolean, Date, a params class).",
      ),
    );
  });

  it('should refuse a wrong name inside a list of types', () => {
    expect(() => {
      class Listed {
        @Param({ type: ['string', 'nul'] as never }) note!: string | null;
      }
      return Listed;
    }).toThrow(/^@Param on 'note': type "nul" is no JSON Schema type/);
  });

  it('should take every JSON Schema type name, and lists of them', () => {
    expect(() => {
      class Typed {
        @Param({ type: 'integer' }) count!: number;
        @Param({ type: ['string', 'null'] }) note!: string | null;
        @Param({ type: 'object' }) extra!: Record<string, unknown>;
      }
      return Typed;
    }).not.toThrow();
  });

  it('should refuse @Param fields on a @Tool class without a params option when the tool is built, rather than give it no parameters', () => {
    @Tool({ name: 'greet', description: 'Greets someone.' })
    class Greet {
      @Param({ type: 'string' }) name!: string;
      execute() {
        return 'hello';
      }
    }
    expect(() => newRegistry().register(new Greet())).toThrow(
      new DecoratorUsageError(
        "@Tool class 'Greet' has @Param fields ('name') but no params option. @Param fields describe a params class: move them to a class of their own and pass it, @Tool({ params: GreetParams, ... }).",
      ),
    );
  });
});
