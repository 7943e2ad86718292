import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { JsonSchema } from '@victor-tools/core';

// class-validator-jsonschema (a maintained library) turns class-validator
// constraints into JSON Schema keywords; we only merge its output per field.

/** Whether class-validator holds constraints for `target` (or its bases). */
export function hasClassValidatorRules(target: Function): boolean {
  return getMetadataStorage().getTargetValidationMetadatas(target, '', true, false).length > 0;
}

/** The JSON Schema class-validator-jsonschema derives from the constraints of `target`. */
export function classValidatorSchema(target: Function): { properties: Record<string, JsonSchema>; required: string[] } | undefined {
  if (!hasClassValidatorRules(target)) return undefined;
  const schema = targetConstructorToSchema(target) as JsonSchema;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) properties[name] = withoutRefs(property);
  // The library merges @Min/@Max's `type: 'number'` over @IsInt's 'integer'; the narrower type is the truth.
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(target, '', true, false)) {
    const property = properties[meta.propertyName];
    if (meta.name === 'isInt' && property && !meta.each) property.type = 'integer';
  }
  return { properties, required: [...(schema.required ?? [])] };
}

// Nested classes come back as `$ref`s into a definitions section we do not
// emit; an object type says as much without a dangling pointer.
function withoutRefs(schema: JsonSchema): JsonSchema {
  if (typeof schema.$ref === 'string') return { type: 'object' };
  const copy: JsonSchema = { ...schema };
  if (copy.items && !Array.isArray(copy.items)) copy.items = withoutRefs(copy.items);
  return copy;
}

/** A readable problem class-validator found, in the format of SPEC section 4's "anything else" row. */
export interface ClassValidatorProblem {
  path: string;
  message: string;
  constraint: string;
}

function flatten(errors: ValidationError[], prefix: string, out: ClassValidatorProblem[]): void {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) out.push({ path, message, constraint });
    flatten(error.children ?? [], path, out);
  }
}

/** Runs class-validator on an instance of `target` made from `args`. */
export function runClassValidator(target: Function, args: Record<string, unknown>): ClassValidatorProblem[] {
  const instance = plainToInstance(target as new () => object, args);
  const problems: ClassValidatorProblem[] = [];
  flatten(validateSync(instance, { forbidUnknownValues: false }), '', problems);
  return problems;
}
