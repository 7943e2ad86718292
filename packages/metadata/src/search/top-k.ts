/**
 * The best `k` documents offered, best first: higher score, then lower tie
 * rank (`order[doc]`, fixed per index). Typed arrays reused across queries;
 * an offer that does not beat the current k-th costs one comparison.
 */
export class TopK {
  private docs = new Int32Array(16);
  private scores = new Float64Array(16);
  private k = 0;
  /** How many are held (at most k). */
  size = 0;

  /** `order[doc]`: the rank of a document among equal scores (lower first). */
  constructor(private readonly order: Int32Array) {}

  /** Empties the selection for a new query keeping the `k` best. */
  reset(k: number): void {
    if (k > this.docs.length) {
      this.docs = new Int32Array(k);
      this.scores = new Float64Array(k);
    }
    this.k = k;
    this.size = 0;
  }

  /** The score a new document must beat to get in (-Infinity while not full). */
  get threshold(): number {
    return this.size < this.k ? -Infinity : this.scores[this.k - 1];
  }

  /** Whether a document with this score would get in. */
  admits(doc: number, score: number): boolean {
    if (this.size < this.k) return true;
    const last = this.scores[this.k - 1];
    return score > last || (score === last && this.order[doc] < this.order[this.docs[this.k - 1]]);
  }

  offer(doc: number, score: number): void {
    const { docs, scores, k, order } = this;
    let i = this.size;
    if (i === k) {
      if (!this.admits(doc, score)) return;
      i = k - 1;
    } else {
      this.size += 1;
    }
    const rank = order[doc];
    while (i > 0 && (score > scores[i - 1] || (score === scores[i - 1] && rank < order[docs[i - 1]]))) {
      docs[i] = docs[i - 1];
      scores[i] = scores[i - 1];
      i -= 1;
    }
    docs[i] = doc;
    scores[i] = score;
  }

  docAt(rank: number): number {
    return this.docs[rank];
  }

  scoreAt(rank: number): number {
    return this.scores[rank];
  }
}
