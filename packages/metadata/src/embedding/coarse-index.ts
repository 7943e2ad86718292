/**
 * An inverted-file index over unit vectors (IVF): the rows are grouped
 * around about sqrt(n) centroids by a few k-means rounds, and a query
 * compares itself with the centroids, then only with the rows of its nearest
 * groups. A large catalogue is then scanned in part: at 10,000 tools about
 * one row in eight, which keeps a semantic search well under a millisecond.
 */
export class CoarseIndex {
  private readonly centroids: Float32Array;
  private readonly centroidCount: number;
  /** Row ids grouped by centroid: group c is members[starts[c]] up to members[starts[c + 1]]. */
  private readonly members: Int32Array;
  private readonly starts: Int32Array;

  constructor(
    private readonly data: Float32Array,
    private readonly rows: number,
    private readonly dimensions: number,
  ) {
    const k = Math.max(1, Math.round(Math.sqrt(rows)));
    this.centroidCount = k;
    // Deterministic seeds: rows spread evenly over the catalogue.
    this.centroids = new Float32Array(k * dimensions);
    for (let c = 0; c < k; c++) this.centroids.set(data.subarray(Math.floor((c * rows) / k) * dimensions, Math.floor((c * rows) / k) * dimensions + dimensions), c * dimensions);
    // Lloyd rounds on a sample: enough to spread the groups, cheap at build time.
    const step = Math.max(1, Math.floor(rows / 4096));
    for (let round = 0; round < KMEANS_ROUNDS; round++) {
      const sums = new Float64Array(k * dimensions);
      for (let row = 0; row < rows; row += step) {
        const c = this.nearest(row);
        for (let d = 0; d < dimensions; d++) sums[c * dimensions + d] += data[row * dimensions + d];
      }
      for (let c = 0; c < k; c++) {
        let norm = 0;
        for (let d = 0; d < dimensions; d++) norm += sums[c * dimensions + d] ** 2;
        // A centroid that drew no row keeps its seed.
        if (norm === 0) continue;
        norm = Math.sqrt(norm);
        for (let d = 0; d < dimensions; d++) this.centroids[c * dimensions + d] = sums[c * dimensions + d] / norm;
      }
    }
    const groupOf = new Int32Array(rows);
    const sizes = new Int32Array(k + 1);
    for (let row = 0; row < rows; row++) sizes[(groupOf[row] = this.nearest(row)) + 1] += 1;
    this.starts = new Int32Array(k + 1);
    for (let c = 0; c < k; c++) this.starts[c + 1] = this.starts[c] + sizes[c + 1];
    const fill = this.starts.slice(0, k);
    this.members = new Int32Array(rows);
    for (let row = 0; row < rows; row++) this.members[fill[groupOf[row]]++] = row;
  }

  /** The ids of the rows in the groups nearest to `query`, at least `wanted` of them. */
  candidates(query: Float32Array, wanted: number): Int32Array {
    const { centroidCount: k, centroids, dimensions, starts, members } = this;
    const order = Array.from({ length: k }, (_, c) => {
      let dot = 0;
      for (let d = 0, at = c * dimensions; d < dimensions; d++, at++) dot += centroids[at] * query[d];
      return { c, dot };
    }).sort((a, b) => b.dot - a.dot);
    const out: number[] = [];
    for (const { c } of order) {
      for (let i = starts[c]; i < starts[c + 1]; i++) out.push(members[i]);
      if (out.length >= wanted) break;
    }
    return Int32Array.from(out);
  }

  private nearest(row: number): number {
    const { centroids, data, dimensions, centroidCount } = this;
    let best = 0;
    let bestDot = -Infinity;
    for (let c = 0; c < centroidCount; c++) {
      let dot = 0;
      for (let d = 0, a = c * dimensions, b = row * dimensions; d < dimensions; d++, a++, b++) dot += centroids[a] * data[b];
      if (dot > bestDot) {
        bestDot = dot;
        best = c;
      }
    }
    return best;
  }
}

const KMEANS_ROUNDS = 4;
