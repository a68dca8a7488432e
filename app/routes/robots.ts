import { servicesContextKey } from "../context.ts";
import type { Route } from "./+types/robots.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContextKey);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /go/",
    "",
    `Sitemap: ${config.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
