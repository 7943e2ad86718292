import { TOOL_PROTOCOL } from '@victor-tools/core/internal';
import { protocolToolOf } from '../builder/instance-tools';

function protocol(this: object) {
  return protocolToolOf(this);
}

/** Makes instances of a class (through its prototype, or one instance) implement core's tool protocol. */
export function installToolProtocol(holder: object): void {
  if (TOOL_PROTOCOL in holder) return;
  Object.defineProperty(holder, TOOL_PROTOCOL, { value: protocol, configurable: true, writable: true });
}

/** Same, replacing what a method decorator installed: the class-level tool wins. */
export function installClassToolProtocol(prototype: object): void {
  Object.defineProperty(prototype, TOOL_PROTOCOL, { value: protocol, configurable: true, writable: true });
}

/**
 * Whether `value`'s tool protocol is the one these decorators installed,
 * which answers from the process-wide storage: a container building from
 * its own storage asks that storage instead.
 */
export function hasDecoratorProtocol(value: object): boolean {
  return (value as Record<symbol, unknown>)[TOOL_PROTOCOL] === protocol;
}
