import { data, redirect } from "react-router";
import { adminCookie, endAdminSession } from "../../../server/admin/session.ts";
import { servesHttps } from "../../../server/config.ts";
import { fromThisSite } from "../../../server/http/origin.ts";
import { servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/logout.ts";

/** Ends the session on the server and clears the cookie; POST only, from this site's pages. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const https = servesHttps(services.config);
  if (!fromThisSite(request.headers)) {
    throw data("Log out from this site's own pages.", { status: 403 });
  }
  await endAdminSession(services.database, request.headers.get("cookie") ?? undefined, https);
  return redirect("/admin", { headers: { "Set-Cookie": adminCookie(null, https) } });
}

export function loader() {
  return redirect("/admin");
}
