// offeredOnly: a registry as a per-step selection sees it when only the tools
// an adapter made can be chosen, without leaving a listener on the registry
// for each helper (a helper may be made per request).
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { ToolRegistry } from '@victor-tools/core';
import { offeredOnly } from '@victor-tools/providers/framework';
import { schemaTool } from './fixtures/schema-tool';
import { silentLogger } from '../../../test/support/logger';

const PARAMS = { type: 'object', properties: { path: { type: 'string' } } };

class CountingRegistry extends ToolRegistry {
  subscribed = 0;
  override onChange(listener: Parameters<ToolRegistry['onChange']>[0]): () => void {
    this.subscribed += 1;
    const unsubscribe = super.onChange(listener);
    return () => {
      this.subscribed -= 1;
      unsubscribe();
    };
  }
}

function registryOf(...names: string[]): CountingRegistry {
  const registry = new CountingRegistry({ logger: silentLogger });
  for (const name of names) registry.register(schemaTool(PARAMS, { name }));
  return registry;
}

const namesOf = (tools: Iterable<{ name: string }>): string[] => [...tools].map((t) => t.name);

describe('offeredOnly', () => {
  it('should list only the offered usable tools, every registered tool with onlyEnabled: false, and ask the registry what is enabled', () => {
    const registry = registryOf('read', 'write', 'run');
    registry.disableTool('run');
    const view = offeredOnly(registry, (name) => name !== 'write');
    expect(namesOf(view.listTools())).toEqual(['read']);
    expect(namesOf(view.listTools({ onlyEnabled: false }))).toEqual(['read', 'write', 'run']);
    expect(view.isToolEnabled!('run')).toBe(false);
  });

  it("should tell the view's listeners of the registry's changes", () => {
    const registry = registryOf('read');
    const view = offeredOnly(registry, () => true);
    const events: unknown[] = [];
    const stop = view.onChange!((event) => events.push(event));
    registry.disableTool('read');
    expect(events).toHaveLength(1);
    stop();
    registry.enableTool('read');
    expect(events).toHaveLength(1);
  });

  it('should let go of its listener on the registry once the view is collected', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const registry = registryOf('read');
    for (let i = 0; i < 20; i++) offeredOnly(registry, () => true).onChange!(() => undefined);
    expect(registry.subscribed).toBe(20);
    for (let i = 0; i < 10 && registry.subscribed > 0; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(registry.subscribed).toBe(0);
  });
});
