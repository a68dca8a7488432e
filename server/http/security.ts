import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";

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
        imgSrc: ["'self'", "data:", "https:"],
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
