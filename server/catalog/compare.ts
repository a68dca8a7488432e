import { comparePath, LIMITS } from "../../core/catalog.ts";
import type { Database } from "../platform/db/index.ts";
import type { PublicCatalog } from "./public.ts";
import { findPublicTool, type ToolDetail } from "./queries.ts";
import { lifecycleThresholds, type LifecycleConfig } from "./lifecycle.ts";

// Side-by-side comparison of two or three public tools (ADR 029): `/compare/{a}-vs-{b}[-vs-{c}]`,
// the slugs in alphabetical order, and `/compare?a=…&b=…[&c=…]`, the form's address, which takes
// slugs or names and leads to that page.

const MAX_COMPARED = LIMITS.comparedAtMost;
const SEPARATOR = "-vs-";

export const COMPARE_MESSAGES = {
  tooMany: `Compare two or three tools at a time, not more.`,
  tooFew: "Name two or three different tools to compare.",
  unknown: "No public tool has that address.",
} as const;

export type CompareOutcome =
  | { kind: "page"; tools: ToolDetail[] }
  | { kind: "moved"; to: string }
  | { kind: "not-found"; message: string }
  | { kind: "invalid"; message: string };

/**
 * The ways `key` splits into 2 or 3 slugs at its "-vs-"s, fewest tools first (a slug may itself
 * hold "-vs-": "html-vs-css-vs-figma" is html-vs-css against figma, or html against css-vs-figma).
 */
function splits(key: string): string[][] {
  const parts = key.split(SEPARATOR);
  const out: string[][] = [];
  for (let count = 2; count <= Math.min(MAX_COMPARED, parts.length); count++) {
    const cut = (from: number, left: number): string[][] => {
      if (left === 1) return [[parts.slice(from).join(SEPARATOR)]];
      const ways: string[][] = [];
      for (let end = from + 1; end <= parts.length - left + 1; end++) {
        for (const rest of cut(end, left - 1)) ways.push([parts.slice(from, end).join(SEPARATOR), ...rest]);
      }
      return ways;
    };
    out.push(...cut(0, count));
  }
  return out;
}

/** `/compare/{key}`: the tools it names, or where its canonical address is, or why there is none. */
export async function comparePage(
  deps: { database: Database; now: () => number; config: LifecycleConfig },
  key: string,
): Promise<CompareOutcome> {
  const now = deps.now();
  const parts = key.split(SEPARATOR);
  if (parts.length < 2) return { kind: "invalid", message: COMPARE_MESSAGES.tooFew };
  // Looked up once each: a key of many parts is read in a handful of ways.
  const found = new Map<string, ToolDetail | null>();
  const lookup = async (slug: string) => {
    if (!found.has(slug))
      found.set(slug, await findPublicTool(deps.database, slug, now, lifecycleThresholds(deps.config)));
    return found.get(slug)!;
  };
  for (const slugs of splits(key)) {
    const tools = await Promise.all(slugs.map(lookup));
    if (tools.some((tool) => tool === null)) continue;
    return settle(tools as ToolDetail[], key);
  }
  return parts.length > MAX_COMPARED
    ? { kind: "invalid", message: COMPARE_MESSAGES.tooMany }
    : { kind: "not-found", message: COMPARE_MESSAGES.unknown };
}

/** The page for tools found: redirected to the canonical order (and slugs), refused if one is named twice. */
function settle(tools: ToolDetail[], key: string): CompareOutcome {
  if (namesOneTwice(tools)) return { kind: "invalid", message: COMPARE_MESSAGES.tooFew };
  const canonical = comparePath(tools);
  if (canonical !== `/compare/${key}`) return { kind: "moved", to: canonical };
  return { kind: "page", tools: sortedBySlug(tools) };
}

/** Whether one tool is among them twice (named by its slug and by its name, say). */
function namesOneTwice(tools: readonly ToolDetail[]): boolean {
  return new Set(tools.map((tool) => tool.id)).size < tools.length;
}

/** The compare page's order: by slug. */
function sortedBySlug(tools: ToolDetail[]): ToolDetail[] {
  return [...tools].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/**
 * `/compare?a=…&b=…[&c=…]` (the "Compare with…" form): each value a slug or a tool's name (as the
 * name search finds it); leads to the canonical page, or says which value named no public tool.
 */
export async function compareForm(
  deps: { database: Database; catalog: PublicCatalog; now: () => number; config: LifecycleConfig },
  query: URLSearchParams,
): Promise<CompareOutcome | { kind: "form" }> {
  if (query.has("d")) return { kind: "invalid", message: COMPARE_MESSAGES.tooMany };
  const values = ["a", "b", "c"]
    .map((name) => (query.get(name) ?? "").trim().slice(0, 200))
    .filter((value) => value !== "");
  if (values.length === 0) return { kind: "form" };
  if (values.length < 2) return { kind: "invalid", message: COMPARE_MESSAGES.tooFew };
  const found = await comparedTools(deps, values);
  // Never the page itself: the form's address leads to the canonical one.
  return "kind" in found ? found : settle(found.tools, "");
}

/**
 * Two or three public tools, each named by slug, id or name, in the compare page's order (the MCP
 * tool compare_tools), with the page's path; or which one named no public tool.
 */
export async function compareTools(
  deps: { database: Database; catalog: Pick<PublicCatalog, "namedLike">; now: () => number; config: LifecycleConfig },
  values: readonly string[],
): Promise<
  { kind: "compared"; tools: ToolDetail[]; path: string } | { kind: "invalid" | "not-found"; message: string }
> {
  if (values.length > MAX_COMPARED) return { kind: "invalid", message: COMPARE_MESSAGES.tooMany };
  if (values.length < 2) return { kind: "invalid", message: COMPARE_MESSAGES.tooFew };
  const found = await comparedTools(deps, values);
  if ("kind" in found) return found;
  if (namesOneTwice(found.tools)) return { kind: "invalid", message: COMPARE_MESSAGES.tooFew };
  return { kind: "compared", tools: sortedBySlug(found.tools), path: comparePath(found.tools) };
}

/** The public tool each value names (slug, id, or name as the name search finds it), or which value named none. */
async function comparedTools(
  deps: { database: Database; catalog: Pick<PublicCatalog, "namedLike">; now: () => number; config: LifecycleConfig },
  values: readonly string[],
): Promise<{ tools: ToolDetail[] } | { kind: "not-found"; message: string }> {
  const now = deps.now();
  const tools: ToolDetail[] = [];
  for (const value of values) {
    const tool =
      (await findPublicTool(deps.database, value, now, lifecycleThresholds(deps.config))) ??
      (await namedTool(deps, value, now));
    if (!tool) return { kind: "not-found", message: `No public tool is called “${value}”.` };
    tools.push(tool);
  }
  return { tools };
}

async function namedTool(
  deps: { database: Database; catalog: Pick<PublicCatalog, "namedLike">; config: LifecycleConfig },
  name: string,
  now: number,
): Promise<ToolDetail | null> {
  const [match] = await deps.catalog.namedLike(now, name, 1);
  return match ? findPublicTool(deps.database, match.slug, now, lifecycleThresholds(deps.config)) : null;
}

/** The names a compare field suggests beside a tool: the public tools most like it, the closest first. */
export async function compareSuggestions(catalog: PublicCatalog, now: number, toolId: string): Promise<string[]> {
  const found = await catalog.alternatives(now, toolId, { page: 1, pageSize: LIMITS.compareSuggestions });
  return found ? found.items.map((tool) => tool.name) : [];
}
