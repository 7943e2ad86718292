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

describe('@Param option names', () => {
  it('should refuse a key an edit or two from a known one, naming the right one', () => {
    expect(() => {
      class Misspelt {
        @Param({ type: 'string', descripton: 'The path' }) path!: string;
      }
      return Misspelt;
    }).toThrow(
      new DecoratorUsageError(
        "@Param on 'path': unknown option 'descripton'; did you mean 'description'? Options are type, description, optional, path and JSON Schema keywords.",
      ),
    );
    for (const [key, right] of [['minLenght', 'minLength'], ['maxlength', 'maxLength'], ['enmu', 'enum'], ['defualt', 'default']] as const) {
      expect(() => {
        class Typo {
          @Param({ type: 'string', [key]: 1 }) word!: string;
        }
        return Typo;
      }).toThrow(`@Param on 'word': unknown option '${key}'; did you mean '${right}'?`);
    }
  });

  it('should keep custom keywords that are no near miss, and carry them into the schema', () => {
    class Params {
      @Param({ type: 'string', 'x-order': 1, widget: 'textarea', id: 'n', sample: 'a', minimal: true, options: [] }) note!: string;
    }
    @Tool({ description: 'Keep a note.', params: Params })
    class KeepNote {
      execute(args: Params) {
        return args.note;
      }
    }
    const schema = newRegistry().register(new KeepNote()).get('keep_note')!.parameters as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.note).toMatchObject({ type: 'string', 'x-order': 1, widget: 'textarea', id: 'n', sample: 'a', minimal: true, options: [] });
  });
});
