import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  type ShouldRevalidateFunction,
} from "react-router";
import { Suspense, useEffect } from "react";
import type { Route } from "./+types/root.ts";
import appCss from "./app.css?url";
import { AdminLogin } from "./components/admin-login.tsx";
import { NavigationProgress } from "./components/navigation-progress.tsx";
import { NotFound, StatusPage } from "./components/not-found.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { PageScript } from "./components/page-script.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { errorBody } from "../server/platform/http/errors.ts";
import { busyPageResponse } from "../server/platform/http/plain-page.ts";
import { requestContextKey, servicesContextKey } from "./context.ts";
import { DEFAULT_SITE_NAME } from "./lib/meta.ts";
import { useSiteConfig } from "./lib/site.ts";
import { UNREADABLE_ADDRESS } from "../core/api.ts";
import { TEST_MODE_BANNER, TEST_MODE_SHORT } from "../core/featuring.ts";

/** What a route module may declare in its `handle` export. */
export interface RouteHandle {
  /**
   * true: the page is sent with React's scripts and hydrates (the admin area). Otherwise it is sent
   * as HTML, complete without JavaScript, plus the small scripts it inlines itself (PageScript):
   * docs/decisions/005-tool-pages-without-hydration.md, docs/decisions/024-public-pages-without-hydration.md.
   */
  hydrate?: boolean;
  /**
   * The tools whose like counts the page shows, read from its loader's data: a like of one of them
   * on this instance makes the stored page stale at once (server/platform/http/page-cache.ts).
   */
  likeCounts?: (loaderData: never) => readonly string[];
  /**
   * The featured placements (tool ids) the page shows, read from its loader's data: each time the
   * page is sent to a person counts as an impression of them, for their sponsors' reports.
   */
  featured?: (loaderData: never) => readonly string[];
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * An address whose percent-escapes are not UTF-8 (`/%C0%AF`, `/tool/%FF`), or that carries a NUL
 * (`/tool/a%00b`, `?open=%00`), names no page (server/platform/http/guards.ts marks it): the site's own 400
 * page (the ErrorBoundary below), for page and data requests alike.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    if (!context.get(requestContextKey).unreadableAddress) return;
    // A script that asked for JSON gets the API's error shape (docs/design.md#errors).
    const accept = request.headers.get("accept") ?? "";
    if (accept.includes("application/json") && !accept.includes("text/html")) {
      return Response.json(errorBody("invalid-argument", UNREADABLE_ADDRESS), {
        status: 400,
        headers: { "Cache-Control": "no-store" },
      });
    }
    throw data(UNREADABLE_ADDRESS, { status: 400 });
  },
  // A loader or action that found the database too busy (handleError in entry.server.tsx marks
  // it): pages, resource routes and data requests alike get the busy page, 503 with Retry-After.
  async ({ context }, next) => {
    const response = await next();
    const info = context.get(requestContextKey);
    return info.databaseBusy ? busyPageResponse(info.requestId) : response;
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContextKey);
  return { siteName: config.siteName, siteUrl: config.siteUrl, paymentsMode: config.payments.mode };
}

// The site's name never changes while the page is open.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  const { site, loaded } = useSiteConfig();
  // Only pages whose route says `handle.hydrate = true` (the admin area) load React's scripts;
  // every other page is complete as HTML (docs/decisions/024-public-pages-without-hydration.md).
  // Neither does a page rendered before the root loader ran (a middleware refused the request): the
  // browser would not have the data to render it again the same way, and it works as HTML (a
  // sign-in form, a message).
  const matches = useMatches();
  const hydrate = loaded && matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === true);
  useDocumentLoadsOutsideTheApp(hydrate);
  const siteName = site?.siteName ?? DEFAULT_SITE_NAME;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {site?.paymentsMode === "test" && (
          <aside
            aria-label="Payments"
            className="bg-violet-800 px-4 py-1.5 text-center text-sm font-semibold text-white"
          >
            {/* One line on a phone: the short words and a link to the rest. */}
            <p className="max-sm:truncate">
              <span className="sm:hidden">{TEST_MODE_SHORT}</span>
              <span className="max-sm:hidden">{TEST_MODE_BANNER}</span>{" "}
              <a href="/about#test-mode" className="underline underline-offset-2">
                More<span className="sr-only"> about test mode</span>
              </a>
            </p>
          </aside>
        )}
        <SiteHeader siteName={siteName} />
        {/* The header's search suggestions; a hydrated page (the admin area) has no inlined scripts. */}
        {!hydrate && <PageScript name="search-suggest" />}
        <NavigationProgress />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          {children}
        </main>
        <SiteFooter siteName={siteName} />
        {/* Get Featured opens its dialog on whichever page it is clicked (loaded when first asked for). */}
        {!hydrate && site && site.paymentsMode !== "off" && <PageScript name="feature-dialog" />}
        {hydrate && <ScrollRestoration />}
        {hydrate && <Scripts />}
      </body>
    </html>
  );
}

/**
 * In a hydrated page (the admin area), a click on a link to any other page of the site loads it as a
 * document: those pages do not hydrate, so rendered by the running app they would lack the scripts
 * they inline (the feature dialog, the sort control).
 */
function useDocumentLoadsOutsideTheApp(hydrated: boolean) {
  useEffect(() => {
    if (!hydrated) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if (/^\/admin(\/|$)/i.test(link.pathname)) return;
      // Caught before React Router's links hear of it; the browser then follows the link itself.
      event.stopPropagation();
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [hydrated]);
}

// One boundary around every page: renders leave less for V8's old generation (app/render-document.ts
// says why it stays invisible; docs/decisions/030).
export default function App() {
  return (
    <Suspense>
      <Outlet />
    </Suspense>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A route's own words ("No such test checkout.") say more than the generic line.
    const said = typeof error.data === "string" && error.data !== "Page Not Found" ? error.data : undefined;
    return <NotFound message={said} />;
  }
  // Only the admin area answers 401 (its middleware, before any admin loader): sign in right here.
  if (isRouteErrorResponse(error) && error.status === 401)
    return <AdminLogin redirectTo={`${location.pathname}${location.search}`} />;
  // Only what we chose to say reaches the visitor: never an exception's text or stack.
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : error.statusText || "The request could not be completed."
    : "An unexpected error occurred. Please try again.";
  return <StatusPage title="Something went wrong" message={message} link={{ to: "/", label: "Go to Homepage" }} />;
}
