// Deterministic, realistic-looking tool catalogues: names, descriptions,
// keywords and parameters drawn from word lists with a seeded PRNG, so every
// run (and every machine) measures the same catalogue.

/** mulberry32: tiny, fast, good enough to shuffle word lists reproducibly. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

const DOMAINS = {
  filesystem: ['file', 'directory', 'symlink', 'archive', 'permission', 'path'],
  git: ['commit', 'branch', 'tag', 'diff', 'stash', 'remote', 'blame'],
  github: ['issue', 'pull request', 'review', 'release', 'workflow', 'label'],
  database: ['table', 'row', 'index', 'migration', 'schema', 'query plan'],
  email: ['message', 'thread', 'attachment', 'draft', 'mailbox', 'contact'],
  calendar: ['event', 'meeting', 'invitation', 'reminder', 'availability'],
  billing: ['invoice', 'payment', 'refund', 'subscription', 'customer', 'coupon'],
  kubernetes: ['pod', 'deployment', 'service', 'namespace', 'config map', 'secret'],
  observability: ['log', 'metric', 'trace', 'alert', 'dashboard', 'incident'],
  network: ['dns record', 'certificate', 'endpoint', 'port', 'proxy', 'request'],
  documents: ['document', 'page', 'spreadsheet', 'slide', 'comment', 'template'],
  media: ['image', 'video', 'audio clip', 'thumbnail', 'caption', 'playlist'],
  search: ['web page', 'result', 'snippet', 'citation', 'news article'],
  chat: ['channel', 'conversation', 'reaction', 'mention', 'user'],
  security: ['vulnerability', 'policy', 'token', 'key', 'audit entry', 'role'],
  analytics: ['report', 'chart', 'cohort', 'funnel', 'segment', 'event stream'],
  crm: ['lead', 'deal', 'account', 'opportunity', 'note', 'pipeline'],
  build: ['package', 'artifact', 'test suite', 'build job', 'dependency', 'lockfile'],
  storage: ['bucket', 'object', 'snapshot', 'volume', 'backup'],
  translation: ['sentence', 'glossary', 'locale', 'translation memory'],
};

const VERBS = [
  ['read', 'Reads'], ['write', 'Writes'], ['list', 'Lists'], ['search', 'Searches for'], ['create', 'Creates'],
  ['delete', 'Deletes'], ['update', 'Updates'], ['fetch', 'Fetches'], ['archive', 'Archives'], ['export', 'Exports'],
  ['import', 'Imports'], ['summarize', 'Summarizes'], ['validate', 'Validates'], ['compare', 'Compares'],
  ['restore', 'Restores'], ['count', 'Counts'], ['rename', 'Renames'], ['move', 'Moves'], ['tag', 'Tags'],
  ['watch', 'Watches'], ['analyze', 'Analyzes'], ['download', 'Downloads'], ['upload', 'Uploads'], ['sync', 'Synchronizes'],
];

const QUALIFIERS = ['', 'recent', 'archived', 'shared', 'remote', 'local', 'failed', 'pending', 'large', 'duplicate'];

const PARAMS = {
  id: { type: 'string', description: 'Identifier of the item.' },
  path: { type: 'string', description: 'Where the item lives.' },
  query: { type: 'string', description: 'Text to match.' },
  limit: { type: 'integer', minimum: 1, maximum: 500, description: 'Most items to return.' },
  since: { type: 'string', format: 'date-time', description: 'Only items changed after this time.' },
  recursive: { type: 'boolean', description: 'Include nested items.' },
  format: { type: 'string', enum: ['json', 'csv', 'markdown'], description: 'Output format.' },
  dryRun: { type: 'boolean', description: 'Report what would change without changing it.' },
};
const PARAM_NAMES = Object.keys(PARAMS);

const ACCESS_BY_VERB = { read: 'readonly', list: 'readonly', search: 'readonly', fetch: 'network', count: 'readonly', summarize: 'readonly', analyze: 'readonly', compare: 'readonly', watch: 'readonly', download: 'network', upload: 'network', sync: 'network' };
const COSTS = ['free', 'free', 'low', 'low', 'medium', 'high'];

const plural = (noun) => (noun.endsWith('s') || noun.endsWith('x') ? `${noun}es` : noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`);
const snake = (text) => text.replace(/\s+/g, '_');

/**
 * `count` tool specs: `{ name, description, parameters, costTier, metadata }`,
 * the same list for the same `count` and `seed`.
 */
export function syntheticToolSpecs(count, seed = 42) {
  const rand = prng(seed);
  const domains = Object.keys(DOMAINS);
  const specs = [];
  const taken = new Set();
  while (specs.length < count) {
    const domain = pick(rand, domains);
    const noun = pick(rand, DOMAINS[domain]);
    const [verb, verbPhrase] = pick(rand, VERBS);
    const qualifier = pick(rand, QUALIFIERS);
    let name = `${domain}_${verb}_${qualifier ? `${qualifier}_` : ''}${snake(noun)}`;
    if (taken.has(name)) name = `${name}_${specs.length}`;
    taken.add(name);

    const object = `${qualifier ? `${qualifier} ` : ''}${plural(noun)}`;
    const other = pick(rand, DOMAINS[domain]);
    const description =
      `${verbPhrase} ${object} in ${domain}. ` +
      `Use it to ${verb} ${plural(noun)} before working on their ${plural(other)}, e.g. during a review. ` +
      `Returns the ${plural(noun)} it touched as ${pick(rand, ['JSON', 'a table', 'a list'])}.`;

    const paramCount = 1 + Math.floor(rand() * 4);
    const properties = {};
    for (let i = 0; i < paramCount; i++) {
      const param = pick(rand, PARAM_NAMES);
      properties[param] = { ...PARAMS[param] };
    }
    const names = Object.keys(properties);
    const parameters = { type: 'object', properties, required: names.slice(0, 1), additionalProperties: false };

    const explicit = rand() < 0.7;
    const metadata = explicit
      ? {
          category: domain,
          keywords: [verb, ...noun.split(' '), domain, ...(qualifier ? [qualifier] : [])],
          useCases: [`${verb} ${plural(noun)}`, `${verb} ${plural(noun)} in ${domain}`],
          accessMode: ACCESS_BY_VERB[verb] ?? 'write',
        }
      : undefined;
    specs.push({ name, description, parameters, costTier: pick(rand, COSTS), metadata });
  }
  return specs;
}

/** Queries a model-side planner would plausibly send, with inflected forms to exercise stemming. */
export function syntheticQueries(count = 32, seed = 7) {
  const rand = prng(seed);
  const domains = Object.keys(DOMAINS);
  const forms = { search: 'searching', list: 'listing', read: 'reading', create: 'creating', delete: 'deleting', update: 'updating' };
  const queries = [];
  for (let i = 0; i < count; i++) {
    const domain = pick(rand, domains);
    const noun = pick(rand, DOMAINS[domain]);
    const [verb] = pick(rand, VERBS);
    const verbForm = i % 3 === 0 && forms[verb] ? forms[verb] : verb;
    const qualifier = pick(rand, QUALIFIERS);
    queries.push(`${verbForm} the ${qualifier ? `${qualifier} ` : ''}${i % 2 ? plural(noun) : noun} in ${domain}`);
  }
  return queries;
}
