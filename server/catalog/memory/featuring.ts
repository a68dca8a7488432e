import type { CategorySlug } from "../../../core/categories.ts";
import { FEATURED_DURATION_MS } from "../../../core/featuring.ts";
import { CATEGORY_BY_SLUG, type SlotStore } from "./slots.ts";
import type { FilterMasks, HeldPayment, RunningFeaturing } from "./types.ts";

// Featuring: the paid orders held, the placement in force they give each public tool (the sum of
// its payments of the last year), and the featured column of a list.

export class Featuring {
  private readonly slots: SlotStore;

  constructor(slots: SlotStore) {
    this.slots = slots;
  }

  private payments: HeldPayment[] = [];
  private running = new Map<string, RunningFeaturing>();
  private runningFrom = Number.NaN;
  private runningUntil = Number.NEGATIVE_INFINITY;
  private runningStale = true;

  /** The tools held changed: which of them are featured is worked out again. */
  changed(): void {
    this.runningStale = true;
  }

  /** Replaces the paid orders; redone only if they differ. Whether they did. */
  setPayments(payments: readonly HeldPayment[]): boolean {
    const key = (p: HeldPayment) => `${p.toolId}\n${p.paidAt}\n${p.amountCents}`;
    const next = [...payments].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    if (next.length === this.payments.length && next.every((p, i) => key(p) === key(this.payments[i]!))) return false;
    this.payments = next;
    this.runningStale = true;
    return true;
  }

  /** Public tools featured at `now` (of one category, or all, as filtered), highest weight first, then the latest payment, then id. */
  featured(now: number, options: { category: CategorySlug | null; limit: number; filters?: FilterMasks }): string[] {
    const running = this.featuring(now);
    const { slots } = this;
    const bit = options.category === null ? 0 : 1 << (CATEGORY_BY_SLUG.get(options.category) ?? 31);
    const ids = [...running.keys()].filter((id) => {
      const slot = slots.slotOf.get(id);
      return (
        slot !== undefined &&
        (bit === 0 || (slots.categoryMask[slot]! & bit) !== 0) &&
        slots.passes(slot, options.filters)
      );
    });
    ids.sort((a, b) => {
      const fa = running.get(a)!;
      const fb = running.get(b)!;
      return fb.cents - fa.cents || fb.lastPaidAt - fa.lastPaidAt || (a < b ? -1 : a > b ? 1 : 0);
    });
    return ids.slice(0, options.limit);
  }

  /**
   * The running featured placement of every public tool that has one at `now`: the sum of its
   * payments of the last year, worked out again only when a payment changes or a year ends. The
   * same map is given back until then (search keeps its result order while it is).
   */
  featuring(now: number): ReadonlyMap<string, RunningFeaturing> {
    if (this.runningStale || now < this.runningFrom || now >= this.runningUntil) {
      const running = new Map<string, RunningFeaturing>();
      let until = Number.POSITIVE_INFINITY;
      for (const p of this.payments) {
        const ends = p.paidAt + FEATURED_DURATION_MS;
        if (now >= ends || !this.slots.slotOf.has(p.toolId)) continue;
        const held = running.get(p.toolId);
        running.set(p.toolId, {
          cents: (held?.cents ?? 0) + p.amountCents,
          lastPaidAt: Math.max(held?.lastPaidAt ?? 0, p.paidAt),
        });
        until = Math.min(until, ends);
      }
      this.running = running;
      this.runningFrom = now;
      this.runningUntil = until;
      this.runningStale = false;
    }
    return this.running;
  }
}
