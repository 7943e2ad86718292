import type { JsonSchema, SchemaInput } from '@victor-tools/core';
import { MissingParamTypeError } from '../errors/missing-param-type-error';
import { ParamsClassError } from '../errors/params-class-error';
import type { MetadataStorage } from '../storage/metadata-storage';
import type { ParamRecord } from '../storage/param-record';
import type { ParamOptions, ParamOptionsObject } from '../options';
import { classValidatorBridge, classValidatorRules } from './class-validator-slot';
import { classLabel } from './names';
import { hasTypeInformation, schemaOfConstructor, schemaOfValue } from './param-type';
import { checkParamDefault } from './param-default';
import { markPath } from './path-params';
import { isTypeBoxOptional, isTypeBoxSchema } from './typebox';

/** The parameters of a tool as built from its declaration. */
export interface BuiltParams {
  /** The schema of the arguments as declared: a JSON Schema (built from a `@Param` class, or given), a TypeBox or a Standard Schema. */
  readonly schema: SchemaInput;
  /** The `@Param` class the arguments are turned into, when there is one. */
  readonly paramsClass?: Function;
  /** Whether class-validator constraints are to be enforced on the params class. */
  readonly classValidator: boolean;
  /** The params class's fields typed `Date`: sent as ISO strings, turned into `Date`s before class-validator and `execute`. */
  readonly dateFields?: readonly string[];
}

/** The schema of a nested `@Param` class (a field typed by one), built by the caller so that it is built once. */
export type NestedParamsSchema = (target: Function) => JsonSchema;

function instantiate(target: Function): Record<string, unknown> {
  try {
    return new (target as new () => Record<string, unknown>)();
  } catch (error) {
    throw new ParamsClassError(classLabel(target), error);
  }
}

/**
 * The object schema of a class with `@Param` fields, from the records in
 * `storage`: one property per field, typed (weakest first) by its initial
 * value or `design:type`, then class-validator, then the `@Param` options.
 */
export function paramsClassSchema(storage: MetadataStorage, target: Function, nested: NestedParamsSchema): JsonSchema {
  const records = storage.findParams(target);
  const defaults = instantiate(target);
  const constraints = classValidatorRules(target) ? classValidatorBridge()!.schema(target) : undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const record of records) {
    const initial = defaults[record.field];
    // A null initializer says "no value" (\`note: string | null = null\`): optional, no default, typed by the rest.
    const hasDefault = initial !== undefined && initial !== null;
    const declared = declaredSchema(storage, record.options, nested);
    const fromConstraints = constraints?.properties[record.field];
    const inferred = hasDefault ? schemaOfValue(initial) : designTypeSchema(storage, target, record, nested);
    // Weakest first: what is inferred, then class-validator, then what @Param says.
    let schema: JsonSchema = { ...inferred, ...fromConstraints, ...declared.schema };
    // @IsDate's oneOf (a date or a date-time) would contradict a Date's date-time, which is what is sent and converted.
    if (isDateField(target, record) && fromConstraints?.oneOf !== undefined && declared.schema.oneOf === undefined) delete schema.oneOf;
    if (hasDefault && schema.default === undefined) schema.default = initial;
    // A path is a string unless something else says otherwise (stage 3 has no design:type).
    if (declared.path && !hasTypeInformation(schema)) schema.type = 'string';
    if (!hasTypeInformation(schema)) throw missingType(target, record, initial === null);
    if (declared.path) schema = markPath(schema);
    if (schema.default !== undefined) checkParamDefault(classLabel(target), record.field, schema);
    properties[record.field] = schema;
    const optionalByConstraints = fromConstraints !== undefined && !constraints!.required.includes(record.field);
    if (!declared.optional && !hasDefault && initial !== null && !optionalByConstraints) required.push(record.field);
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  return schema;
}

/** Whether a field is typed `Date`, by `@Param({ type: Date })` or (legacy, no type given) `design:type`. */
function isDateField(target: Function, record: ParamRecord): boolean {
  if (isTypeBoxSchema(record.options)) return false;
  const type = (record.options as ParamOptionsObject).type;
  if (type !== undefined) return type === Date;
  return record.mode === 'legacy' && typeof Reflect.getMetadata === 'function' && Reflect.getMetadata('design:type', target.prototype, record.field) === Date;
}

/** The fields of a params class typed `Date` (see `BuiltParams.dateFields`). */
export function dateFieldsOf(storage: MetadataStorage, target: Function): string[] {
  return storage.findParams(target).filter((record) => isDateField(target, record)).map((record) => record.field);
}

function missingType(target: Function, record: ParamRecord, nullInitializer: boolean): MissingParamTypeError {
  let reason =
    record.mode === 'stage3'
      ? 'stage-3 decorators do not emit design:type'
      : 'its design:type is missing or Object (a union, any or unknown)';
  if (nullInitializer) reason = `its initializer is null, which gives no type (and no default), and ${reason}`;
  return new MissingParamTypeError(classLabel(target), record.field, reason);
}

// Legacy decorators with emitDecoratorMetadata leave the field's TypeScript type here.
function designTypeSchema(storage: MetadataStorage, target: Function, record: ParamRecord, nested: NestedParamsSchema): JsonSchema | undefined {
  if (record.mode !== 'legacy' || typeof Reflect.getMetadata !== 'function') return undefined;
  const type: unknown = Reflect.getMetadata('design:type', target.prototype, record.field);
  if (type === undefined || type === Object) return undefined;
  return typeSchema(storage, type, nested);
}

function typeSchema(storage: MetadataStorage, type: unknown, nested: NestedParamsSchema): JsonSchema {
  const builtIn = schemaOfConstructor(type);
  if (builtIn) return builtIn;
  if (typeof type === 'function' && storage.findParams(type).length > 0) return nested(type);
  return { type: 'object' };
}

function declaredSchema(storage: MetadataStorage, options: ParamOptions, nested: NestedParamsSchema): { schema: JsonSchema; optional: boolean; path: boolean } {
  if (isTypeBoxSchema(options)) return { schema: options as JsonSchema, optional: isTypeBoxOptional(options), path: false };
  const { type, optional, path, ...keywords } = options as ParamOptionsObject;
  const schema: JsonSchema = { ...(keywords as JsonSchema) };
  if (typeof type === 'function') Object.assign(schema, typeSchema(storage, type, nested));
  else if (type !== undefined) schema.type = type;
  return { schema, optional: optional === true, path: path === true };
}
