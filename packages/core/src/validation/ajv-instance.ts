import Ajv, { type AnySchema, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { useJsonEquality } from './json-equality';

/**
 * Why these options:
 * - `allErrors` is a parameter of `compileWithAjv`: each schema gets a
 *   validator that stops at the first problem (the verdict of every call),
 *   and, once a call fails, one that finds every problem, so the model gets
 *   them all at once, not one per round trip (the messages list the first
 *   ones and count the rest). ajv cannot stop collecting after N problems,
 *   and each costs about 1 µs and 160 bytes, so the second runs only on
 *   arguments small enough (see `DEFAULT_MAX_CHECKED_VALUES`).
 * - `useDefaults`: defaults land on the copy handed to `execute`.
 * - `ownProperties`, for schemas that name a property like an Object.prototype
 *   member (`constructor`, `toString`...) in `properties`, `required` or
 *   `dependencies`: the arguments are ordinary objects, which answer to those
 *   names through their prototype, so these keywords must look at own keys
 *   only. It adds a `hasOwnProperty` call per property checked to every
 *   call, so only the schemas that need it are compiled with it, on an
 *   instance of their own; the others, nearly all, are not.
 * - `strict: false`: tool schemas come from TypeBox, decorators and hand
 *   written JSON carrying annotations ajv does not know (`x-*`, provider
 *   keywords such as OpenAI's `strict`, `nullable`, unknown formats). Strict
 *   mode would throw at compile time, i.e. on a user's first call; a tool must
 *   not become uncallable because of an annotation. Unknown keywords and
 *   formats are therefore ignored.
 * - `logger: false`: with `strict: false` ajv would print a warning per
 *   unknown format on every compile; validation stays quiet.
 * - `addUsedSchema` stays on (ajv's default): ajv resolves a root `$ref: '#'`
 *   and refs to the root's `$id` through its registry. What a compilation
 *   adds there is removed right after it (see `compileWithAjv`), so two tools
 *   whose schemas carry the same `$id` (TypeBox copies are common) never collide.
 * - `uniqueItems`, `const` and `enum` are ours (`json-equality.ts`): ajv's
 *   deep-equal throws on an object with an own `valueOf` or `toString` key.
 * - `coerceTypes` stays off: ajv's coercion also turns null into 0/'' and
 *   scalars into arrays, even inside anyOf; see `coerce.ts` for ours.
 */
const AJV_OPTIONS: Options = {
  useDefaults: true,
  strict: false,
  logger: false,
};

/**
 * Compilations per ajv instance. An instance keeps every function it compiled
 * in its scope for as long as it lives (about 10 KB per schema, whatever
 * `removeSchema` does), so a fresh one takes over after this many; the old one
 * goes once no validator it compiled is in use. A new instance costs about
 * 10 ms (ajv-formats, the meta-schema): under 3% of 256 compilations.
 */
const COMPILES_PER_INSTANCE = 256;

/** The current instance of each kind (`ownProperties` and `allErrors` on or off) and how many schemas it compiled. */
const instances = new Map<string, { ajv: Ajv; compiles: number }>();

function createAjv(ownProperties: boolean, allErrors: boolean): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, ownProperties, allErrors });
  addFormats(ajv);
  // Paths are plain strings to the validator; the registry's EXPLORE policy
  // is what checks them against the sandbox.
  ajv.addFormat('path', true);
  // JSON equality for uniqueItems, const and enum: ajv's throws on an object with an own valueOf or toString.
  useJsonEquality(ajv);
  return ajv;
}

/**
 * Compiles `schema` on the current ajv instance of its kind (Draft 7,
 * ajv-formats, `format: 'path'`, see `ownProperties` and `allErrors` above)
 * and removes from its registry whatever the compilation added: the root
 * under its `$id` (or under '' when it has none) and the embedded `$id`s. The
 * compiled function keeps what it resolved. Throws what ajv throws for a
 * schema it cannot compile.
 */
export function compileWithAjv(schema: AnySchema, ownProperties: boolean, allErrors: boolean): ValidateFunction {
  const kind = `${ownProperties}/${allErrors}`;
  let current = instances.get(kind);
  if (current === undefined || current.compiles >= COMPILES_PER_INSTANCE) {
    current = { ajv: createAjv(ownProperties, allErrors), compiles: 0 };
    instances.set(kind, current);
  }
  current.compiles++;
  const ajv = current.ajv;
  const refs = new Set(Object.keys(ajv.refs));
  const schemas = new Set(Object.keys(ajv.schemas));
  try {
    return ajv.compile(schema);
  } finally {
    if (typeof schema === 'object') ajv.removeSchema(schema);
    for (const key of Object.keys(ajv.refs)) if (!refs.has(key)) ajv.removeSchema(key);
    for (const key of Object.keys(ajv.schemas)) if (!schemas.has(key)) ajv.removeSchema(key);
  }
}
