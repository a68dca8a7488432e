import type { IncomingMessage } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { rawClientIp } from "./client.ts";

function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    socket: { remoteAddress },
  } as unknown as IncomingMessage;
}

function appTrusting(trust: false | number | string) {
  const app = express();
  app.set("trust proxy", trust);
  return app;
}

describe("rawClientIp (the address a fast path counts by)", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(rawClientIp(appTrusting(false))(request("198.51.100.7", "203.0.113.5"))).toBe("198.51.100.7");
  });

  it("is the forwarded client when the socket is a trusted proxy", () => {
    expect(rawClientIp(appTrusting("loopback"))(request("127.0.0.1", "203.0.113.5"))).toBe("203.0.113.5");
    // An untrusted socket's forwarded header is a claim, not an address.
    expect(rawClientIp(appTrusting("loopback"))(request("198.51.100.7", "203.0.113.5"))).toBe("198.51.100.7");
  });

  it("stops at the hop count it trusts", () => {
    expect(rawClientIp(appTrusting(1))(request("10.0.0.2", "203.0.113.9, 192.0.2.1"))).toBe("192.0.2.1");
    expect(rawClientIp(appTrusting(2))(request("10.0.0.2", "203.0.113.9, 192.0.2.1"))).toBe("203.0.113.9");
  });

  it("matches what Express itself reads for the same request", async () => {
    const app = appTrusting("loopback");
    const seen = await new Promise<string | undefined>((resolve) => {
      app.get("/", (req, res) => {
        resolve(req.ip);
        res.end();
      });
      const req = Object.assign(request("127.0.0.1", "203.0.113.5"), { method: "GET", url: "/" });
      const res = { setHeader() {}, end() {}, getHeader() {} };
      app(req as never, res as never);
    });
    expect(rawClientIp(app)(request("127.0.0.1", "203.0.113.5"))).toBe(seen);
  });
});
