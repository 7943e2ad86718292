import { ToolRegistry } from '@victor-tools/core';
import { silentLogger } from '../../../../test/support/logger';

/** The registry these tests drive: core's own (SPEC section 6). */
export type RegistryUnderTest = ToolRegistry;

/** A new core ToolRegistry whose logger stays quiet. */
export function newRegistry(): RegistryUnderTest {
  return new ToolRegistry({ logger: silentLogger });
}
