import type { BaseTool, SchemaInput, ToolCallContext } from '@victor-tools/core';
import { isBaseTool } from '@victor-tools/core/framework';
import { BASE_TOOL_BRAND, generatorProblem } from '@victor-tools/core/internal';
import { decorateBaseToolClass, isDeclaredClassPrototype } from '../builder/base-tool-class';
import { globalToolBuilder } from '../builder/tool-builder';
import { requireDescription } from '../builder/declaration';
import { checkToolOptions } from '../builder/check-options';
import { checkedDefaultName, classLabel, defaultClassToolName, snakeCase } from '../builder/names';
import { DecoratorUsageError } from '../errors/decorator-usage-error';
import { getMetadataStorage } from '../storage/get-metadata-storage';
import type { DecoratorMode } from '../storage/record-key';
import type { ToolOptions } from '../options';
import { isStage3Call, legacyKind, metadataOf } from './decorator-call';
import { installClassToolProtocol, installToolProtocol } from './install-protocol';

/**
 * What a `@Tool` class's instances are: a `BaseTool` (whose `execute` takes
 * `(ctx, args)`, BaseTool's order), or a plain class whose `execute` takes
 * the arguments first and the context second, as a `tool()` function and a
 * toolbox method do. A plain class written `execute(ctx, args)` does not
 * compile: its second parameter would be handed the context.
 */
export type ToolClassInstance = BaseTool<never, SchemaInput> | { execute(args: never, ctx: ToolCallContext): unknown };

/**
 * `unknown` for a class `@Tool` takes; for a plain class whose `execute`
 * takes a context (`{ toolName, signal }`) as its first parameter, a type no
 * class has, naming the rule: its first parameter is handed the arguments.
 * (`execute(args: never, ctx)` alone lets `execute(ctx)` through, as any
 * parameter type accepts `never`.)
 */
export type ToolClassArgumentOrder<T> =
  T extends BaseTool<never, SchemaInput>
    ? unknown
    : T extends { execute(first: infer A, ...rest: never[]): unknown }
      ? [NonNullable<A>] extends [{ toolName: string; signal: AbortSignal }]
        ? { 'a plain @Tool class takes execute(args, ctx): its first parameter is given the arguments, not the context': never }
        : unknown
      : unknown;

/** The same rule for a toolbox method, `(args, ctx)`: `unknown`, or a type no method has when its first parameter is a context. */
export type ToolMethodArgumentOrder<F> = F extends (first: infer A, ...rest: never[]) => unknown
  ? [NonNullable<A>] extends [{ toolName: string; signal: AbortSignal }]
    ? { 'a @Tool method takes (args, ctx): its first parameter is given the arguments, not the context': never }
    : unknown
  : unknown;

/** What `@Tool(options)` returns: a class or method decorator in either decorator mode. */
export interface ToolDecorator {
  /** Stage 3, on a class. */
  <C extends abstract new (...args: never[]) => ToolClassInstance>(value: C & ToolClassArgumentOrder<InstanceType<C>>, context: ClassDecoratorContext<C>): C | void;
  /** Stage 3, on a toolbox method. */
  <F extends Function>(value: F & ToolMethodArgumentOrder<F>, context: ClassMethodDecoratorContext): void;
  /** Legacy, on a class. */
  <C extends abstract new (...args: never[]) => ToolClassInstance>(target: C & ToolClassArgumentOrder<InstanceType<C>>): C | void;
  /** Legacy, on a toolbox method. */
  <F>(target: object, propertyKey: string | symbol, descriptor: TypedPropertyDescriptor<F> & ToolMethodArgumentOrder<F>): void;
}

// Up to BaseTool, or to a class @Tool made over a base class (whose description is that @Tool's, not this class's).
function definesDescription(prototype: object): boolean {
  for (let p: object | null = prototype; p !== null && !Object.prototype.hasOwnProperty.call(p, BASE_TOOL_BRAND) && !isDeclaredClassPrototype(p); p = Object.getPrototypeOf(p)) {
    if (Object.prototype.hasOwnProperty.call(p, 'description')) return true;
  }
  return false;
}

/** Refuses, at declaration, code that answers a generator: a tool answers each call once. */
function refuseGenerator(fn: unknown, what: string): void {
  const problem = generatorProblem(fn, what);
  if (problem !== undefined) throw new DecoratorUsageError(`${problem}.`);
}

