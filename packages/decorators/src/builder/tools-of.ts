import { isBaseTool, type BaseTool, type ToolCallContext } from '@victor-tools/core';
import { DecoratorUsageError } from '../errors/decorator-usage-error';
import { getMetadataStorage } from '../storage/get-metadata-storage';
import type { ToolClassRecord } from '../storage/tool-class-record';
import type { ToolMethodRecord } from '../storage/tool-method-record';
import { buildDeclaration, type ToolDeclaration } from './declaration';
import { DeclaredTool } from './declared-tool';
import { classLabel, defaultClassToolName, snakeCase } from './names';

type Invocable = Record<string, (args: unknown, ctx: ToolCallContext) => unknown>;

// One set of tools per instance: registering the same instance twice then
// hands the registry the same tool, which it treats as a no-op.
const toolsByInstance = new WeakMap<object, BaseTool[]>();

// Declarations are read from the options once per class (a toolbox method's
// once per class that has it: its owner names the class): every instance
// built by a scan shares them. The records are the keys, so clearing the
// metadata storage also forgets them.
const classDeclarations = new WeakMap<ToolClassRecord, ToolDeclaration>();
const methodDeclarations = new WeakMap<ToolMethodRecord, WeakMap<Function, ToolDeclaration>>();

function classDeclaration(record: ToolClassRecord, className: string): ToolDeclaration {
  let declaration = classDeclarations.get(record);
  if (!declaration) {
    const { options } = record;
    declaration = buildDeclaration(options, className, options.name ?? defaultClassToolName(className));
    classDeclarations.set(record, declaration);
  }
  return declaration;
}

function methodDeclaration(record: ToolMethodRecord, target: Function, owner: string): ToolDeclaration {
  let byClass = methodDeclarations.get(record);
  if (!byClass) methodDeclarations.set(record, (byClass = new WeakMap()));
  let declaration = byClass.get(target);
  if (!declaration) {
    declaration = buildDeclaration(record.options, owner, record.options.name ?? snakeCase(record.method));
    byClass.set(target, declaration);
  }
  return declaration;
}

function buildTools(instance: object): BaseTool[] {
  // Null-prototype objects (ES module namespaces) have no constructor, hence no tools.
  const target: unknown = (instance as { constructor?: unknown }).constructor;
  if (typeof target !== 'function') return [];
  const className = classLabel(target);
  const storage = getMetadataStorage();
  const tools: BaseTool[] = [];
  const classRecord = storage.findToolClass(target);
  if (classRecord) {
    const declaration = classDeclaration(classRecord, className);
    tools.push(new DeclaredTool(declaration, (args, ctx) => (instance as Invocable).execute!.call(instance, args, ctx), instance));
  }
  for (const record of storage.findToolMethods(target)) {
    const owner = `${className}.${record.method}`;
    const declaration = methodDeclaration(record, target, owner);
    const method = (instance as Invocable)[record.method];
    if (typeof method !== 'function') throw new DecoratorUsageError(`@Tool method '${owner}' is not a function on the instance.`);
    tools.push(new DeclaredTool(declaration, (args, ctx) => method.call(instance, args, ctx), instance));
  }
  return tools;
}

/**
 * Every tool an object stands for: a `BaseTool` (a decorated `BaseTool`
 * subclass, a `tool()` function) is itself; a plain `@Tool` class instance
 * gives its tool; a toolbox instance gives one tool per `@Tool` method.
 * An object with no tools gives `[]`.
 */
export function toolsOf(instance: object): BaseTool[] {
  if (isBaseTool(instance)) return [instance];
  let tools = toolsByInstance.get(instance);
  if (!tools) {
    tools = buildTools(instance);
    toolsByInstance.set(instance, tools);
  }
  return [...tools];
}

/** `[TOOL_PROTOCOL]()` of `@Tool` class and toolbox instances: their one tool. */
export function protocolToolOf(instance: object): BaseTool {
  const tools = toolsOf(instance);
  if (tools.length === 1) return tools[0]!;
  const className = classLabel(instance.constructor);
  throw new DecoratorUsageError(
    `'${className}' holds ${tools.length} tools (${tools.map((t) => t.name).join(', ')}), and a registry takes one at a time. ` +
      `Register each of toolsOf(instance), or scan the instance with a ToolContainer.`,
  );
}
