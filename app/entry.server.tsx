import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { requestContextKey, servicesContextKey } from "./context.ts";
import { ScriptNonce } from "./components/page-script.tsx";
import { RenderedSiteConfig } from "./lib/site.ts";

export const streamTimeout = 5_000;

// React Router's default Node entry, plus the CSP nonce on every inline script it renders (its
// own, and the enhancers of pages that do not hydrate: PageScript).
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document at once; people get the shell as early as possible.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <RenderedSiteConfig value={site}>
        <ScriptNonce value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ScriptNonce>
      </RenderedSiteConfig>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.get(servicesContextKey).log.error({ err: error }, "render error");
        },
      },
    );
  });
}

/** Logs loader, action and render errors once, with the request they belong to. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A client's mistake (405 for a method a page does not take, 400, 404) is answered, not an error of ours.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const { log } = context.get(servicesContextKey);
  log.error({ err: error, url: request.url, reqId: context.get(requestContextKey).requestId }, "route error");
};
