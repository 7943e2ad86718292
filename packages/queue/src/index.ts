// Any new export here becomes public API: named exports only.
export { queueInvoker, QueueInvoker } from './invoker/queue-invoker';
export { startToolWorker, type ToolWorker } from './worker/tool-worker';
export { syncToolStates, type ToolStateSync, type SyncedRegistry } from './states/sync-tool-states';
export type { RedisConnection } from './connection';
export { redisEmbeddingStore, type RedisEmbeddingStore, type RedisEmbeddingStoreOptions } from './embedding-store';
export type {
  QueueLocation,
  QueueInvokerOptions,
  ToolWorkerOptions,
  CloseWorkerOptions,
  SyncToolStatesOptions,
} from './options';
export { DEFAULT_QUEUE, DEFAULT_PREFIX } from './options';
