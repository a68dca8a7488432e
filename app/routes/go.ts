import { findPublicToolHead } from "../../server/catalog/queries.ts";
import { servicesContextKey } from "../context.ts";
import type { Route } from "./+types/go.ts";

// "Visit website" (/go/{slug}): the way out to a public tool's website, a redirect so that a
// person's click is counted for the tool as it is answered (server/claims/views.ts: once per
// visitor, tool and day, robots not at all; nothing about the visitor is kept). The website's
// address is sent as stored, its `ref` included. Search engines are told not to index or follow
// the redirect: the tool page is what they list.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContextKey);
  // A NUL names no tool (and PostgreSQL text cannot hold one).
  const tool = params.key.includes("\u0000") ? null : await findPublicToolHead(database, params.key);
  if (!tool) {
    throw new Response("Tool not found.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
    });
  }
  return new Response(null, {
    status: 302,
    headers: { Location: tool.websiteUrl, "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" },
  });
}
