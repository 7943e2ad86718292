export { readSchemaInput, type ReadSchemaOptions } from './read-schema-input';
export { runStandardValidation, describeStandardIssues, STANDARD_KEYWORD, type StandardOutcome } from './standard-validation';
export { SchemaConversionError } from './schema-conversion-error';
export type { SchemaInput, SchemaForms, SchemaSide, TypeBoxSchemaLike } from './schema-input';
export type { StandardTypedV1, StandardSchemaV1, StandardJSONSchemaV1 } from './standard-schema';
export { outputSchemaOf, outputSchemaFormsOf } from './output-schema';
