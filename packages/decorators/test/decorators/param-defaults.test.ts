// A field initializer is the parameter's default: checked against the
// parameter's own schema when the tool is built, in both decorator modes.
import { DecoratorUsageError, MissingParamTypeError, Param, Tool, tool, type ParamsClass } from '@victor-tools/decorators';
import { Type } from '@sinclair/typebox';
import { newRegistry } from '../helpers/registry';
import { isLegacy } from '../helpers/mode';

function register(params: ParamsClass, name = 'probe') {
  @Tool({ name, description: 'Probe tool.', params })
  class Probe {
    execute(args: unknown) {
      return args;
    }
  }
  const registry = newRegistry();
  registry.register(new Probe());
  return registry;
}

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('a @Param default', () => {
  it('should make a null initializer "no default": optional, typed by the options, null in execute when left out', async () => {
    class NoteParams {
      @Param({ type: 'string' }) note: string | null = null;
    }
    const registry = register(NoteParams);
    expect(registry.get('probe')!.parameters).toEqual({ type: 'object', properties: { note: { type: 'string' } }, additionalProperties: false });
    const left = await registry.execute('probe', {});
    expect(left.success).toBe(true);
    expect((left.output as NoteParams).note).toBeNull();
    expect(((await registry.execute('probe', { note: 'hi' })).output as NoteParams).note).toBe('hi');
  });

  it('should ask for the type of a null-initialized field that declares none, naming class and field', () => {
    class Untyped {
      @Param() note: string | null = null;
    }
    const error = thrown(() => register(Untyped));
    expect(error).toBeInstanceOf(MissingParamTypeError);
    // design:type of a union with null is Object: it says nothing in legacy mode either.
    const reason = isLegacy ? 'its design:type is missing or Object (a union, any or unknown)' : 'stage-3 decorators do not emit design:type';
    expect(error.message).toBe(
      `Parameter 'note' of 'Untyped' has no type: its initializer is null, which gives no type (and no default), and ${reason}. ` +
        "Give @Param({ type: 'string' }) (or a TypeBox schema such as @Param(Type.String())), or an initializer to infer it from.",
    );
  });

  it('should refuse a default its own schema refuses, naming the class and field and saying what to do', () => {
    class Half {
      @Param({ type: 'integer' }) n = 1.5;
    }
    const error = thrown(() => register(Half));
    expect(error).toBeInstanceOf(DecoratorUsageError);
    expect(error.message).toBe(
      "Parameter 'n' of 'Half' has a default its own schema refuses (Parameter 'n' has wrong type: expected integer, got number), so every call that leaves it out would fail. " +
        'Declare the type the default has (@Param({ type: ... })), give a default of the declared type, or leave out the initializer.',
    );
  });

  it('should refuse a default that breaks another keyword, from a TypeBox schema too', () => {
    class Short {
      @Param(Type.String({ minLength: 5 })) code = 'ab';
    }
    expect(thrown(() => register(Short)).message).toMatch(/^Parameter 'code' of 'Short' has a default its own schema refuses \(Validation error at 'code': /);
  });

  it('should refuse a default JSON cannot carry, such as a Date', () => {
    class When {
      @Param() when = new Date(0);
    }
    const error = thrown(() => register(When));
    expect(error).toBeInstanceOf(DecoratorUsageError);
    expect(error.message).toBe(
      "Parameter 'when' of 'When' has a default JSON cannot carry (the value is a Date): a model reads defaults as JSON. " +
        'Give a JSON value (a string, e.g. an ISO date for a Date), or leave out the initializer.',
    );
  });

  it('should keep defaults the schema accepts', async () => {
    class Fine {
      @Param({ type: 'integer', minimum: 1 }) limit = 10;
      @Param({ type: 'array', items: { type: 'string' } }) paths = ['.'];
      @Param({ type: ['string', 'null'], default: null }) label: string | null = null;
    }
    const registry = register(Fine);
    expect(registry.get('probe')!.parameters).toMatchObject({
      properties: { limit: { type: 'integer', default: 10 }, paths: { default: ['.'] }, label: { default: null } },
    });
    expect((await registry.execute('probe', {})).output).toMatchObject({ limit: 10, paths: ['.'], label: null });
  });

  it('should be checked for a tool() built over a @Param class as well', () => {
    class Half {
      @Param({ type: 'integer' }) n = 1.5;
    }
    // tool() takes schemas, not @Param classes; @Tool on a toolbox method takes the class.
    class Box {
      @Tool({ name: 'half', description: 'Half.', params: Half })
      half() {
        return 1;
      }
    }
    expect(() => newRegistry().register(new Box())).toThrow(/^Parameter 'n' of 'Half' has a default its own schema refuses/);
    expect(typeof tool).toBe('function');
  });
});
