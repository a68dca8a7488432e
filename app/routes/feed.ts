import { feedDocument } from "../../server/catalog/sitemap.ts";
import { servicesContextKey } from "../context.ts";
import { xmlResponse } from "../lib/xml.ts";
import type { Route } from "./+types/feed.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, config, now } = context.get(servicesContextKey);
  const xml = await feedDocument(catalog, now(), { url: config.siteUrl, name: config.siteName });
  return xmlResponse(xml, "application/atom+xml");
}
