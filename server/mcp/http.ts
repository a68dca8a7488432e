import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import express, { type ErrorRequestHandler, type Response, type Router } from "express";
import type { Config } from "../platform/config.ts";
import { HttpError, limitBody } from "../platform/http/body-limit.ts";
import { clientIp } from "../platform/http/client.ts";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SEC, isDatabaseBusy } from "../platform/http/errors.ts";
import { addressKey, type RateLimiter } from "../platform/ratelimit/index.ts";
import { createMcpServer, type McpDeps } from "./server.ts";

// `/mcp`: the Model Context Protocol's Streamable HTTP transport, stateless (docs/decisions/045).
// Each POST gets a server and a transport of its own, closed when its answer is sent, so no
// instance keeps a session and any instance behind a proxy can answer any request. Answers are
// JSON, never an event stream. Every refusal is a JSON-RPC error in words meant for people.

/** The largest request body read: a JSON-RPC message of a few arguments is well under 1 KB. */
export const MCP_BODY_LIMIT = 64 * 1024;

const TOO_LARGE = `Request too large: at most ${MCP_BODY_LIMIT} bytes.`;

/** JSON-RPC's error codes used here (the SDK's own answers use the same). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
/** Implementation-defined: refusals of the transport (method, size, rate). */
const SERVER_ERROR = -32000;

/** Answers with a JSON-RPC error that belongs to no request (`id: null`). */
function sendRpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).set("Cache-Control", "no-store").json({ jsonrpc: "2.0", error: { code, message }, id: null });
}

export interface McpHttpDeps extends McpDeps {
  config: McpDeps["config"] & Pick<Config, "mcp">;
  limiters: { mcp: RateLimiter };
}

/** The MCP endpoint's router, mounted at `/mcp`. */
export function mcpRoutes(deps: McpHttpDeps): Router {
  const router = express.Router();
  if (!deps.config.mcp.enabled) {
    // Switched off (MCP_ENABLED=false): a browser gets the site's unknown page, a client a JSON-RPC error it can show.
    router.use((req, res, next) => {
      if (req.method === "GET" || req.method === "HEAD") return next();
      sendRpcError(res, 404, SERVER_ERROR, "Not found: this site's MCP server is switched off.");
    });
    return router;
  }

  router.use(async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    // Public, read-only data: any origin may ask, as with the JSON API (browser-based clients included).
    res.set("Access-Control-Allow-Origin", "*");
    res.set("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version");
    if (req.method === "OPTIONS") {
      res.set("Access-Control-Allow-Methods", "POST, GET, DELETE, OPTIONS");
      res.set(
        "Access-Control-Allow-Headers",
        "Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID",
      );
      res.set("Access-Control-Max-Age", "86400");
      res.status(204).end();
      return;
    }
    // Only messages are counted: a GET or DELETE is refused at once, whatever the budget.
    if (req.method !== "POST") return next();
    try {
      const limit = await deps.limiters.mcp.consume(addressKey(clientIp(req)));
      if (limit.limited) {
        res.set("Retry-After", String(limit.retryAfterSec));
        sendRpcError(res, 429, SERVER_ERROR, "Too many requests in a short time. Please wait a moment and try again.");
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  });

  router.post(
    "/",
    // A body stated too long is refused unread (the JSON parser would wait for all of it first);
    // only a JSON body is read (the transport refuses any other type with 415), and only so much of it.
    limitBody(MCP_BODY_LIMIT, TOO_LARGE),
    express.json({ limit: MCP_BODY_LIMIT, inflate: false }),
    async (req, res, next) => {
      if (Array.isArray(req.body)) {
        // Batches were dropped from the protocol (2025-06-18); one at a time also keeps the rate limit per message.
        sendRpcError(res, 400, INVALID_REQUEST, "Invalid Request: send one JSON-RPC message per request, not a batch.");
        return;
      }
      const server = createMcpServer(deps);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(req, res, req.body);
      } catch (error) {
        next(error);
      }
    },
  );

  // Stateless: no event stream to open (GET) and no session to end (DELETE), as the SDK's stateless examples answer.
  router.all("/", (_req, res) => {
    res.set("Allow", "POST, OPTIONS");
    sendRpcError(res, 405, SERVER_ERROR, "Method not allowed: send JSON-RPC messages with POST.");
  });
  router.use((_req, res) => sendRpcError(res, 404, SERVER_ERROR, "Not found: the MCP endpoint is /mcp itself."));
  router.use(rpcErrors(deps));
  return router;
}

/** Errors on the way in (a body too large or not JSON, a busy database), answered as JSON-RPC errors. */
function rpcErrors({ log }: McpDeps): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof HttpError) return sendRpcError(res, error.status, SERVER_ERROR, error.message);
    const type = (error as { type?: unknown } | null)?.type;
    if (type === "entity.too.large") return sendRpcError(res, 413, SERVER_ERROR, TOO_LARGE);
    if (type === "entity.parse.failed")
      return sendRpcError(res, 400, PARSE_ERROR, "Parse error: the body could not be read as JSON.");
    if (type === "charset.unsupported" || type === "encoding.unsupported")
      return sendRpcError(res, 415, SERVER_ERROR, "Unsupported Media Type: send JSON in UTF-8, uncompressed.");
    if (type === "request.aborted" || type === "request.size.invalid" || type === "stream.encoding.set")
      return sendRpcError(res, 400, INVALID_REQUEST, "Invalid Request: the body could not be read whole.");
    if (isDatabaseBusy(error)) {
      log.warn({ err: error }, "mcp: database busy");
      res.set("Retry-After", String(BUSY_RETRY_AFTER_SEC));
      return sendRpcError(res, 503, SERVER_ERROR, BUSY_MESSAGE);
    }
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500)
      return sendRpcError(res, status, INVALID_REQUEST, "Invalid Request: the request could not be read.");
    log.error({ err: error, reqId: res.locals.requestId }, "mcp: unhandled error");
    sendRpcError(res, 500, INTERNAL_ERROR, "Internal error: something went wrong on our side. Please try again.");
  };
}
