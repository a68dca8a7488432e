import { toolAnchor } from "../../core/likes.ts";
import { categoryPath } from "../../core/catalog.ts";
import { categoryName, outboundRel, toolHref, type CardView } from "../lib/tools.ts";
import { FeaturedBadge } from "./featured-badge.tsx";
import { LifecycleBadge } from "./lifecycle-badge.tsx";
import { LikeButton } from "./like-button.tsx";
import { ToolLogo } from "./tool-logo.tsx";
import { PageLink } from "./ui/page-link.tsx";

type CardTool = CardView;
type HeadingLevel = 2 | 3 | 4;

/** The card's title: a link to the tool's page (or its website), stretched over the whole card. */
function CardTitle({ tool, headingLevel }: { tool: CardTool; headingLevel: HeadingLevel }) {
  const { href, external } = toolHref(tool);
  const Heading = `h${headingLevel}` as const;
  return (
    <Heading className="min-w-0 wrap-anywhere">
      {external ? (
        <a href={href} target="_blank" rel={outboundRel(tool)} className="tool-card-link">
          {tool.name}
        </a>
      ) : (
        <PageLink to={href} className="tool-card-link">
          {tool.name}
        </PageLink>
      )}
    </Heading>
  );
}

/**
 * A tool in a list: logo and name, the tagline across the card's whole width, then first category
 * and likes; featured ones carry the badge.
 */
export function ToolCard({
  tool,
  headingLevel = 3,
  anchor = true,
}: {
  tool: CardTool;
  headingLevel?: HeadingLevel;
  anchor?: boolean;
}) {
  // The anchor a like without JavaScript comes back to (server/likes/http.ts): once a page.
  return (
    <article
      id={anchor ? toolAnchor(tool.id) : undefined}
      className={tool.featured ? "tool-card is-featured" : "tool-card"}
    >
      <div className="flex items-center gap-3">
        <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={40} />
        <CardTitle tool={tool} headingLevel={headingLevel} />
      </div>
      <p className="tool-card-tagline">{tool.tagline}</p>
      <div className="tool-card-meta">
        {tool.featured && <FeaturedBadge priceCents={tool.featured.priceCents} />}
        <LifecycleBadge state={tool.lifecycle} />
        {tool.categories[0] && (
          <PageLink to={categoryPath(tool.categories[0])} className="tool-card-category">
            {categoryName(tool.categories[0])}
          </PageLink>
        )}
        <LikeButton toolId={tool.id} count={tool.upvotesCount} />
      </div>
    </article>
  );
}

/** A tool in a short side list (a tool page's related tools): logo, name, a one-line tagline and, if paid, the label. */
export function CompactToolCard({ tool, headingLevel = 3 }: { tool: CardTool; headingLevel?: HeadingLevel }) {
  return (
    <article className={tool.featured ? "tool-card is-compact is-featured" : "tool-card is-compact"}>
      <div className="flex items-center gap-3">
        <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={32} />
        <div className="min-w-0">
          <CardTitle tool={tool} headingLevel={headingLevel} />
          <p className="truncate text-sm text-slate-700">{tool.tagline}</p>
          {tool.featured && <FeaturedBadge />}
        </div>
      </div>
    </article>
  );
}

/**
 * A responsive grid of cards. `layout="featured"` is the paid placement: a row to swipe through
 * on narrow screens, so it shows near the top of the page, and one column beside the list from lg.
 */
export function ToolGrid({
  tools,
  columns = 4,
  layout = "grid",
  headingLevel = 3,
  listedAbove = [],
}: {
  tools: CardTool[];
  columns?: 1 | 2 | 3 | 4;
  layout?: "grid" | "featured";
  headingLevel?: HeadingLevel;
  /** Tools whose cards came earlier on the page and carry their anchor: theirs here carry none. */
  listedAbove?: readonly { id: string }[];
}) {
  const anchored = new Set(listedAbove.map((t) => t.id));
  const grid = {
    1: "grid grid-cols-1 gap-4",
    2: "grid gap-4 sm:grid-cols-2",
    3: "grid gap-4 sm:grid-cols-2 xl:grid-cols-3",
    4: "grid gap-4 sm:grid-cols-2 lg:grid-cols-4",
  }[columns];
  return (
    <ul className={layout === "featured" ? "featured-strip" : grid}>
      {tools.map((tool) => (
        <li key={tool.id} className="min-w-0">
          <ToolCard tool={tool} headingLevel={headingLevel} anchor={!anchored.has(tool.id)} />
        </li>
      ))}
    </ul>
  );
}
