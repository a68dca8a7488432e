import { sitemapDocument, sitemapSite } from "../../server/catalog/sitemap.ts";
import { servicesContextKey } from "../context.ts";
import { xmlResponse } from "../lib/xml.ts";
import type { Route } from "./+types/sitemap.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, config, now } = context.get(servicesContextKey);
  return xmlResponse(await sitemapDocument(catalog, now(), sitemapSite(config)), "application/xml");
}
