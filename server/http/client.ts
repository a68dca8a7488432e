import type { Request } from "express";

/** The client's address: the socket's, or what a trusted proxy reports (TRUST_PROXY). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}
