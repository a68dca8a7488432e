import type { MetaDescriptor } from "react-router";

export const DEFAULT_SITE_NAME = "toolshelf/";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

function rootData(matches: Matches): { siteName?: string; siteUrl?: string } | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as { siteName?: string; siteUrl?: string } | undefined;
}

/** The configured site name, read from the root loader's data inside a `meta` function. */
export function siteNameFrom(matches: Matches): string {
  return rootData(matches)?.siteName ?? DEFAULT_SITE_NAME;
}

/** An absolute URL for a path on this site (SITE_URL); URLs that are absolute already stay as they are. */
export function absoluteUrl(matches: Matches, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${rootData(matches)?.siteUrl ?? ""}${path}`;
}

/** Title and description tags for a plain page: "Page — site". */
export function pageMeta(matches: Matches, page: string, description: string): MetaDescriptor[] {
  return [{ title: `${page} — ${siteNameFrom(matches)}` }, { name: "description", content: description }];
}

/** A wide image made for link previews: shown large, with its size and a text for those who cannot see it. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * Everything search engines and link previews read: title, description, canonical, Open Graph,
 * Twitter. `image` is a share image (a large card) or a plain image such as a logo (a small one).
 */
export function seoMeta(
  matches: Matches,
  page: {
    title: string;
    description: string;
    path: string;
    image?: ShareImage | string | null;
    type?: "website" | "article";
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const url = absoluteUrl(matches, page.path);
  const share = typeof page.image === "object" ? page.image : null;
  const imagePath = typeof page.image === "string" ? page.image : share?.url;
  const image = imagePath ? absoluteUrl(matches, imagePath) : null;
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteNameFrom(matches) },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: share ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (share) {
    tags.push(
      { property: "og:image:width", content: String(share.width) },
      { property: "og:image:height", content: String(share.height) },
      { property: "og:image:alt", content: share.alt },
      { name: "twitter:image:alt", content: share.alt },
    );
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
