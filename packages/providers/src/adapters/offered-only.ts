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
 * lost. Make one view per helper: a selection watches each view for changes.
 */
export function offeredOnly(registry: ListingRegistry, offered: (name: string) => boolean): ListingRegistry {
  const view: { -readonly [K in keyof ListingRegistry]: ListingRegistry[K] } = {
    listTools(options?: ListToolsOptions): Iterable<BaseTool> {
      const tools = registry.listTools(options);
      if (options?.onlyEnabled === false) return tools;
      return [...tools].filter((tool) => offered(tool.name));
    },
  };
  if (typeof registry.onChange === 'function') view.onChange = (listener) => registry.onChange!(listener);
  if (typeof registry.isToolEnabled === 'function') view.isToolEnabled = (name) => registry.isToolEnabled!(name);
  return view;
}
