import { sitemapDocument, sitemapSite } from "../../server/catalog/sitemap.ts";
import { collectionSitemapPages } from "../../server/collections/service.ts";
import { servicesContextKey } from "../context.ts";
import { xmlResponse } from "../lib/xml.ts";
import type { Route } from "./+types/sitemap.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, config, database, now } = context.get(servicesContextKey);
  const collections = await collectionSitemapPages(database);
  return xmlResponse(await sitemapDocument(catalog, now(), sitemapSite(config), collections), "application/xml");
}
