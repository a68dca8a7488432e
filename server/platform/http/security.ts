import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import { lookupRoute } from "./routes.ts";

type Res = ServerResponse & { locals: { nonce: string } };

/**
 * Security headers. Scripts run only from our origin or with this response's nonce, which React
 * Router puts on the inline hydration scripts; nothing may frame the site.
 */
export function securityHeaders(options: { https: boolean; dev: boolean; formTargets?: readonly string[] }) {
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Res).locals.nonce}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce],
        // Inline style attributes (positioning in UI primitives) are harmless without script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the preview of a logo chosen in a form, shown from the file before it is uploaded.
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'"],
        // Vite's dev server pushes module updates over a WebSocket.
        connectSrc: options.dev ? ["'self'", "ws:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // A form post may end on the card provider's page (the checkout without JavaScript is a 303 there).
        formAction: ["'self'", ...(options.formTargets ?? [])],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
  });
}

/** What every admin response and every response that sets a cookie is sent with: no shared cache may keep it. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Whether a request URL is the admin area's (pages, their `.data`, the admin API): its route says
 * `private` in the route table, matched as React Router matches (decoded, case-insensitively).
 */
export function isPrivatePath(url: string): boolean {
  return lookupRoute(url).private;
}

/**
 * Marks admin responses and every response that sets a cookie `private, no-store` as its headers
 * go out, whoever wrote them (React Router, an Express route, an error page), so no CDN keeps them.
 */
export function privateResponses() {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    res.writeHead = markingPrivate(res.writeHead, isPrivatePath(req.url ?? "/"));
    next();
  };
}

// Made by a function rather than written in place: V8 puts a function literal assigned straight to
// a property in the old generation, and one made per request then kept the finished request from
// young-generation collections (docs/decisions/031).
function markingPrivate(writeHead: ServerResponse["writeHead"], admin: boolean): ServerResponse["writeHead"] {
  return function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (admin || this.hasHeader("set-cookie")) this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/**
 * A stored public page is sent to many visitors, so a nonce in it would be one nonce for all of
 * them. Its inline scripts are allowed by their hashes instead: the nonce goes from the scripts
 * and from the policy, which lists each script's SHA-256. The page is read as latin1, one
 * character per byte, so its scripts are found by byte position and the page is never decoded as
 * UTF-8 and encoded again.
 */
export function pinInlineScripts(page: Buffer, csp: string, nonce: string): { page: Buffer; csp: string } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const kept: Buffer[] = [];
  let copied = 0;
  for (const match of page.toString("latin1").matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [whole, attributes = "", source = ""] = match;
    const at = attributes.indexOf(attribute);
    if (at === -1) continue;
    const sourceStart = match.index + whole.length - "</script>".length - source.length;
    if (source !== "")
      hashes.add(
        `'sha256-${createHash("sha256")
          .update(page.subarray(sourceStart, sourceStart + source.length))
          .digest("base64")}'`,
      );
    const attributeStart = match.index + "<script".length + at;
    kept.push(page.subarray(copied, attributeStart));
    copied = attributeStart + attribute.length;
  }
  kept.push(page.subarray(copied));
  const sources = hashes.size > 0 ? [...hashes].join(" ") : "";
  return {
    page: kept.length === 1 ? page : Buffer.concat(kept),
    csp: csp.replace(`'nonce-${nonce}'`, sources).replace(/ {2,}/g, " ").replace(/ ;/g, ";"),
  };
}
