// Number and error formatting shared by the harness and the report.

/** Formats nanoseconds with a unit a reader can take in at a glance. */
export function formatNs(ns) {
  if (ns == null || Number.isNaN(ns)) return '-';
  if (ns < 10) return `${ns.toFixed(2)} ns`;
  if (ns < 1e3) return `${ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(2)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

/** Formats a ratio as `1.23x`. */
export function formatRatio(ratio) {
  if (ratio == null || Number.isNaN(ratio)) return '-';
  return ratio >= 100 ? `${ratio.toFixed(0)}x` : `${ratio.toFixed(2)}x`;
}

/** Formats bytes as B / KB (1 KB = 1024 B). */
export function formatBytes(bytes) {
  return bytes < 1024 ? `${bytes.toFixed(0)} B` : `${(bytes / 1024).toFixed(2)} KB`;
}

/** The first line of an error's message. */
export function firstLineOf(error) {
  return String(error && error.message ? error.message : error).split('\n')[0];
}
