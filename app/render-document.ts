import { buffer } from "node:stream/consumers";
import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { responseWithBody } from "../server/platform/http/rendered-body.ts";

export interface RenderDocumentOptions {
  status: number;
  headers: Headers;
  /** Aborts the render after this long. */
  timeoutMs: number;
}

/**
 * Renders a document to an HTML response, whole, with React's static prerender: every page's data
 * is loaded before rendering, so nothing would arrive later than the rest, and a stored page needs
 * all of its bytes anyway.
 *
 * The root route wraps its page in one Suspense boundary (app/root.tsx): renders then leave less
 * behind for V8's old generation (docs/decisions/030). `progressiveChunkSize: Infinity` writes a
 * completed boundary in place; otherwise React would move a large one to the end of the document
 * for a script to put back, and a page without JavaScript would show nothing there.
 *
 * An error anywhere in the render rejects, and React Router renders the route's error page with
 * status 500. In the shell React rejects by itself; inside the boundary, or when the render is
 * aborted for taking too long, it reports the error and resolves with the boundary left for the
 * browser to render, which a page without JavaScript never does. Since nothing incomplete is ever
 * sent, React writes no script of its own, and needs no nonce.
 */
export async function renderToResponse(element: ReactNode, options: RenderDocumentOptions): Promise<Response> {
  const controller = new AbortController();
  const timeoutId = setTimeout(() => {
    controller.abort(new Error(`The page took longer than ${options.timeoutMs} ms to render.`));
  }, options.timeoutMs);
  let renderError: { error: unknown } | undefined;
  try {
    const { prelude } = await prerenderToNodeStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: controller.signal,
      onError(error: unknown) {
        renderError ??= { error };
      },
    });
    if (renderError) throw renderError.error;
    const body = await buffer(prelude);
    options.headers.set("Content-Type", "text/html; charset=utf-8");
    return responseWithBody(body, { headers: options.headers, status: options.status });
  } finally {
    clearTimeout(timeoutId);
  }
}
