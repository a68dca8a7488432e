import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { responseWithBody } from "../server/http/rendered-body.ts";

export interface RenderDocumentOptions {
  nonce: string;
  status: number;
  headers: Headers;
  /** Aborts the render after this long. */
  timeoutMs: number;
}

/**
 * Renders a document to an HTML response, whole: every page's data is loaded before rendering, so
 * nothing would arrive later than the rest, and a stored page needs all of its bytes anyway.
 *
 * The root route wraps its page in one Suspense boundary (app/root.tsx): renders then leave less
 * behind for V8's old generation (docs/decisions/030). `progressiveChunkSize: Infinity` writes a
 * completed boundary in place; otherwise React would move a large one to the end of the document
 * for a script to put back, and a page without JavaScript would show nothing there.
 *
 * An error anywhere in the render rejects, as an error in the shell does, and React Router renders
 * the route's error page with status 500; otherwise React would send the shell with an empty page
 * for the browser to render instead.
 *
 * React writes into an array in memory, not into a Node stream: every Node stream carries a
 * callback that V8 allocates in the old generation, through which a finished render (its tree,
 * routes and data) outlived young-generation collections until the next full one
 * (docs/decisions/031).
 */
export function renderToResponse(element: ReactNode, options: RenderDocumentOptions): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let renderError: { error: unknown } | undefined;
    // React starts rendering on a later turn of the event loop: every callback below runs after
    // timeoutId is set.
    const fail = (error: unknown) => {
      clearTimeout(timeoutId);
      reject(error);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (renderError) return fail(renderError.error);
        options.headers.set("Content-Type", "text/html; charset=utf-8");
        const sink = collect((body) => {
          clearTimeout(timeoutId);
          resolve(responseWithBody(body, { headers: options.headers, status: options.status }));
        }, fail);
        pipe(sink as unknown as NodeJS.WritableStream);
      },
      onShellError: fail,
      onError(error: unknown) {
        renderError ??= { error };
      },
    });
    const timeoutId = setTimeout(() => {
      const error = new Error(`The page took longer than ${options.timeoutMs} ms to render.`);
      abort(error);
      fail(error);
    }, options.timeoutMs);
  });
}

/** What React's Node renderer writes to (write, end, destroy, on), kept as one buffer. */
function collect(done: (body: Buffer<ArrayBuffer>) => void, failed: (error: unknown) => void) {
  const chunks: Uint8Array[] = [];
  return {
    write(chunk: string | Uint8Array) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    },
    end() {
      done(Buffer.concat(chunks));
    },
    destroy(error: unknown) {
      failed(error);
    },
    // Its listeners are for a destination that drains or closes early; this one does neither.
    on() {
      return this;
    },
  };
}
