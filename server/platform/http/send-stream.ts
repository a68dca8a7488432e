import { pipeline } from "node:stream/promises";
import type { Response } from "express";
import type { Logger } from "../logger.ts";

/**
 * Sends a stream as the response body, as fast as the client reads it. A failure before the first
 * byte is thrown, for the caller to answer; after it the connection is cut, so the client sees a
 * body shorter than promised rather than one that looks complete — logged, unless the client is
 * what went away.
 */
export async function sendStream(res: Response, body: NodeJS.ReadableStream, log: Logger): Promise<void> {
  try {
    await pipeline(body, res);
  } catch (error) {
    if (!res.headersSent) throw error;
    res.destroy();
    if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE")
      log.error({ err: error, reqId: res.locals.requestId }, "a streamed answer failed mid-way");
  }
}
