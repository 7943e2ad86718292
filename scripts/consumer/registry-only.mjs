// What the size goal measures: a bundle that uses the registry and nothing else.
import { ToolRegistry } from '@victor-tools/core';

console.log(new ToolRegistry().size === 0 ? 'registry ok' : 'registry broken');
