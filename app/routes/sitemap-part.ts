import { data } from "react-router";
import { sitemapPart, sitemapSite } from "../../server/catalog/sitemap.ts";
import { collectionSitemapPages } from "../../server/collections/service.ts";
import { servicesContextKey } from "../context.ts";
import { xmlResponse } from "../lib/xml.ts";
import type { Route } from "./+types/sitemap-part.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalog, config, database, now } = context.get(servicesContextKey);
  // Only the file of pages lists the collections.
  const collections = params.file === "pages.xml" ? await collectionSitemapPages(database) : [];
  const xml = await sitemapPart(catalog, now(), sitemapSite(config), params.file, collections);
  if (xml === null) throw data("Not found", { status: 404 });
  return xmlResponse(xml, "application/xml");
}
