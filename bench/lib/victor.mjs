// Loads the BUILT victor-tools packages and says which parts of the public API
// exist, so a case can skip itself with a note instead of failing the run.
import { firstLineOf as firstLine } from './format.mjs';

async function load(name) {
  try {
    return { module: await import(name) };
  } catch (error) {
    const reason = error && error.code === 'ERR_MODULE_NOT_FOUND' ? 'is not built (no dist/)' : `could not be loaded (${firstLine(error)})`;
    return { module: undefined, error: `${name} ${reason}; run \`pnpm build\`` };
  }
}


/** The three packages the bench measures (and core's ./framework), each `undefined` when not built. */
export async function loadVictor() {
  const [core, coreFramework, metadata, decorators] = await Promise.all([
    load('@victor-tools/core'),
    load('@victor-tools/core/framework'),
    load('@victor-tools/metadata'),
    load('@victor-tools/decorators'),
  ]);
  return {
    core: core.module,
    coreFramework: coreFramework.module,
    metadata: metadata.module,
    decorators: decorators.module,
    loadErrors: [core, coreFramework, metadata, decorators].map((l) => l.error).filter(Boolean),
  };
}

/**
 * Names of the missing pieces among `checks` (`[label, predicate]` pairs);
 * an empty list means the case can run.
 */
export function missing(checks) {
  const absent = [];
  for (const [label, present] of checks) {
    let ok = false;
    try {
      ok = Boolean(present());
    } catch {
      ok = false;
    }
    if (!ok) absent.push(label);
  }
  return absent;
}

/** Whether core's validation (`@victor-tools/core/framework`) really rejects bad arguments (the pre-merge stub accepts everything). */
export function hasRealValidation(core) {
  if (!core || typeof core.validateArguments !== 'function') return false;
  try {
    const outcome = core.validateArguments({ type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }, {});
    return outcome.result.valid === false;
  } catch {
    return false;
  }
}

