import { formatUsd } from "../../core/featuring.ts";

/** The visible mark of paid placement: "Featured" and what was paid. */
export function FeaturedBadge({ priceCents, compact = false }: { priceCents: number; compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold">
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900 ring-1 ring-amber-300">Featured</span>
      {!compact && (
        <span className="rounded-full bg-slate-900 px-2 py-0.5 text-white" title="Featured placement paid">
          {formatUsd(priceCents)}
        </span>
      )}
    </span>
  );
}
