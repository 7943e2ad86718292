import { catalogueTool } from './catalogue-tool';

/** The web and HTTP APIs. */
export const webTools = [
  catalogueTool({
    name: 'web_search',
    description: 'Search the web with a search engine and return result titles, URLs and snippets.',
    params: {
      query: { type: 'string', required: true, description: 'Search terms' },
      max_results: { type: 'integer', default: 5, description: 'How many results' },
    },
    costTier: 'low',
    metadata: {
      category: 'web',
      keywords: ['web', 'internet', 'online', 'google', 'search engine', 'news', 'latest'],
      useCases: ['Find the latest release of a library', 'Research an error message online'],
      accessMode: 'network',
      executionCategory: 'network',
      stages: ['exploration', 'research'],
      taskTypes: ['research'],
    },
  }),
  catalogueTool({
    name: 'fetch_url',
    description: 'Download a web page or any HTTP resource by URL and return its content as text or Markdown.',
    params: {
      url: { type: 'string', format: 'uri', required: true, description: 'The URL to fetch' },
      as_markdown: { type: 'boolean', default: true, description: 'Convert HTML to Markdown' },
    },
    metadata: {
      category: 'web',
      keywords: ['url', 'http', 'fetch', 'download', 'page', 'website', 'curl', 'html'],
      useCases: ['Read a page of documentation', 'Download a file from the internet'],
      accessMode: 'network',
      executionCategory: 'network',
      stages: ['research'],
      taskTypes: ['research'],
    },
  }),
  catalogueTool({
    name: 'http_request',
    description: 'Send an HTTP request (GET, POST, PUT, PATCH, DELETE) with headers and a JSON body to an API endpoint and return the status and response.',
    params: {
      method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], default: 'GET', description: 'HTTP method' },
      url: { type: 'string', format: 'uri', required: true, description: 'Endpoint URL' },
      headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Request headers' },
      body: { description: 'JSON body' },
    },
    metadata: {
      category: 'web',
      keywords: ['api', 'rest', 'http', 'request', 'post', 'endpoint', 'json', 'webhook'],
      useCases: ['Call a REST API', 'Test an endpoint of the service you are building'],
      accessMode: 'network',
      executionCategory: 'network',
      stages: ['implementation', 'verification'],
      taskTypes: ['execution', 'testing'],
    },
  }),
  catalogueTool({
    name: 'lookup_documentation',
    description: 'Look up the reference documentation of a library, function or class, with usage examples.',
    params: {
      library: { type: 'string', required: true, description: 'Library or package name' },
      topic: { type: 'string', description: 'Function, class or topic' },
    },
    costTier: 'low',
    aliases: ['docs'],
    metadata: {
      category: 'documentation',
      keywords: ['docs', 'documentation', 'reference', 'api', 'library', 'usage', 'manual', 'how to'],
      useCases: ['Check how a library function is called', 'Read the options of a framework API'],
      accessMode: 'network',
      executionCategory: 'network',
      stages: ['research', 'implementation'],
      taskTypes: ['research'],
    },
  }),
];
