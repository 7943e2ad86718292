/** What `metadata.loopDetected` says about a repeated call. */
export interface LoopDetection {
  /** How many times this tool was called with these progress values in this scope. */
  count: number;
  threshold: number;
  /** The repeated values of the tool's `progressParams`. */
  values: Record<string, unknown>;
}

// Bounds the memory of a long-lived scope (the registry-wide one especially):
// the oldest keys go first, and a loop is by nature among the recent ones.
const MAX_KEYS_PER_SCOPE = 1000;

/**
 * Counts calls of a tool with the same values of its `progressParams`, per
 * scope. The registry uses the caller's context object as the scope (held
 * weakly, so a finished conversation's counts go with it), and itself for
 * calls without a context: no session id is needed.
 */
export class LoopDetector {
  private readonly scopes = new WeakMap<object, Map<string, number>>();

  constructor(readonly threshold: number) {}

  /** Records a call; returns the detection when the count is past the threshold. */
  record(
    scope: object,
    toolName: string,
    progressParams: readonly string[],
    args: Record<string, unknown>,
  ): LoopDetection | undefined {
    let key: string;
    try {
      key = `${toolName}\u0000${JSON.stringify(progressParams.map((param) => args[param]))}`;
    } catch {
      return undefined; // values that cannot be serialized cannot be compared either
    }
    let counts = this.scopes.get(scope);
    if (!counts) {
      counts = new Map();
      this.scopes.set(scope, counts);
    }
    const count = (counts.get(key) ?? 0) + 1;
    counts.delete(key); // re-inserted below so the map's order stays least-recent first
    counts.set(key, count);
    if (counts.size > MAX_KEYS_PER_SCOPE) counts.delete(counts.keys().next().value as string);
    if (count <= this.threshold) return undefined;
    const values: Record<string, unknown> = {};
    for (const param of progressParams) values[param] = args[param];
    return { count, threshold: this.threshold, values };
  }

  /** Forgets the counts of `scope`. */
  reset(scope: object): void {
    this.scopes.delete(scope);
  }
}
