import { formatUsd, SPONSORED_LABEL } from "../../core/featuring.ts";
import { PageLink } from "./ui/page-link.tsx";

/** The visible mark of paid placement: "Featured · sponsored" and, where given, what was paid. */
export function FeaturedBadge({ priceCents }: { priceCents?: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold">
      <span className="badge-featured">{SPONSORED_LABEL}</span>
      {priceCents !== undefined && (
        <span className="badge-price" title="Featured placement paid">
          {formatUsd(priceCents)}
        </span>
      )}
    </span>
  );
}

/** Said under every block of featured tools: that they are paid for, and where the order is explained. */
export function SponsoredNote() {
  return (
    <p className="mt-1 text-xs text-slate-700">
      Paid placement, ordered by amount.{" "}
      <PageLink to="/ranking" className="underline underline-offset-2">
        How ranking works
      </PageLink>
    </p>
  );
}
