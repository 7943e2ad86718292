// `@victor-tools/metadata/framework`: for code that builds on the metadata
// registry rather than using it: an embedder or a ranking that reads text the
// way search does (@victor-tools/semantic is one), an embedding store, a
// second copy of the registry singleton. Public API, covered by semver like
// the root (its report is api/metadata-framework.api.md). Named exports only.
export { splitWords, contentWords, stemWord } from './text/tokenize';
export { STOP_WORDS, isStopWord } from './text/stop-words';
export { embeddingKey } from './embedding/embedding-store';
export { METADATA_REGISTRY_KEY } from './metadata-registry';
// The option names of selectToolsForConversation, for a helper that forwards them to check them early.
export { CONVERSATION_SELECT_OPTION_KEYS, checkConversationSelectOptions } from './select-option-keys';
// Core's option checks, for an embedder's options (semantic's own row in SPEC §0 names metadata only).
export { checkOptionKeys, describeValue } from '@victor-tools/core/internal';
