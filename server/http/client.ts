import type { IncomingMessage } from "node:http";
import express, { type Express, type Request } from "express";

/** The client's address: the socket's, or what a trusted proxy reports (TRUST_PROXY). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

// Express's own `req.ip` (its trust-proxy rules over X-Forwarded-For), so an address read before
// Express runs is the address Express would read.
const expressIp = Object.getOwnPropertyDescriptor(express.request, "ip")!.get as (this: unknown) => string | undefined;

/** `clientIp` for a request Express has not seen yet (the fast paths in front of it), by `app`'s TRUST_PROXY. */
export function rawClientIp(app: Express): (req: IncomingMessage) => string {
  return (req) => expressIp.call({ app, headers: req.headers, connection: req.socket, socket: req.socket }) ?? req.socket.remoteAddress ?? "unknown";
}
