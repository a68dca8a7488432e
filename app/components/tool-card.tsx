import { Link } from "react-router";
import { categoryName, toolHref, type CardView } from "../lib/tools.ts";
import { FeaturedBadge } from "./featured-badge.tsx";
import { LikeButton } from "./like-button.tsx";
import { ToolLogo } from "./tool-logo.tsx";

type CardTool = CardView;

/** A tool in a list: logo, name, tagline, first category, likes; featured ones carry the badge. */
export function ToolCard({ tool, headingLevel = 3 }: { tool: CardTool; headingLevel?: 2 | 3 | 4 }) {
  const { href, external } = toolHref(tool);
  const Heading = `h${headingLevel}` as const;
  const name = external ? (
    <a href={href} target="_blank" rel="noopener nofollow" className="tool-card-link">
      {tool.name}
    </a>
  ) : (
    <Link to={href} prefetch="intent" className="tool-card-link">
      {tool.name}
    </Link>
  );
  return (
    <article className={tool.featured ? "tool-card is-featured" : "tool-card"}>
      <div className="flex items-start gap-3">
        <ToolLogo name={tool.name} logoUrl={tool.logoUrl} />
        <div className="min-w-0 flex-1">
          <Heading>{name}</Heading>
          <p className="tool-card-tagline">{tool.tagline}</p>
        </div>
      </div>
      <div className="tool-card-meta">
        {tool.featured && <FeaturedBadge priceCents={tool.featured.priceCents} />}
        {tool.categories[0] && <span>{categoryName(tool.categories[0])}</span>}
        <LikeButton toolId={tool.id} count={tool.upvotesCount} />
      </div>
    </article>
  );
}

/** A responsive grid of cards. */
export function ToolGrid({ tools, columns = 4, headingLevel = 3 }: { tools: CardTool[]; columns?: 1 | 2 | 3 | 4; headingLevel?: 2 | 3 | 4 }) {
  const grid = {
    1: "grid-cols-1",
    2: "sm:grid-cols-2",
    3: "sm:grid-cols-2 xl:grid-cols-3",
    4: "sm:grid-cols-2 lg:grid-cols-4",
  }[columns];
  return (
    <ul className={`grid gap-4 ${grid}`}>
      {tools.map((tool) => (
        <li key={tool.id}>
          <ToolCard tool={tool} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
