import type { BaseTool, JsonSchema, SchemaInput } from '@victor-tools/core';
import { isBaseTool } from '@victor-tools/core/framework';
import { DecoratorUsageError } from '../errors/decorator-usage-error';
import type { ParamsClass, ParamsDeclaration, ToolCommonOptions, ToolFunction } from '../options';
import { getMetadataStorage } from '../storage/get-metadata-storage';
import type { MetadataStorage } from '../storage/metadata-storage';
import type { ToolClassRecord } from '../storage/tool-class-record';
import type { ToolMethodRecord } from '../storage/tool-method-record';
import { buildDeclaration, type ToolDeclaration } from './declaration';
import { FunctionBackedTool } from './from-declaration';
import { classLabel, defaultClassToolName, snakeCase } from './names';
import { dateFieldsOf, paramsClassSchema, type BuiltParams } from './params-schema';
import { withPathParams } from './path-params';
import { classValidatorRules } from './class-validator-slot';

const NO_PARAMS: BuiltParams = { schema: { type: 'object', properties: {} }, classValidator: false };

// One tool per instance and @Tool record, whichever builder asks: a storage's
// clones share its records, so an instance registered through the tool
// protocol and then scanned by a container, or scanned twice, hands the
// registry the same tool, which it treats as a no-op.
const toolsByInstance = new WeakMap<object, WeakMap<ToolClassRecord | ToolMethodRecord, BaseTool<Record<string, unknown>, SchemaInput>>>();

/**
 * Interprets the records of one `MetadataStorage` (decorators only record
 * into it): the schemas of `@Param` classes, the declarations of `@Tool`
 * classes and methods, and the tools an instance stands for. It caches what
 * it built (a params class's schema once, for schemas are compiled and cached
 * by identity downstream), per builder, so builders over two storages never mix.
 */
export class ToolBuilder {
  private readonly builtParams = new WeakMap<Function, BuiltParams>();
  private readonly classDeclarations = new WeakMap<ToolClassRecord, ToolDeclaration>();
  // A toolbox method's declaration names the class it was found on, which may be a subclass.
  private readonly methodDeclarations = new WeakMap<ToolMethodRecord, WeakMap<Function, ToolDeclaration>>();

  constructor(readonly storage: MetadataStorage) {}

  /**
   * The parameters of a `params` option: a `@Param` class (built once), or a
   * schema as given (JSON Schema, TypeBox, Standard Schema: core reads it).
   */
  params(params: ParamsDeclaration | undefined): BuiltParams {
    if (params === undefined) return NO_PARAMS;
    if (!isParamsClass(params)) return { schema: params, classValidator: false };
    let built = this.builtParams.get(params);
    if (!built) {
      const schema = paramsClassSchema(this.storage, params, (nested) => this.params(nested as ParamsClass).schema as JsonSchema);
      built = { schema, paramsClass: params, classValidator: classValidatorRules(params), dateFields: dateFieldsOf(this.storage, params) };
      this.builtParams.set(params, built);
    }
    return built;
  }

  /** The declaration `options` make, with the parameters `declared` (`@Tool`'s `params`, `tool()`'s `parameters`). */
  declaration(options: ToolCommonOptions, owner: string, defaultName: string, declared: ParamsDeclaration | undefined): ToolDeclaration {
    let params = this.params(declared);
    // A copy per declaration: the params class's own schema stays as its @Param fields say.
    if (options.pathParams !== undefined && options.pathParams.length > 0) {
      params = { ...params, schema: withPathParams(params.schema, options.pathParams, owner) };
    }
    return buildDeclaration(options, owner, defaultName, params);
  }

  /** Whether this storage holds `@Tool` on `target` or on one of its methods. */
  isToolClass(target: Function): boolean {
    return this.storage.isToolClass(target);
  }

