import { data, redirect } from "react-router";
import { adminCookie, endAdminSession } from "../../../server/admin/session.ts";
import { servesHttps } from "../../../server/platform/config.ts";
import { fromThisSite } from "../../../server/platform/http/origin.ts";
import { requestContextKey, servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/logout.ts";

/** Ends the session on the server and clears the cookie; POST only, from this site's pages. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const https = servesHttps(services.config);
  if (!fromThisSite(request.headers)) {
    throw data("Log out from this site's own pages.", { status: 403 });
  }
  await endAdminSession(services.database, request.headers.get("cookie") ?? undefined, https, {
    ip: context.get(requestContextKey).ip,
    now: services.now(),
  });
  return redirect("/admin", { headers: { "Set-Cookie": adminCookie(null, https) } });
}

export function loader() {
  return redirect("/admin");
}

// A page, not a resource route: a refused logout (another site's post) is answered with the site's
// error page rather than a JSON string. A successful one never renders: it redirects.
export default function Logout() {
  return null;
}
