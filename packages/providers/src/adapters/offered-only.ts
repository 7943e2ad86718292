import type { BaseTool, ListToolsOptions } from '@victor-tools/core';
import type { ToolRegistryLike } from '@victor-tools/core/framework';

/** What a per-step selection reads of a registry (`SelectableRegistry` of `@victor-tools/metadata`), and the enabled state it keeps asking. */
export type ListingRegistry = Pick<ToolRegistryLike, 'listTools'> & Partial<Pick<ToolRegistryLike, 'onChange' | 'isToolEnabled'>>;

/**
 * `registry` as a selection should see it when only the tools an adapter
 * offers can be chosen: its usable tools (`listTools()`) narrowed to those
 * `offered` answers true for. Every registered tool is still listed with
 * `{ onlyEnabled: false }` (what the metadata registry is indexed from), so
 * the index is the registry's and is not rebuilt for each view. A tool
 * registered after a framework's tools were made would otherwise be chosen,
 * then dropped by the framework: a slot of `maxTools` wasted, the best match
 * lost. Make one view per helper: a selection watches each view for changes
 * (through one listener on `registry`, let go of when the view is collected,
 * so a helper made per request does not leave a listener behind).
 */
export function offeredOnly(registry: ListingRegistry, offered: (name: string) => boolean): ListingRegistry {
  const view: { -readonly [K in keyof ListingRegistry]: ListingRegistry[K] } = {
    listTools(options?: ListToolsOptions): Iterable<BaseTool> {
      const tools = registry.listTools(options);
      if (options?.onlyEnabled === false) return tools;
      return [...tools].filter((tool) => offered(tool.name));
    },
  };
  if (typeof registry.onChange === 'function') view.onChange = forwardChanges(view, registry as Required<Pick<ListingRegistry, 'onChange'>>);
  if (typeof registry.isToolEnabled === 'function') view.isToolEnabled = (name) => registry.isToolEnabled!(name);
  return view;
}

type ChangeListener = Parameters<ToolRegistryLike['onChange']>[0];

const unsubscribeWhenCollected = new FinalizationRegistry<() => void>((unsubscribe) => unsubscribe());

/**
 * The view's `onChange`: its listeners are the view's, told of `registry`'s
 * changes by a single listener that holds them only weakly, and that is
 * removed from `registry` once the view is collected.
 */
function forwardChanges(view: object, registry: Required<Pick<ListingRegistry, 'onChange'>>): ToolRegistryLike['onChange'] {
  const listeners = new Set<ChangeListener>();
  let subscribed = false;
  return (listener) => {
    listeners.add(listener);
    if (!subscribed) {
      subscribed = true;
      unsubscribeWhenCollected.register(view, registry.onChange(telling(new WeakRef(listeners))));
    }
    return () => {
      listeners.delete(listener);
    };
  };
}

/** A listener for the registry that holds the view's listeners weakly (made out here: a closure inside `forwardChanges` would keep its scope, the view's, alive). */
function telling(held: WeakRef<Set<ChangeListener>>): ChangeListener {
  return (event) => {
    for (const each of held.deref() ?? []) each(event);
  };
}
