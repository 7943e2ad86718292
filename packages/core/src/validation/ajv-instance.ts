import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Why these options:
 * - `allErrors`: the model gets every problem at once, not one per round trip.
 * - `useDefaults`: defaults land on the copy handed to `execute`.
 * - `strict: false`: tool schemas come from TypeBox, decorators and hand
 *   written JSON carrying annotations ajv does not know (`x-*`, provider
 *   keywords such as OpenAI's `strict`, `nullable`, unknown formats). Strict
 *   mode would throw at compile time, i.e. on a user's first call; a tool must
 *   not become uncallable because of an annotation. Unknown keywords and
 *   formats are therefore ignored.
 * - `logger: false`: with `strict: false` ajv would print a warning per
 *   unknown format on every compile; validation stays quiet.
 * - `addUsedSchema: false`: two tools whose schemas carry the same `$id`
 *   (TypeBox copies are common) must not collide in ajv's registry.
 * - `coerceTypes` stays off: ajv's coercion also turns null into 0/'' and
 *   scalars into arrays, even inside anyOf; see `coerce.ts` for ours.
 */
const AJV_OPTIONS: Options = {
  allErrors: true,
  useDefaults: true,
  strict: false,
  logger: false,
  addUsedSchema: false,
};

let instance: Ajv | undefined;

/** The shared ajv instance (Draft 7, ajv-formats, `format: 'path'`), created on first use. */
export function getAjv(): Ajv {
  if (!instance) {
    instance = new Ajv(AJV_OPTIONS);
    addFormats(instance);
    // Paths are plain strings to the validator; the registry's EXPLORE policy
    // is what checks them against the sandbox.
    instance.addFormat('path', true);
  }
  return instance;
}
