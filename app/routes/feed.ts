import { collectionPath } from "../../core/collections.ts";
import { feedDocument } from "../../server/catalog/sitemap.ts";
import { publishedCollections } from "../../server/collections/service.ts";
import { servicesContextKey } from "../context.ts";
import { xmlResponse } from "../lib/xml.ts";
import type { Route } from "./+types/feed.ts";
import { introText } from "../../server/collections/intro.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, config, database, now } = context.get(servicesContextKey);
  const collections = (await publishedCollections(database)).map((c) => ({
    path: collectionPath(c.slug),
    title: c.title,
    summary: introText(c.intro) || `${c.tools} tools chosen by hand.`,
    publishedAt: c.publishedAt,
    updatedAt: c.updatedAt,
  }));
  const xml = await feedDocument(catalog, now(), { url: config.siteUrl, name: config.siteName }, collections);
  return xmlResponse(xml, "application/atom+xml");
}
