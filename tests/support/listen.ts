import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** An HTTP server on 127.0.0.1 that counts what reaches it: a test's website, or a "private" service. */
export interface LocalServer {
  server: Server;
  port: number;
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** Requests that arrived. */
  hits: number;
  /** TCP connections accepted (also those that never sent a request). */
  connections: number;
  /** WebSocket (and other) upgrade requests; each is refused. */
  upgrades: number;
  close(): Promise<void>;
}

/** Starts a LocalServer on an ephemeral port of 127.0.0.1. */
export async function listenLocal(handler: http.RequestListener): Promise<LocalServer> {
  const local = { hits: 0, connections: 0, upgrades: 0 } as LocalServer;
  local.server = http.createServer((req, res) => {
    local.hits++;
    handler(req, res);
  });
  local.server.on("connection", () => local.connections++);
  local.server.on("upgrade", (_req, socket) => {
    local.upgrades++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => local.server.listen(0, "127.0.0.1", resolve));
  local.port = (local.server.address() as AddressInfo).port;
  local.url = `http://127.0.0.1:${local.port}`;
  local.close = async () => {
    local.server.closeAllConnections();
    await new Promise((resolve) => local.server.close(resolve));
  };
  return local;
}
