// The Standard Schema interfaces (https://standardschema.dev), version 1:
// Standard Typed, Standard Schema and Standard JSON Schema, declared here as
// the specification invites consumers to (it is a set of interfaces, and its
// package, @standard-schema/spec, MIT, holds nothing else), so that core
// depends at run time on ajv alone. Shapes as in @standard-schema/spec 1.1.0.

/** The Standard Typed interface: the base of the others. */
export interface StandardTypedV1<Input = unknown, Output = Input> {
  /** The Standard properties. */
  readonly '~standard': StandardTypedV1.Props<Input, Output>;
}

/** Types of the Standard Typed interface. */
export declare namespace StandardTypedV1 {
  /** The Standard Typed properties. */
  export interface Props<Input = unknown, Output = Input> {
    /** The version number of the standard. */
    readonly version: 1;
    /** The vendor name of the schema library. */
    readonly vendor: string;
    /** Inferred types associated with the schema. */
    readonly types?: Types<Input, Output> | undefined;
  }
  /** The input and output types of a schema. */
  export interface Types<Input = unknown, Output = Input> {
    /** The input type of the schema. */
    readonly input: Input;
    /** The output type of the schema. */
    readonly output: Output;
  }
  /** The input type of a schema. */
  export type InferInput<Schema extends StandardTypedV1> = NonNullable<Schema['~standard']['types']>['input'];
  /** The output type of a schema. */
  export type InferOutput<Schema extends StandardTypedV1> = NonNullable<Schema['~standard']['types']>['output'];
}

/** The Standard Schema interface: a schema that validates. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

/** Types of the Standard Schema interface. */
export declare namespace StandardSchemaV1 {
  /** The Standard Schema properties. */
  export interface Props<Input = unknown, Output = Input> extends StandardTypedV1.Props<Input, Output> {
    /** Validates unknown input values. */
    readonly validate: (value: unknown, options?: StandardSchemaV1.Options | undefined) => Result<Output> | Promise<Result<Output>>;
  }
  /** The result of `validate`. */
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  /** A successful validation. */
  export interface SuccessResult<Output> {
    /** The typed output value. */
    readonly value: Output;
    /** A falsy value for `issues` indicates success. */
    readonly issues?: undefined;
  }
  /** Options of `validate`. */
  export interface Options {
    /** Vendor-specific parameters. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  /** A failed validation. */
  export interface FailureResult {
    /** The issues of the failed validation. */
    readonly issues: ReadonlyArray<Issue>;
  }
  /** One issue of a failed validation. */
  export interface Issue {
    /** The error message of the issue. */
    readonly message: string;
    /** The path of the issue, if any. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  /** A segment of an issue's path. */
  export interface PathSegment {
    /** The key of the segment. */
    readonly key: PropertyKey;
  }
  /** The input and output types of a schema. */
  export interface Types<Input = unknown, Output = Input> extends StandardTypedV1.Types<Input, Output> {}
  /** The input type of a schema. */
  export type InferInput<Schema extends StandardTypedV1> = StandardTypedV1.InferInput<Schema>;
  /** The output type of a schema. */
  export type InferOutput<Schema extends StandardTypedV1> = StandardTypedV1.InferOutput<Schema>;
}

/** The Standard JSON Schema interface: a schema that can be converted to JSON Schema. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  /** The Standard JSON Schema properties. */
  readonly '~standard': StandardJSONSchemaV1.Props<Input, Output>;
}

/** Types of the Standard JSON Schema interface. */
export declare namespace StandardJSONSchemaV1 {
  /** The Standard JSON Schema properties. */
  export interface Props<Input = unknown, Output = Input> extends StandardTypedV1.Props<Input, Output> {
    /** Methods generating the input and output JSON Schema. */
    readonly jsonSchema: StandardJSONSchemaV1.Converter;
  }
  /** The converter: each method may throw where conversion is not supported. */
  export interface Converter {
    /** Converts the input type to JSON Schema. */
    readonly input: (options: StandardJSONSchemaV1.Options) => Record<string, unknown>;
    /** Converts the output type to JSON Schema. */
    readonly output: (options: StandardJSONSchemaV1.Options) => Record<string, unknown>;
  }
  /** The JSON Schema version to generate ('draft-2020-12' and 'draft-07' are recommended to implementers). */
  export type Target = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string);
  /** Options of the converter's methods. */
  export interface Options {
    /** The JSON Schema version to generate; a library throws for one it does not support. */
    readonly target: Target;
    /** Vendor-specific parameters. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  /** The input and output types of a schema. */
  export interface Types<Input = unknown, Output = Input> extends StandardTypedV1.Types<Input, Output> {}
  /** The input type of a schema. */
  export type InferInput<Schema extends StandardTypedV1> = StandardTypedV1.InferInput<Schema>;
  /** The output type of a schema. */
  export type InferOutput<Schema extends StandardTypedV1> = StandardTypedV1.InferOutput<Schema>;
}
