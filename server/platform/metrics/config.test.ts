import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";

describe("METRICS_PORT, METRICS_HOST and METRICS_TOKEN", () => {
  it("serve metrics nowhere when unset", () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, host: "127.0.0.1", token: null });
    expect(loadConfig({ METRICS_PORT: "", METRICS_TOKEN: " " }).metrics).toEqual({
      port: null,
      host: "127.0.0.1",
      token: null,
    });
  });

  it("take a port of its own and a token of 32 characters or more", () => {
    const token = "t".repeat(32);
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      host: "127.0.0.1",
      token,
    });
  });

  it("listen on this machine's loopback whatever HOST says, unless METRICS_HOST names another address", () => {
    expect(loadConfig({ METRICS_PORT: "9464" }).metrics.host).toBe("127.0.0.1");
    expect(loadConfig({ METRICS_PORT: "9464", HOST: "0.0.0.0" }).metrics.host).toBe("127.0.0.1");
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics.host).toBe("10.0.0.5");
  });

  it("refuse a port that is not one, or the site's own", () => {
    for (const bad of ["0", "65536", "-1", "9464.5", "metrics"]) {
      expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(
        /METRICS_PORT: must be a port number \(1-65535\) for the metrics listener/,
      );
    }
    expect(() => loadConfig({ PORT: "8080", METRICS_PORT: "8080" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "8080", METRICS_PORT: "8080" })).toThrow(/METRICS_PORT: must differ from PORT/);
  });

  it("refuse a short token, or one that cannot travel in an Authorization header", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: `${"t".repeat(32)} x` })).toThrow(
      /METRICS_TOKEN: must be printable ASCII without spaces/,
    );
  });
});