  /**
   * Every tool an object stands for: a `BaseTool` (a decorated `BaseTool`
   * subclass, a `tool()` function) is itself; a plain `@Tool` class instance
   * gives its tool; a toolbox instance one tool per `@Tool` method. An object
   * of a class this storage holds no `@Tool` record of gives `[]`.
   */
  toolsOfInstance(instance: object): BaseTool<Record<string, unknown>, SchemaInput>[] {
    if (isBaseTool(instance)) return [instance];
    // Null-prototype objects (ES module namespaces) have no constructor, hence no tools.
    const target: unknown = (instance as { constructor?: unknown }).constructor;
    if (typeof target !== 'function') return [];
    const tools: BaseTool<Record<string, unknown>, SchemaInput>[] = [];
    const classRecord = this.storage.findToolClass(target);
    if (classRecord) {
      tools.push(
        toolFor(instance, classRecord, () => {
          const execute = (instance as Record<string, ToolFunction<unknown>>).execute!;
          return new FunctionBackedTool(this.classDeclaration(classRecord, target), (args, ctx) => execute.call(instance, args, ctx), instance);
        }),
      );
    }
    for (const record of this.storage.findToolMethods(target)) {
      tools.push(
        toolFor(instance, record, () => {
          const owner = `${classLabel(target)}.${record.method}`;
          const method = (instance as Record<string, unknown>)[record.method];
          if (typeof method !== 'function') throw new DecoratorUsageError(`@Tool method '${owner}' is not a function on the instance.`);
          return new FunctionBackedTool(this.methodDeclaration(record, target, owner), (args, ctx) => method.call(instance, args, ctx), instance);
        }),
      );
    }
    return tools;
  }

  // Declarations are read from the options once per class (all instances a scan builds share them).
  private classDeclaration(record: ToolClassRecord, target: Function): ToolDeclaration {
    let declaration = this.classDeclarations.get(record);
    if (!declaration) {
      const className = classLabel(target);
      const ownParams = record.options.params === undefined ? this.storage.findParams(target) : [];
      if (ownParams.length > 0) {
        // They would be read by nothing: the tool would take no parameters at all.
        throw new DecoratorUsageError(
          `@Tool class '${className}' has @Param fields (${ownParams.map((p) => `'${p.field}'`).join(', ')}) but no params option. ` +
            `@Param fields describe a params class: move them to a class of their own and pass it, @Tool({ params: ${className}Params, ... }).`,
        );
      }
      declaration = this.declaration(record.options, className, record.options.name ?? defaultClassToolName(className), record.options.params);
      this.classDeclarations.set(record, declaration);
    }
    return declaration;
  }

  private methodDeclaration(record: ToolMethodRecord, target: Function, owner: string): ToolDeclaration {
    let byClass = this.methodDeclarations.get(record);
    if (!byClass) this.methodDeclarations.set(record, (byClass = new WeakMap()));
    let declaration = byClass.get(target);
    if (!declaration) {
      declaration = this.declaration(record.options, owner, record.options.name ?? snakeCase(record.method), record.options.params);
      byClass.set(target, declaration);
    }
    return declaration;
  }
}

// arktype's types are functions too; a params class is a function with no `~standard`.
function isParamsClass(params: ParamsDeclaration): params is ParamsClass {
  return typeof params === 'function' && !('~standard' in params);
}

function toolFor(instance: object, record: ToolClassRecord | ToolMethodRecord, build: () => BaseTool<Record<string, unknown>, SchemaInput>): BaseTool<Record<string, unknown>, SchemaInput> {
  let byRecord = toolsByInstance.get(instance);
  if (!byRecord) toolsByInstance.set(instance, (byRecord = new WeakMap()));
  let tool = byRecord.get(record);
  if (!tool) byRecord.set(record, (tool = build()));
  return tool;
}

const builders = new WeakMap<MetadataStorage, ToolBuilder>();

/**
 * The builder over the process-wide storage (`getMetadataStorage()`), for
 * tools made outside a container: `tool()` functions, `@Tool` `BaseTool`
 * subclasses, and `@Tool` instances handed to `registry.register` (the tool protocol).
 */
export function globalToolBuilder(): ToolBuilder {
  const storage = getMetadataStorage();
  let builder = builders.get(storage);
  if (!builder) builders.set(storage, (builder = new ToolBuilder(storage)));
  return builder;
}
