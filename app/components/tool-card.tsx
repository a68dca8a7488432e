import { Link } from "react-router";
import type { ToolCard as ToolCardData } from "../../server/catalog/queries.ts";
import { categoryName, toolHref } from "../lib/tools.ts";
import { FeaturedBadge } from "./featured-badge.tsx";
import { ToolLogo } from "./tool-logo.tsx";

type CardTool = Pick<ToolCardData, "id" | "slug" | "name" | "tagline" | "websiteUrl" | "logoUrl" | "categories" | "upvotesCount" | "featured">;

/** A tool in a list: logo, name, tagline, first category, likes; featured ones carry the badge. */
export function ToolCard({ tool, headingLevel = 3 }: { tool: CardTool; headingLevel?: 2 | 3 | 4 }) {
  const { href, external } = toolHref(tool);
  const Heading = `h${headingLevel}` as const;
  const name = external ? (
    <a href={href} target="_blank" rel="noopener nofollow" className="after:absolute after:inset-0">
      {tool.name}
    </a>
  ) : (
    <Link to={href} prefetch="intent" className="after:absolute after:inset-0">
      {tool.name}
    </Link>
  );
  return (
    <article
      className={`relative flex h-full flex-col rounded-xl border bg-white p-4 focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600 ${
        tool.featured ? "border-amber-300" : "border-slate-200"
      }`}
    >
      <div className="flex items-start gap-3">
        <ToolLogo name={tool.name} logoUrl={tool.logoUrl} />
        <div className="min-w-0 flex-1">
          <Heading className="font-semibold leading-snug">{name}</Heading>
          <p className="mt-1 line-clamp-2 text-sm text-slate-700">{tool.tagline}</p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-3 text-xs text-slate-700">
        {tool.featured && <FeaturedBadge priceCents={tool.featured.priceCents} />}
        {tool.categories[0] && <span>{categoryName(tool.categories[0])}</span>}
        <span aria-label={`${tool.upvotesCount} likes`}>♥ {tool.upvotesCount.toLocaleString("en-US")}</span>
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
