/**
 * An inverted-file index over unit vectors (IVF): the rows are grouped
 * around about sqrt(n) centroids by a few k-means rounds, and a query
 * compares itself with the centroids, then only with the rows of its nearest
 * groups. A large catalogue is then scanned in part: at 10,000 tools about
 * one row in eight, which keeps a semantic search well under a millisecond.
 * k-means cannot part near-identical rows (a catalogue of one template):
 * a group past twice the mean size is cut, along the line from its centroid
 * to its farthest row, into groups of the mean size, so a query never has to
 * take one group holding most of the catalogue.
 */
export class CoarseIndex {
  private centroids: Float32Array;
  private centroidCount: number;
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
    const lists: number[][] = Array.from({ length: k }, () => []);
    for (let row = 0; row < rows; row++) lists[this.nearest(row)].push(row);
    const mean = Math.ceil(rows / k);
    const groups: Array<{ centroid: Float32Array; rows: number[] }> = [];
    lists.forEach((list, c) => {
      // A centroid that drew no row is left out: queries compare themselves with fewer.
      if (list.length === 0) return;
      const centroid = this.centroids.slice(c * dimensions, (c + 1) * dimensions);
      if (list.length <= 2 * mean) groups.push({ centroid, rows: list });
      else groups.push(...this.cut(centroid, list, mean));
    });
    this.centroidCount = groups.length;
    this.centroids = new Float32Array(groups.length * dimensions);
    this.starts = new Int32Array(groups.length + 1);
    this.members = new Int32Array(rows);
    groups.forEach((group, c) => {
      this.centroids.set(group.centroid, c * dimensions);
      this.members.set(group.rows, this.starts[c]);
      this.starts[c + 1] = this.starts[c] + group.rows.length;
    });
  }

  /**
   * An oversized group as groups of `size` rows: ordered along the line from
   * its centroid to its farthest row, each part with its own centroid.
   */
  private cut(centroid: Float32Array, list: number[], size: number): Array<{ centroid: Float32Array; rows: number[] }> {
    const { data, dimensions } = this;
    const dot = (row: number, v: ArrayLike<number>): number => {
      let sum = 0;
      for (let d = 0, at = row * dimensions; d < dimensions; d++, at++) sum += data[at] * v[d];
      return sum;
    };
    let farthest = list[0];
    let lowest = Infinity;
    for (const row of list) {
      const similarity = dot(row, centroid);
      if (similarity < lowest) {
        lowest = similarity;
        farthest = row;
      }
    }
    const axis = new Float64Array(dimensions);
    for (let d = 0; d < dimensions; d++) axis[d] = data[farthest * dimensions + d] - centroid[d];
    const position = new Map<number, number>();
    for (const row of list) position.set(row, dot(row, axis));
    const ordered = [...list].sort((a, b) => position.get(a)! - position.get(b)! || a - b);
    const parts: Array<{ centroid: Float32Array; rows: number[] }> = [];
    for (let from = 0; from < ordered.length; from += size) {
      const rows = ordered.slice(from, from + size);
      const sum = new Float64Array(dimensions);
      for (const row of rows) for (let d = 0; d < dimensions; d++) sum[d] += data[row * dimensions + d];
      let norm = 0;
      for (let d = 0; d < dimensions; d++) norm += sum[d] * sum[d];
      norm = Math.sqrt(norm);
      // Rows that cancel out keep the group's centroid.
      const part = norm > 0 ? Float32Array.from(sum, (x) => x / norm) : centroid;
      parts.push({ centroid: part, rows });
    }
    return parts;
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
