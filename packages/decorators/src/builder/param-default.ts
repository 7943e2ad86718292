import type { JsonSchema } from '@victor-tools/core';
import { validateArguments } from '@victor-tools/core/framework';
import { DecoratorUsageError } from '../errors/decorator-usage-error';

/** Where `value` holds something JSON does not carry as it is (a Date, NaN, a function, a class instance), or undefined. */
function nonJsonPart(value: unknown, path: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} is ${String(value)}`;
  if (typeof value !== 'object') return `${path} is a ${typeof value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = nonJsonPart(value[i], `${path}[${i}]`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== null && proto !== Object.prototype) {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return `${path} is ${typeof name === 'string' && name ? `a ${name}` : 'a class instance'}`;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = nonJsonPart(item, `${path}.${key}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Refuses, when the tool is built, a default the parameter's own schema
 * refuses (`@Param({ type: 'integer' }) n = 1.5`) or JSON cannot carry
 * (`when = new Date(0)`): models read it as the value a call gets, and every
 * call that left the parameter out would fail (or run with something else).
 * Checked with the validator the registry runs calls through.
 */
export function checkParamDefault(className: string, field: string, schema: JsonSchema): void {
  const value: unknown = schema.default;
  const where = `Parameter '${field}' of '${className}'`;
  const nonJson = nonJsonPart(value, 'the value');
  if (nonJson !== undefined) {
    throw new DecoratorUsageError(
      `${where} has a default JSON cannot carry (${nonJson}): a model reads defaults as JSON. ` +
        `Give a JSON value (a string, e.g. an ISO date for a Date), or leave out the initializer.`,
    );
  }
  const withoutDefault: JsonSchema = { ...schema };
  delete withoutDefault.default;
  const { result } = validateArguments({ type: 'object', properties: { [field]: withoutDefault } }, { [field]: value });
  if (result.valid) return;
  throw new DecoratorUsageError(
    `${where} has a default its own schema refuses (${result.errors.join('; ')}), so every call that leaves it out would fail. ` +
      `Declare the type the default has (@Param({ type: ... })), give a default of the declared type, or leave out the initializer.`,
  );
}
