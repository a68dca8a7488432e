import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

export interface RenderStreamOptions {
  nonce: string;
  /** Wait for the whole document (crawlers) rather than only its shell (people). */
  allReady: boolean;
  status: number;
  headers: Headers;
  /** Aborts the render after this long. */
  timeoutMs: number;
  /** An error after the response has started: it can only be logged. */
  onLateError(error: unknown): void;
}

/**
 * Renders a document to a streamed HTML response.
 *
 * The root route wraps its page in one Suspense boundary (app/root.tsx): renders then leave less
 * behind for V8's old generation, which made full collections, and the slowest uncached pages,
 * rarer (docs/decisions/030). Two things keep that boundary invisible:
 * - `progressiveChunkSize: Infinity`: a completed boundary is written in place. Otherwise React
 *   moves a large one to the end of the document and a script puts it back, and a page without
 *   JavaScript would show nothing.
 * - An error inside the boundary would make React send the shell with an empty page, for the
 *   browser to render instead. Every page's data is loaded before rendering, so such an error is
 *   known before the shell is ready: it rejects, as an error in the shell does, and React Router
 *   renders the route's error page with status 500.
 */
export function renderToResponse(element: ReactNode, options: RenderStreamOptions): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let status = options.status;
    let started = false;
    let renderError: unknown;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), options.timeoutMs);
    const ready = () => {
      if (renderError !== undefined) {
        clearTimeout(timeoutId);
        reject(renderError);
        return;
      }
      started = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          callback();
        },
      });
      options.headers.set("Content-Type", "text/html; charset=utf-8");
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: options.headers, status }));
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      ...(options.allReady ? { onAllReady: ready } : { onShellReady: ready }),
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (started) options.onLateError(error);
        else renderError ??= error;
      },
    });
  });
}
