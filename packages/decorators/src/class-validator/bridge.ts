import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { JsonSchema } from '@victor-tools/core';
import type { ClassValidatorBridge, ClassValidatorProblem } from '../builder/class-validator-slot';

// class-validator-jsonschema (a maintained library) turns class-validator
// constraints into JSON Schema keywords; we only merge its output per field.

function hasRules(target: Function): boolean {
  return getMetadataStorage().getTargetValidationMetadatas(target, '', true, false).length > 0;
}

function schema(target: Function): { properties: Record<string, JsonSchema>; required: string[] } | undefined {
  if (!hasRules(target)) return undefined;
  const derived = targetConstructorToSchema(target) as JsonSchema;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(derived.properties ?? {})) properties[name] = withoutRefs(property);
  // The library merges @Min/@Max's `type: 'number'` over @IsInt's 'integer'; the narrower type is the truth.
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(target, '', true, false)) {
    const property = properties[meta.propertyName];
    if (meta.name === 'isInt' && property && !meta.each) property.type = 'integer';
  }
  return { properties, required: [...(derived.required ?? [])] };
}

// Nested classes come back as `$ref`s into a definitions section we do not
// emit; an object type says as much without a dangling pointer.
function withoutRefs(property: JsonSchema): JsonSchema {
  if (typeof property.$ref === 'string') return { type: 'object' };
  const copy: JsonSchema = { ...property };
  if (copy.items && !Array.isArray(copy.items)) copy.items = withoutRefs(copy.items);
  return copy;
}

function flatten(errors: ValidationError[], prefix: string, out: ClassValidatorProblem[]): void {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) out.push({ path, message, constraint });
    flatten(error.children ?? [], path, out);
  }
}

function validate(target: Function, args: Record<string, unknown>): ClassValidatorProblem[] {
  const instance = plainToInstance(target as new () => object, args);
  const problems: ClassValidatorProblem[] = [];
  flatten(validateSync(instance, { forbidUnknownValues: false }), '', problems);
  return problems;
}

function toInstance(target: Function, args: Record<string, unknown>): object {
  return plainToInstance(target as new () => object, args);
}

/** The bridge over class-validator, class-transformer and class-validator-jsonschema. */
export const classValidatorBridge: ClassValidatorBridge = Object.freeze({ hasRules, schema, validate, toInstance });
