import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { requestContextKey, servicesContextKey } from "./context.ts";
import { ScriptNonce } from "./components/page-script.tsx";
import { renderToResponse } from "./render-document.ts";
import { RenderedSiteConfig } from "./lib/site.ts";
import { isDatabaseBusy } from "../server/platform/http/errors.ts";

export const streamTimeout = 5_000;

// React Router's default Node entry, rendering whole documents with React's static prerender
// (app/render-document.ts), plus the CSP nonce on every inline script it renders (its own, and the
// enhancers of pages that do not hydrate: PageScript).
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestContextKey);
  const { config } = loadContext.get(servicesContextKey);
  const site = { siteName: config.siteName, siteUrl: config.siteUrl, paymentsMode: config.payments.mode };

  return renderToResponse(
    <RenderedSiteConfig value={site}>
      <ScriptNonce value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ScriptNonce>
    </RenderedSiteConfig>,
    { status: responseStatusCode, headers: responseHeaders, timeoutMs: streamTimeout + 1000 },
  );
}

/**
 * Logs loader, action and render errors once, with the request they belong to (its URL as the
 * logs write it: server/platform/http/logged-url.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A client's mistake (405 for a method a page does not take, 400, 404) is answered, not an error of ours.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const { log } = context.get(servicesContextKey);
  const info = context.get(requestContextKey);
  // React Router refused an action whose Origin is not the address it was sent to, and answered
  // 400: the client's doing (another site, or a proxy that does not say it serves HTTPS), not a fault.
  if (isActionOriginRefusal(error)) {
    log.info(
      { reason: error.message, url: info.loggedUrl, reqId: info.requestId },
      "action refused: its origin is not this address",
    );
    return;
  }
  // Overload, not a fault: the root's middleware answers 503 (app/root.tsx).
  if (isDatabaseBusy(error)) {
    info.databaseBusy = true;
    log.warn({ err: error, url: info.loggedUrl, reqId: info.requestId }, "database busy");
    return;
  }
  log.error({ err: error, url: info.loggedUrl, reqId: info.requestId }, "route error");
};

/**
 * React Router's refusal of an action from another origin (its CSRF check), which it answers 400:
 * for a page, with the check's own error; for a data request (`.data`), with a plain "Bad Request"
 * error in its place (nothing of ours throws one).
 */
function isActionOriginRefusal(error: unknown): error is Error {
  return (
    error instanceof Error &&
    error.constructor === Error &&
    /^(The `request\.url` origin does not match `origin` header|`origin` header is not a valid URL|Bad Request$)/.test(
      error.message,
    )
  );
}
