// Building blocks of the framework adapters (@victor-tools/ai-sdk, langchain,
// openai-agents), for any other adapter: which tools to offer, the context of
// one call, the text a model reads of a result, and a check of their options.
export { pickTools, asksPerson, type AdaptableRegistry, type PickedTool, type ToolChoice, type ToolsOption } from './registry-tools';
export { frameworkCallContext, type FrameworkCall } from './call-context';
export { resultText, outputText, toJsonValue, type JsonValue } from './result-text';
export { checkAdapterOptions } from './adapter-options';
export { ApprovalLedger, ledgerOf } from './approval-ledger';
