import { data, Form, isRouteErrorResponse, NavLink, Outlet, useLocation } from "react-router";
import { adminOfCookie } from "../../../server/admin/session.ts";
import { servesHttps } from "../../../server/platform/config.ts";
import { fromThisSite } from "../../../server/platform/http/origin.ts";
import { AdminLogin } from "../../components/admin-login.tsx";
import { StatusPage } from "../../components/not-found.tsx";
import { adminContextKey, servicesContextKey } from "../../context.ts";
import type { RouteHandle } from "../../root.tsx";
import type { Route } from "./+types/layout.ts";

// The admin area (docs/design.md#rule-1): every page, loader and action under it runs only for a live
// admin session, checked here on the server before any of them; changes only from this site.

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const services = context.get(servicesContextKey);
    const https = servesHttps(services.config);
    const admin = await adminOfCookie(
      services.database,
      request.headers.get("cookie") ?? undefined,
      https,
      services.now(),
    );
    if (!admin) throw data("Sign in to continue.", { status: 401 });
    if (request.method !== "GET" && request.method !== "HEAD" && !fromThisSite(request.headers)) {
      throw data("Admin changes are only accepted from this site's pages.", { status: 403 });
    }
    context.set(adminContextKey, admin);
    return next();
  },
];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

// The admin area is an app: it hydrates, unlike the public pages (docs/decisions/024).
export const handle: RouteHandle = { hydrate: true };

export function loader({ context }: Route.LoaderArgs) {
  return { username: context.get(adminContextKey).username };
}

const NAV = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/moderation", label: "Moderation" },
  { to: "/admin/tools", label: "Tools" },
  { to: "/admin/add-tool", label: "Add Tool" },
  { to: "/admin", label: "Import" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/jobs", label: "Jobs" },
  { to: "/admin/digest", label: "Digest" },
  { to: "/admin/claims", label: "Claims" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/collections", label: "Collections" },
  { to: "/admin/reviews", label: "Reviews" },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <nav aria-label="Admin" className="flex flex-wrap items-center gap-2 border-b border-slate-200 pb-4">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            // "/admin" is the import page, not the parent of every admin page.
            end={item.to === "/admin"}
            className={({ isActive }) =>
              `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-100"}`
            }
          >
            {item.label}
          </NavLink>
        ))}
        <Form method="post" action="/admin/logout" className="ml-auto flex items-center gap-3">
          <span className="text-sm text-slate-700">{`Signed in as ${loaderData.username}`}</span>
          <button
            type="submit"
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
          >
            Log out
          </button>
        </Form>
      </nav>
      <Outlet />
    </div>
  );
}

/**
 * What an admin page failed with. 401 is the middleware's "signed out": a document request shows
 * the login through the root's boundary, a navigation inside the app through this one.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 401)
    return <AdminLogin redirectTo={`${location.pathname}${location.search}`} />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage
        title="Not found"
        message={typeof error.data === "string" ? error.data : "Nothing here."}
        link={{ to: "/admin/dashboard", label: "Back to the dashboard" }}
      />
    );
  }
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "An unexpected error occurred. Please try again.";
  return (
    <StatusPage
      title="Something went wrong"
      message={message}
      link={{ to: "/admin/dashboard", label: "Back to the dashboard" }}
    />
  );
}
