import type { ToolEntry } from './tool-entry';
import { isEntryAvailable } from './tool-entry';

/** The enabled, available entries as of one registry version and one answer of every dynamic tool. */
interface Snapshot {
  readonly version: number;
  /** Every entry, in registration order. */
  readonly all: readonly ToolEntry[];
  /** The entries whose `isAvailable` is their own (may change), in registration order. */
  readonly dynamic: readonly ToolEntry[];
  /** Per dynamic entry: enabled and available when `usable` was built. */
  readonly answers: readonly boolean[];
  readonly usable: readonly ToolEntry[];
}

/**
 * Which tools are enabled and available, without asking every tool each
 * time: a tool that keeps BaseTool's `isAvailable` is always available, so
 * only the others ("dynamic") are polled, and the list is rebuilt only when
 * the registry changed (its version) or a dynamic tool answered otherwise.
 * A tool that becomes available thus shows up on the next call, without
 * registering it again, and a cached call costs O(dynamic tools).
 */
export class UsableTools {
  private snapshot: Snapshot | undefined;

  constructor(
    private readonly entries: ReadonlyMap<string, ToolEntry>,
    private readonly version: () => number,
  ) {}

  /** Every registered entry, in registration order (shared: do not mutate). */
  all(): readonly ToolEntry[] {
    return this.current().all;
  }

  /** The enabled and available entries, in registration order (shared: do not mutate; same array while nothing changed). */
  enabledAndAvailable(): readonly ToolEntry[] {
    const snapshot = this.snapshot;
    // A new snapshot has just asked every dynamic tool.
    if (snapshot === undefined || snapshot.version !== this.version()) return this.current().usable;
    const { dynamic, answers } = snapshot;
    if (dynamic.length === 0) return snapshot.usable;
    let now: boolean[] | undefined;
    for (let i = 0; i < dynamic.length; i++) {
      const entry = dynamic[i];
      // Disabled tools are not asked: their answer cannot matter until enabled, which changes the version.
      const answer = entry.enabled && isEntryAvailable(entry);
      if (now === undefined) {
        if (answer === answers[i]) continue;
        now = answers.slice(0, i);
      }
      now.push(answer);
    }
    if (now === undefined) return snapshot.usable;
    return this.rebuild(snapshot.version, snapshot.all, dynamic, now).usable;
  }

  private current(): Snapshot {
    const version = this.version();
    const snapshot = this.snapshot;
    if (snapshot !== undefined && snapshot.version === version) return snapshot;
    const all = [...this.entries.values()];
    const dynamic = all.filter((entry) => !entry.alwaysAvailable);
    return this.rebuild(version, all, dynamic, dynamic.map((entry) => entry.enabled && isEntryAvailable(entry)));
  }

  private rebuild(version: number, all: readonly ToolEntry[], dynamic: readonly ToolEntry[], answers: readonly boolean[]): Snapshot {
    const usable: ToolEntry[] = [];
    let d = 0;
    for (const entry of all) {
      if (entry.alwaysAvailable ? entry.enabled : answers[d++]) usable.push(entry);
    }
    const snapshot: Snapshot = { version, all, dynamic, answers, usable };
    this.snapshot = snapshot;
    return snapshot;
  }
}
