import type { JsonSchema } from '@victor-tools/core';
import { MissingParamTypeError } from '../errors/missing-param-type-error';
import { ParamsClassError } from '../errors/params-class-error';
import { getMetadataStorage } from '../storage/get-metadata-storage';
import type { ParamRecord } from '../storage/param-record';
import type { ParamOptions, ParamOptionsObject, ParamsDeclaration } from '../options';
import { classValidatorSchema, hasClassValidatorRules } from './class-validator-bridge';
import { classLabel } from './names';
import { hasTypeInformation, schemaOfConstructor, schemaOfValue } from './param-type';
import { isTypeBoxOptional, isTypeBoxSchema } from './typebox';

/** The parameters of a tool as built from its declaration. */
export interface BuiltParams {
  /** The JSON Schema (an object schema) of the arguments. */
  readonly schema: JsonSchema;
  /** The `@Param` class the arguments are turned into, when there is one. */
  readonly paramsClass?: Function;
  /** Whether class-validator constraints are to be enforced on the params class. */
  readonly classValidator: boolean;
}

const EMPTY: BuiltParams = { schema: { type: 'object', properties: {} }, classValidator: false };
// Built once per params class: schemas are compiled and cached by identity downstream.
const builtClasses = new WeakMap<Function, BuiltParams>();

/** Builds the parameters of a `params` option: a `@Param` class, a TypeBox schema or a JSON Schema. */
export function buildParams(params: ParamsDeclaration | undefined): BuiltParams {
  if (params === undefined) return EMPTY;
  if (typeof params === 'function') return buildParamsClass(params);
  return { schema: params as JsonSchema, classValidator: false };
}

/** Builds (once) the object schema of a class with `@Param` fields. */
function buildParamsClass(target: Function): BuiltParams {
  const cached = builtClasses.get(target);
  if (cached) return cached;
  const built: BuiltParams = {
    schema: paramsClassSchema(target),
    paramsClass: target,
    classValidator: hasClassValidatorRules(target),
  };
  builtClasses.set(target, built);
  return built;
}

function instantiate(target: Function): Record<string, unknown> {
  try {
    return new (target as new () => Record<string, unknown>)();
  } catch (error) {
    throw new ParamsClassError(classLabel(target), error);
  }
}

function paramsClassSchema(target: Function): JsonSchema {
  const records = getMetadataStorage().findParams(target);
  const defaults = instantiate(target);
  const constraints = classValidatorSchema(target);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const record of records) {
    const initial = defaults[record.field];
    const hasDefault = initial !== undefined;
    const declared = declaredSchema(record.options);
    const fromConstraints = constraints?.properties[record.field];
    const inferred = hasDefault ? schemaOfValue(initial) : designTypeSchema(target, record);
    // Weakest first: what is inferred, then class-validator, then what @Param says.
    const schema: JsonSchema = { ...inferred, ...fromConstraints, ...declared.schema };
    if (hasDefault && schema.default === undefined) schema.default = initial;
    if (!hasTypeInformation(schema)) throw missingType(target, record);
    properties[record.field] = schema;
    const optionalByConstraints = fromConstraints !== undefined && !constraints!.required.includes(record.field);
    if (!declared.optional && !hasDefault && !optionalByConstraints) required.push(record.field);
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  return schema;
}

function missingType(target: Function, record: ParamRecord): MissingParamTypeError {
  const reason =
    record.mode === 'stage3'
      ? 'stage-3 decorators do not emit design:type'
      : 'its design:type is missing or Object (a union, any or unknown)';
  return new MissingParamTypeError(classLabel(target), record.field, reason);
}

// Legacy decorators with emitDecoratorMetadata leave the field's TypeScript type here.
function designTypeSchema(target: Function, record: ParamRecord): JsonSchema | undefined {
  if (record.mode !== 'legacy' || typeof Reflect.getMetadata !== 'function') return undefined;
  const type: unknown = Reflect.getMetadata('design:type', target.prototype, record.field);
  if (type === undefined || type === Object) return undefined;
  return typeSchema(type);
}

function typeSchema(type: unknown): JsonSchema {
  const builtIn = schemaOfConstructor(type);
  if (builtIn) return builtIn;
  if (typeof type === 'function' && getMetadataStorage().findParams(type).length > 0) return buildParamsClass(type).schema;
  return { type: 'object' };
}

function declaredSchema(options: ParamOptions): { schema: JsonSchema; optional: boolean } {
  if (isTypeBoxSchema(options)) return { schema: options as unknown as JsonSchema, optional: isTypeBoxOptional(options) };
  const { type, optional, ...keywords } = options as ParamOptionsObject;
  const schema: JsonSchema = { ...(keywords as JsonSchema) };
  if (typeof type === 'function') Object.assign(schema, typeSchema(type));
  else if (type !== undefined) schema.type = type;
  return { schema, optional: optional === true };
}
