import { data, redirect } from "react-router";
import { adminCookie, endAdminSession } from "../../../server/admin/session.ts";
import { fromThisSite } from "../../../server/http/origin.ts";
import { servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/logout.ts";

/** Ends the session on the server and clears the cookie; POST only, from this site's pages. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const https = services.config.siteUrl.startsWith("https:");
  const { headers } = request;
  if (!fromThisSite({ origin: headers.get("origin"), referer: headers.get("referer"), host: headers.get("host") })) {
    throw data("Log out from this site's own pages.", { status: 403 });
  }
  await endAdminSession(services.database, headers.get("cookie") ?? undefined, https);
  return redirect("/admin", { headers: { "Set-Cookie": adminCookie(null, https) } });
}

export function loader() {
  return redirect("/admin");
}
