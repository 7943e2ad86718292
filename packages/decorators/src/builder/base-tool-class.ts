import { CostTier, type BaseTool, type JsonSchema, type ToolMetadataInput } from '@victor-tools/core';
import { BASE_TOOL_BRAND } from '@victor-tools/core/internal';
import type { ToolOptions } from '../options';
import { availableBy, answeringFromDeclaration, type ToolClass } from './from-declaration';
import { metadataFromOptions, type ToolDeclaration } from './declaration';
import { checkedDefaultName, classLabel, defaultClassToolName } from './names';
import type { BuiltParams } from './params-schema';
import { withPathParams } from './path-params';

/** Marks a prototype whose getters only stand in for `@Tool` options (`DecoratedTool.prototype`). */
export const DECLARED_GETTERS = Symbol.for('victor-tools.decorators.declared-getters');

/**
 * Marks the prototype of a class `decorateBaseToolClass` made: its getters
 * answer one `@Tool`'s options, and its constructor is the user's class's (it
 * declares none of its own).
 */
const DECLARED_CLASS = Symbol.for('victor-tools.decorators.declared-class');

/** Whether `prototype` is that of a class `@Tool` made over a `BaseTool` subclass. */
export function isDeclaredClassPrototype(prototype: unknown): boolean {
  return typeof prototype === 'object' && prototype !== null && Object.prototype.hasOwnProperty.call(prototype, DECLARED_CLASS);
}

// A prototype whose members answer declared options: a class `@Tool` made (another
// `@Tool`'s), or `DecoratedTool`'s stand-ins. Not the user's own members.
function answersDeclaration(p: object): boolean {
  return isDeclaredClassPrototype(p) || Object.prototype.hasOwnProperty.call(p, DECLARED_GETTERS);
}

/**
 * Whether a prototype between `prototype` and `BaseTool` defines `member`
 * itself, stopping at a class `@Tool` made: a base `@Tool` class's name,
 * aliases... are its own options, not its subclass's.
 */
function definesOwn(prototype: object, member: string): boolean {
  for (let p: object | null = prototype; p !== null; p = Object.getPrototypeOf(p)) {
    if (Object.prototype.hasOwnProperty.call(p, BASE_TOOL_BRAND) || answersDeclaration(p)) return false;
    if (Object.prototype.hasOwnProperty.call(p, member)) return true;
  }
  return false;
}

/** The nearest prototype of `prototype` that holds `member` and is not one answering a declaration (else `prototype`). */
function userHolder(prototype: object, member: string): object {
  for (let p: object | null = prototype; p !== null; p = Object.getPrototypeOf(p)) {
    if (!answersDeclaration(p) && Object.prototype.hasOwnProperty.call(p, member)) return p;
  }
  return prototype;
}

/** `BaseTool.prototype` (of whichever copy of core) in the chain of `prototype`. */
function baseToolPrototype(prototype: object): object {
  for (let p: object | null = prototype; p !== null; p = Object.getPrototypeOf(p)) {
    if (Object.prototype.hasOwnProperty.call(p, BASE_TOOL_BRAND)) return p;
  }
  return prototype;
}

/**
 * The class that a `@Tool`-decorated `BaseTool` subclass becomes: the shared
 * implementation (`answeringFromDeclaration`) over the user's class, whose declaration is
 * the options, and where the options are silent, the class's own getters
 * (resolved once per instance). `execute` is the class's own, handed an
 * instance of the params class. It stays a `BaseTool`. `params` builds the
 * parameters on first use (by then every `@Param` of the params class is recorded).
 */
export function decorateBaseToolClass<C extends Function>(target: C, options: ToolOptions, params: () => BuiltParams): C {
  const prototype = target.prototype as object;
  const className = classLabel(target);
  const own = (member: string): boolean => definesOwn(prototype, member);
  if (options.name === undefined && !own('name')) checkedDefaultName(target.name, defaultClassToolName(target.name), `@Tool on class '${className}'`);
  // The user's own members, read past the declared ones (BaseTool's are abstract to the compiler), where
  // they are the class's own (`own`); BaseTool's default otherwise (another @Tool's options are not inherited).
  const base = baseToolPrototype(prototype);
  const inherited = <T>(tool: BaseTool, member: string): T => Reflect.get(own(member) ? prototype : base, member, tool) as T;
  // Code is inherited, from the user's classes (a base @Tool class's own execute, not its declared wrapper).
  const code = <T>(tool: BaseTool, member: string): T => Reflect.get(userHolder(prototype, member), member, tool) as T;
  const metadata = metadataFromOptions(options);
  const declarations = new WeakMap<BaseTool, ToolDeclaration>();

  function resolve(tool: BaseTool): ToolDeclaration {
    let parameters: BuiltParams =
      options.params !== undefined || !own('parameters') ? params() : { schema: inherited<JsonSchema>(tool, 'parameters'), classValidator: false };
    if (options.pathParams !== undefined && options.pathParams.length > 0) {
      parameters = { ...parameters, schema: withPathParams(parameters.schema, options.pathParams, className) };
    }
    return {
      owner: className,
      name: options.name ?? (own('name') ? inherited<string>(tool, 'name') : defaultClassToolName(className)),
      description: options.description ?? inherited<string>(tool, 'description'),
      aliases: options.aliases ?? inherited<readonly string[]>(tool, 'aliases'),
      costTier: options.costTier !== undefined ? CostTier.from(options.costTier) : inherited<CostTier>(tool, 'costTier'),
      isIdempotent: options.isIdempotent ?? inherited<boolean>(tool, 'isIdempotent'),
      timeoutMs: options.timeoutMs ?? inherited<number | undefined>(tool, 'timeoutMs'),
      outputSchema: (options.outputSchema as JsonSchema | undefined) ?? inherited<JsonSchema | undefined>(tool, 'outputSchema'),
      metadata: metadata ?? inherited<ToolMetadataInput | undefined>(tool, 'metadata'),
      params: parameters,
      availabilityCheck: options.availabilityCheck,
    };
  }

  const Declared = answeringFromDeclaration(target as unknown as ToolClass, {
    declarationOf(tool) {
      let declaration = declarations.get(tool);
      if (!declaration) declarations.set(tool, (declaration = resolve(tool)));
      return declaration;
    },
    run: (tool, args, ctx) => code<BaseTool['execute']>(tool, 'execute').call(tool, ctx, args as Record<string, unknown>),
  });
  Object.defineProperty(Declared.prototype, DECLARED_CLASS, { value: true });
  // Keep the user's class name for messages, stack traces and default tool names.
  Object.defineProperty(Declared, 'name', { value: className });
  // And its constructor's parameter count, which tells a container that it takes injected values.
  Object.defineProperty(Declared, 'length', { value: target.length });
  // Only a declared check overrides `isAvailable` (otherwise the class's own, or
  // BaseTool's, which the registry then knows it never has to poll).
  const check = options.availabilityCheck;
  if (check !== undefined) {
    Object.defineProperty(Declared.prototype, 'isAvailable', { value: availableBy(check, (tool) => tool), writable: true, configurable: true });
  }
  return Declared as unknown as C;
}
