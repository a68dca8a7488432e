import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { requestContextKey, servicesContextKey } from "./context.ts";
import { ScriptNonce } from "./components/page-script.tsx";
import { renderToResponse } from "./render-document.ts";
import { RenderedSiteConfig } from "./lib/site.ts";
import { isDatabaseBusy } from "../server/http/errors.ts";

export const streamTimeout = 5_000;

// React Router's default Node entry, rendering whole documents (app/render-document.ts), plus the
// CSP nonce on every inline script it renders (its own, and the enhancers of pages that do not
// hydrate: PageScript).
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
    { nonce, status: responseStatusCode, headers: responseHeaders, timeoutMs: streamTimeout + 1000 },
  );
}

/** Logs loader, action and render errors once, with the request they belong to. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A client's mistake (405 for a method a page does not take, 400, 404) is answered, not an error of ours.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const { log } = context.get(servicesContextKey);
  // Overload, not a fault: the root's middleware answers 503 (app/root.tsx).
  if (isDatabaseBusy(error)) {
    context.get(requestContextKey).databaseBusy = true;
    log.warn({ err: error, url: request.url, reqId: context.get(requestContextKey).requestId }, "database busy");
    return;
  }
  log.error({ err: error, url: request.url, reqId: context.get(requestContextKey).requestId }, "route error");
};
