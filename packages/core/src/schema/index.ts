export { renderSchema, truncateDescription } from './render-schema';
export { approximateTokens, estimateTokens } from './estimate-tokens';
export { splitSentences } from './sentences';
export { registerSchemaRenderer, getSchemaRenderer, schemaRendererNames } from './schema-renderers';
