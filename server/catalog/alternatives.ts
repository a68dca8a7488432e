import { alternativesPath, LIMITS, pageCount, parsePage } from "../../core/catalog.ts";
import type { Database } from "../platform/db/index.ts";
import type { AlternativesPage, PublicCatalog } from "./public.ts";
import { findPublicToolHead, type ToolCard } from "./queries.ts";

/** What `/alternatives/{slug}` shows: the tool, one page of the public tools most like it, and where the page is. */
export interface AlternativesView extends AlternativesPage {
  tool: Pick<ToolCard, "id" | "slug" | "name" | "tagline" | "logoUrl">;
  page: number;
  pages: number;
  /** The page's one address. */
  canonical: string;
}

export type AlternativesOutcome =
  | { kind: "page"; view: AlternativesView }
  /** Another spelling of the page (the tool's id or an old slug, `?page=1`). */
  | { kind: "moved"; to: string }
  | { kind: "not-found"; message: string };

/**
 * The alternatives to a public tool (docs/decisions/029), a page of them; a tool that is unknown
 * or not public has none (404), as its page would not be listed either.
 */
export async function alternativesPage(
  deps: { database: Database; catalog: PublicCatalog; now: () => number },
  request: { key: string; query: URLSearchParams },
): Promise<AlternativesOutcome> {
  const page = parsePage(request.query.get("page"));
  const at = deps.now();
  // A NUL names no tool (and PostgreSQL text cannot hold one).
  const tool = request.key.includes("\u0000") ? null : await findPublicToolHead(deps.database, request.key);
  if (!tool) return { kind: "not-found", message: "No public tool has that address." };
  const canonical = alternativesPath(tool.slug, page ?? 1);
  if (page === null || request.query.get("page") === "1" || request.key !== tool.slug)
    return { kind: "moved", to: canonical };
  const found = await deps.catalog.alternatives(at, tool.id, { page, pageSize: LIMITS.alternativesPageSize });
  if (!found) return { kind: "not-found", message: "No public tool has that address." };
  const pages = pageCount(found.total, LIMITS.alternativesPageSize);
  if (page > pages) return { kind: "not-found", message: "There is no such page." };
  return { kind: "page", view: { ...found, tool, page, pages, canonical } };
}
