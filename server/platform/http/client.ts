import type { IncomingMessage } from "node:http";
import express, { type Express, type Request } from "express";
import type { Logger } from "../logger.ts";

/** The client's address: the socket's, or what a trusted proxy reports (TRUST_PROXY). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

// Express's own `req.ip` (its trust-proxy rules over X-Forwarded-For), so an address read before
// Express runs is the address Express would read.
const expressIp = Object.getOwnPropertyDescriptor(express.request, "ip")!.get as (this: unknown) => string | undefined;

/** `clientIp` for a request Express has not seen yet (the fast paths in front of it), by `app`'s TRUST_PROXY. */
export function rawClientIp(app: Express): (req: IncomingMessage) => string {
  return (req) =>
    expressIp.call({ app, headers: req.headers, connection: req.socket, socket: req.socket }) ??
    req.socket.remoteAddress ??
    "unknown";
}

/**
 * Says once per process that a request carried X-Forwarded-For from a peer TRUST_PROXY does not
 * name. Either a proxy in front of the site is not trusted — every visitor then looks like the
 * proxy's one address to the per-address limits and the audit log — or a client sent the header
 * itself, which changes nothing; the warning says both.
 */
export function untrustedForwardingWarning(app: Express, log: Pick<Logger, "warn">): (req: IncomingMessage) => void {
  let warned = false;
  return (req) => {
    if (warned || req.headers["x-forwarded-for"] === undefined) return;
    const peer = req.socket.remoteAddress;
    const trusted = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    if (peer === undefined || trusted(peer, 0)) return;
    warned = true;
    log.warn(
      { peer, trustProxy: app.get("trust proxy") as unknown },
      "a request came with X-Forwarded-For from an address TRUST_PROXY does not name, so its client address is that peer's: if a proxy in front of the site sent it, name the proxy in TRUST_PROXY (docs/deploy.md); if a client sent the header itself, nothing needs doing. Said once per process.",
    );
  };
}
