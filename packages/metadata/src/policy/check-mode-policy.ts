// The one place the metadata package gets the agent-mode policy from; swap to
// `export { checkModePolicy } from '@victor-tools/core';` once core has it.
export { checkModePolicy } from './mode-policy-fallback';
