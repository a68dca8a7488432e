import { grow, SCORE_CEILING as CEILING } from "./arrays.ts";
import type { Featuring } from "./featuring.ts";
import type { Lists } from "./lists.ts";
import type { Scratch } from "./scratch.ts";
import type { SlotStore } from "./slots.ts";
import type { RunningFeaturing, SearchPosition } from "./types.ts";

// Module constants of this file's own: V8 folds them into the loops below (run once per match),
// where it would load an imported binding each time.
const SCORE_CEILING = CEILING;

// The order of search results among equal scores (featured first, higher weight, then newest, then
// id: core/search.ts compareRanked), kept as a rank per slot, and the two ways a page of scored
// matches is found in it: sorting the matches, or walking the rank order.

// Sort keys pack (score, rank): scores stay below 2^10, ranks below 2^26; exact in a double.
const RANK_SPAN = 2 ** 26;

export class ResultOrder {
  private readonly slots: SlotStore;
  private readonly lists: Lists;
  private readonly featuring: Featuring;
  private readonly scratch: Scratch;

  constructor(parts: { slots: SlotStore; lists: Lists; featuring: Featuring; scratch: Scratch }) {
    this.slots = parts.slots;
    this.lists = parts.lists;
    this.featuring = parts.featuring;
    this.scratch = parts.scratch;
  }

  // As of `rankAt` (the featured placement it was made for), valid until a featured year ends.
  private byRank = new Int32Array(0);
  private rankOf = new Int32Array(0);
  private rankDirty = true;
  private rankAt: ReadonlyMap<string, RunningFeaturing> | null = null;

  /** The tools held or the payments changed: the order is made again when next needed. */
  changed(): void {
    this.rankDirty = true;
  }

  /**
   * Brings the order for equal scores up to date for `now`. The date order of the lists breaks
   * ties by id descending: runs of equal dates are read backwards.
   */
  prepare(now: number): void {
    const running = this.featuring.featuring(now);
    if (!this.rankDirty && this.rankAt === running) return;
    const recency = this.lists.view(null, "recency");
    const { createdAt, ids, slotOf } = this.slots;
    const newerThenId = (a: number, b: number) => {
      const d = createdAt[b]! - createdAt[a]!;
      if (d !== 0) return d;
      return ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0;
    };
    const featured = [...running.keys()].map((id) => slotOf.get(id)!);
    featured.sort((a, b) => running.get(ids[b]!)!.cents - running.get(ids[a]!)!.cents || newerThenId(a, b));
    const isFeatured = new Set(featured);
    const byRank = new Int32Array(this.slots.live);
    featured.forEach((slot, r) => (byRank[r] = slot));
    let r = featured.length;
    for (let i = 0; i < recency.length;) {
      let j = i + 1;
      while (j < recency.length && createdAt[recency[j]!] === createdAt[recency[i]!]) j++;
      for (let k = j - 1; k >= i; k--) if (!isFeatured.has(recency[k]!)) byRank[r++] = recency[k]!;
      i = j;
    }
    this.byRank = byRank;
    this.rankOf = grow(this.rankOf, ids.length);
    byRank.forEach((slot, rank) => (this.rankOf[slot] = rank));
    this.rankAt = running;
    this.rankDirty = false;
  }

  /** A scored slot's place in the result order (as of the last prepare), as a page's end is given out. */
  position(slot: number, score: number): SearchPosition {
    const id = this.slots.ids[slot]!;
    return {
      score: Math.min(SCORE_CEILING, score),
      cents: this.rankAt?.get(id)?.cents ?? 0,
      createdAt: this.slots.createdAt[slot]!,
      id,
    };
  }

  /**
   * Whether a scored slot comes after a position in the result order. The order by rank is the
   * order of (featured cents descending, date descending, id ascending), so a position compares
   * without its tool being held any more.
   */
  isAfter(slot: number, score: number, at: SearchPosition): boolean {
    const s = Math.min(SCORE_CEILING, score);
    if (s !== at.score) return s < at.score;
    const id = this.slots.ids[slot]!;
    const cents = this.rankAt?.get(id)?.cents ?? 0;
    if (cents !== at.cents) return cents < at.cents;
    const createdAt = this.slots.createdAt[slot]!;
    if (createdAt !== at.createdAt) return createdAt < at.createdAt;
    return id > at.id;
  }

  /** The page of the `total` matches in `touched` by sorting them all on (score, rank). */
  pageBySort(total: number, from: number, count: number): number[] {
    const { touched, score } = this.scratch;
    const { rankOf, byRank } = this;
    const keys = new Float64Array(total);
    for (let i = 0; i < total; i++) {
      const slot = touched[i]!;
      keys[i] = (SCORE_CEILING - Math.min(SCORE_CEILING, score[slot]!)) * RANK_SPAN + rankOf[slot]!;
    }
    keys.sort();
    const slots: number[] = [];
    for (let i = from; i < from + count; i++) slots.push(byRank[keys[i]! % RANK_SPAN]!);
    return slots;
  }

  /**
   * The page found by counting matches per score, then walking tools in rank order and keeping,
   * for each score the page spans, the ones that fall on the page.
   */
  pageByRankWalk(total: number, from: number, count: number): number[] {
    const { score, queryMark, touched } = this.scratch;
    const query = this.scratch.queryStamp;
    const perScore = new Int32Array(SCORE_CEILING + 1);
    let top = 0;
    for (let i = 0; i < total; i++) {
      const s = Math.min(SCORE_CEILING, score[touched[i]!]!);
      perScore[s]!++;
      if (s > top) top = s;
    }
    const skip = new Int32Array(SCORE_CEILING + 1);
    const take = new Int32Array(SCORE_CEILING + 1);
    const start = new Int32Array(SCORE_CEILING + 1);
    let above = 0;
    let wanted = 0;
    for (let s = top; s > 0; s--) {
      const n = perScore[s]!;
      const first = Math.max(from, above);
      const last = Math.min(from + count, above + n);
      if (last > first) {
        skip[s] = first - above;
        take[s] = last - first;
        start[s] = first - from;
        wanted += last - first;
      }
      above += n;
    }
    const slots: number[] = new Array<number>(count);
    const seen = new Int32Array(SCORE_CEILING + 1);
    const { byRank } = this;
    for (let r = 0; r < byRank.length && wanted > 0; r++) {
      const slot = byRank[r]!;
      if (queryMark[slot] !== query) continue;
      const s = Math.min(SCORE_CEILING, score[slot]!);
      if (take[s] === 0) continue;
      const k = seen[s]!++ - skip[s]!;
      if (k < 0 || k >= take[s]!) continue;
      slots[start[s]! + k] = slot;
      wanted--;
    }
    return slots;
  }
}
