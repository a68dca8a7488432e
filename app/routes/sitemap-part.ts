import { data } from "react-router";
import { sitemapPart, sitemapSite } from "../../server/catalog/sitemap.ts";
import { servicesContextKey } from "../context.ts";
import { xmlResponse } from "../lib/xml.ts";
import type { Route } from "./+types/sitemap-part.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalog, config, now } = context.get(servicesContextKey);
  const xml = await sitemapPart(catalog, now(), sitemapSite(config), params.file);
  if (xml === null) throw data("Not found", { status: 404 });
  return xmlResponse(xml, "application/xml");
}