function decorateClass(target: Function, options: ToolOptions, mode: DecoratorMode): Function | undefined {
  const storage = getMetadataStorage();
  const className = classLabel(target);
  checkToolOptions(options, '@Tool', `@Tool on class '${className}'`);
  if (storage.findToolClass(target) !== undefined) throw twice(`class '${className}'`);
  refuseGenerator((target.prototype as { execute?: unknown }).execute, `the execute method of @Tool class '${className}'`);
  if (isBaseTool(target.prototype)) {
    if (options.description !== undefined || !definesDescription(target.prototype)) requireDescription(options, className);
    const declared = decorateBaseToolClass(target, options, () => globalToolBuilder().params(options.params));
    storage.collectToolClass({ target, options, mode });
    storage.collectToolClass({ target: declared, options, mode });
    return declared;
  }
  requireDescription(options, className);
  if (options.name === undefined) checkedDefaultName(target.name, defaultClassToolName(target.name), `@Tool on class '${className}'`);
  if (typeof (target.prototype as { execute?: unknown }).execute !== 'function') {
    throw new DecoratorUsageError(
      `@Tool class '${className}' has no execute(args, ctx) method. Add one, extend BaseTool, or put @Tool on its methods to make it a toolbox.`,
    );
  }
  storage.collectToolClass({ target, options, mode });
  installClassToolProtocol(target.prototype as object);
  return undefined;
}

/** A second `@Tool` on one declaration would silently replace the first one's options. */
function twice(what: string): DecoratorUsageError {
  return new DecoratorUsageError(`@Tool is applied twice to ${what}. Keep one @Tool and put all its options there.`);
}

function usage(kind: string, name: unknown): DecoratorUsageError {
  return new DecoratorUsageError(`@Tool cannot decorate the ${kind} '${String(name)}'. Put it on a class, or on an instance method of a toolbox class.`);
}

/**
 * Declares a tool: on a class (a `BaseTool` subclass, whose `execute(ctx,
 * args)` takes the context first as BaseTool's does, or a plain class with
 * `execute(args, ctx)`) or on each method of a toolbox class (`(args, ctx)`).
 * Works as a TC39 stage-3 and as a legacy (`experimentalDecorators`)
 * decorator. An unknown option, an option as the reference (Python) spells
 * it (`access_mode`), `parameters` (`tool()`'s name; here it is `params`)
 * and a generator `execute` are refused with a `DecoratorUsageError` naming
 * the right form.
 */
export function Tool(options: ToolOptions = {}): ToolDecorator {
  function decorate(...args: unknown[]): Function | undefined {
    const storage = getMetadataStorage();
    if (isStage3Call(args)) {
      const [value, context] = args;
      if (context.kind === 'class') return decorateClass(value as Function, options, 'stage3');
      if (context.kind !== 'method' || context.static || typeof context.name !== 'string') throw usage(context.static ? `static ${context.kind}` : context.kind, context.name);
      // A container reads a toolbox method off the instance by name, which `#name` is not: the class would fail at every scan.
      if (context.private) {
        throw new DecoratorUsageError(
          `@Tool cannot decorate the private method '${context.name}': a tool method is called by its name on the instance, which a #private one does not have. ` +
            `Make it a public method (TypeScript's 'private' keyword works), or call it from one.`,
        );
      }
      checkToolOptions(options, '@Tool', `@Tool on method '${context.name}'`);
      requireDescription(options, context.name);
      if (options.name === undefined) checkedDefaultName(context.name, snakeCase(context.name), `@Tool on method '${context.name}'`);
      refuseGenerator(value, `@Tool method '${context.name}'`);
      const key = metadataOf(context, '@Tool');
      if (storage.hasToolMethod(key, context.name)) throw twice(`method '${context.name}'`);
      storage.collectToolMethod({ key, method: context.name, options, mode: 'stage3' });
      // Stage-3 method decorators never see the class; its instances get the protocol as they are built.
      context.addInitializer(function (this: object) {
        installToolProtocol(this);
      });
      return undefined;
    }
    const [target, key, descriptor] = args as [unknown, unknown, PropertyDescriptor | undefined];
    if (key === undefined && typeof target === 'function') return decorateClass(target, options, 'legacy');
    if (typeof target === 'function') throw usage(`static ${legacyKind(descriptor)}`, key);
    if (typeof key !== 'string' || typeof descriptor?.value !== 'function' || target === null || typeof target !== 'object') {
      throw usage(legacyKind(descriptor), key);
    }
    const owner = `${classLabel(target.constructor)}.${key}`;
    checkToolOptions(options, '@Tool', `@Tool on method '${owner}'`);
    requireDescription(options, owner);
    if (options.name === undefined) checkedDefaultName(key, snakeCase(key), `@Tool on method '${owner}'`);
    refuseGenerator(descriptor.value, `@Tool method '${owner}'`);
    if (storage.hasToolMethod(target.constructor, key)) throw twice(`method '${owner}'`);
    storage.collectToolMethod({ key: target.constructor, method: key, options, mode: 'legacy' });
    installToolProtocol(target);
    return undefined;
  }
  return decorate as ToolDecorator;
}
