import type { MetaDescriptor } from "react-router";

export const DEFAULT_SITE_NAME = "toolshelf/";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The configured site name, read from the root loader's data inside a `meta` function. */
export function siteNameFrom(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteName?: string } | undefined;
  return root?.siteName ?? DEFAULT_SITE_NAME;
}

/** Title and description tags for a plain page: "Page — site". */
export function pageMeta(matches: Matches, page: string, description: string): MetaDescriptor[] {
  return [{ title: `${page} — ${siteNameFrom(matches)}` }, { name: "description", content: description }];
}
