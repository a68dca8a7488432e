import { formatUsd } from "../../core/featuring.ts";

/** The visible mark of paid placement: "Featured" and what was paid. */
export function FeaturedBadge({ priceCents, compact = false }: { priceCents: number; compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold">
      <span className="badge-featured">Featured</span>
      {!compact && (
        <span className="badge-price" title="Featured placement paid">
          {formatUsd(priceCents)}
        </span>
      )}
    </span>
  );
}
