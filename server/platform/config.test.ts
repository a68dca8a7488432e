import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseDatabaseTarget, parseTrustProxy } from "./config.ts";

describe("loadConfig", () => {
  it("runs on one machine with nothing set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.database).toEqual({ engine: "sqlite", file: path.resolve("data/toolshelf.db") });
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.siteName).toBe("toolshelf/");
    expect(config.trustProxy).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.sessionSecret).toBeNull();
  });

  it("takes a SESSION_SECRET of 32 characters or more, and refuses a shorter one", () => {
    expect(loadConfig({ SESSION_SECRET: "s".repeat(32) }).sessionSecret).toBe("s".repeat(32));
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
  });

  it("reads OUTBOUND_ALLOW as host:port pairs, and refuses anything else", () => {
    expect(loadConfig({}).outboundAllow).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW: "127.0.0.1:9000, [::1]:8080,Fake.Test:443" }).outboundAllow).toEqual([
      "127.0.0.1:9000",
      "[::1]:8080",
      "fake.test:443",
    ]);
    for (const bad of ["127.0.0.1", "*", "127.0.0.1:9000,", "http://127.0.0.1:9000"]) {
      expect(() => loadConfig({ OUTBOUND_ALLOW: bad }), bad).toThrow(/OUTBOUND_ALLOW: must be host:port pairs/);
    }
  });

  it("reads DNS_SERVERS as IP addresses with optional ports (the system's resolvers when unset), and refuses anything else", () => {
    expect(loadConfig({}).dns.servers).toEqual([]);
    expect(loadConfig({ DNS_SERVERS: "127.0.0.1:5353, 9.9.9.9,2001:db8::1,[::1]:53" }).dns.servers).toEqual([
      "127.0.0.1:5353",
      "9.9.9.9",
      "2001:db8::1",
      "[::1]:53",
    ]);
    for (const bad of [
      "dns.example",
      "127.0.0.1:0",
      "127.0.0.1:65536",
      "127.0.0.1:53:53",
      "[::1]",
      "[127.0.0.1]:53",
      "::1:53x",
      "127.0.0.1,",
      "udp://127.0.0.1",
    ]) {
      expect(() => loadConfig({ DNS_SERVERS: bad }), bad).toThrow(/DNS_SERVERS: must be DNS server addresses/);
    }
  });

  it("stores files on disk unless S3_BUCKET is set, and then needs S3_PUBLIC_URL", () => {
    expect(loadConfig({ DATA_DIR: "/srv/ts" }).storage).toEqual({ kind: "disk", root: "/srv/ts/uploads" });
    expect(
      loadConfig({
        S3_BUCKET: "tools",
        S3_ENDPOINT: "https://minio.example:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PUBLIC_URL: "https://cdn.example.com/tools/",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "tools",
      endpoint: "https://minio.example:9000",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      publicUrl: "https://cdn.example.com/tools",
      forcePathStyle: true,
    });
    // AWS itself: no endpoint, the SDK's credentials, virtual-host addressing.
    expect(
      loadConfig({ S3_BUCKET: "tools", S3_REGION: "eu-west-1", S3_PUBLIC_URL: "https://tools.s3.amazonaws.com" })
        .storage,
    ).toMatchObject({
      region: "eu-west-1",
      endpoint: undefined,
      accessKeyId: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: "tools" })).toThrow(/S3_PUBLIC_URL: required with S3_BUCKET/);
    expect(() =>
      loadConfig({ S3_BUCKET: "tools", S3_PUBLIC_URL: "https://cdn.example", S3_ACCESS_KEY_ID: "id" }),
    ).toThrow(/set both or neither/);
    expect(() => loadConfig({ S3_BUCKET: "tools", S3_PUBLIC_URL: "not a url" })).toThrow(ConfigError);
  });

  it("pays through Stripe only with both its key and its webhook secret", () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_xyz" }).payments).toEqual({
      mode: "stripe",
      secretKey: "sk_test_abc123",
      webhookSecret: "whsec_xyz",
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: "whsec_xyz" })).toThrow(/set both/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_xyz" })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be/,
    );
    expect(() => loadConfig({ PAYMENTS_MODE: "stripe", SITE_URL: "https://tools.example.com" })).toThrow(
      /PAYMENTS_MODE: stripe needs STRIPE_SECRET_KEY/,
    );
  });

  it("uses the test checkout only for the one-machine demo, and switches featuring off on a public site without Stripe", () => {
    // The demo: no SITE_URL (localhost), a local address, or development.
    for (const env of [
      {},
      { SITE_URL: "http://localhost:8080" },
      { SITE_URL: "http://127.0.0.1:3000" },
      { SITE_URL: "http://[::1]:3000" },
      { SITE_URL: "http://tools.localhost" },
      { SITE_URL: "https://tools.example.com", NODE_ENV: "development" },
    ]) {
      expect(loadConfig(env).payments, JSON.stringify(env)).toEqual({ mode: "test" });
    }
    // A public address without Stripe keys: nothing can be bought, so nothing is featured for free.
    for (const siteUrl of [
      "https://tools.example.com",
      "http://203.0.113.7",
      "http://localhost.example.com",
      "http://127.0.0.1.nip.io",
    ]) {
      expect(loadConfig({ SITE_URL: siteUrl }).payments, siteUrl).toEqual({ mode: "off" });
    }
    // Set explicitly, either way.
    expect(loadConfig({ SITE_URL: "https://tools.example.com", PAYMENTS_MODE: "test" }).payments).toEqual({
      mode: "test",
    });
    expect(loadConfig({ PAYMENTS_MODE: "off" }).payments).toEqual({ mode: "off" });
    expect(
      loadConfig({ PAYMENTS_MODE: "off", STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_xyz" })
        .payments,
    ).toEqual({ mode: "off" });
    expect(() => loadConfig({ PAYMENTS_MODE: "free" })).toThrow(/PAYMENTS_MODE: must be stripe, test or off/);
  });

  it("reads the jobs' schedules and the shutdown timeout, and refuses malformed ones", () => {
    const defaults = loadConfig({});
    expect(defaults.schedules.linkHealth).toEqual({ pattern: "0 4 * * 1", timezone: "Europe/Amsterdam" });
    expect(defaults.shutdownTimeoutMs).toBe(10_000);
    const set = loadConfig({
      PRODUCT_HUNT_IMPORT_SCHEDULE: " 30 6 * * * ",
      LINK_CHECK_SCHEDULE: "*/5 * * * * *",
      SHUTDOWN_TIMEOUT_SEC: "25",
    });
    expect(set.schedules.productHuntImport).toEqual({ pattern: "30 6 * * *", timezone: "Europe/Amsterdam" });
    expect(set.schedules.linkHealth.pattern).toBe("*/5 * * * * *");
    expect(set.shutdownTimeoutMs).toBe(25_000);
    for (const bad of ["daily", "0 13 * *", "61 13 * * *", "0 13 * * * * *"]) {
      expect(() => loadConfig({ LINK_CHECK_SCHEDULE: bad })).toThrow(
        /LINK_CHECK_SCHEDULE: must be a cron pattern of 5 or 6 fields/,
      );
    }
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SEC: "0" })).toThrow(/SHUTDOWN_TIMEOUT_SEC/);
  });

  it("reads the Product Hunt import's settings, and refuses malformed ones", () => {
    const defaults = loadConfig({});
    expect(defaults.productHunt).toMatchObject({
      baseUrl: "https://www.producthunt.com",
      apiUrl: "https://api.producthunt.com/v2/api/graphql",
      token: null,
      fetchProxies: [],
      autoImport: true,
      importLimit: 20,
    });
    expect(defaults.schedules.productHuntImport).toEqual({ pattern: "0 13 * * *", timezone: "Europe/Amsterdam" });
    const set = loadConfig({
      PRODUCT_HUNT_BASE_URL: "http://127.0.0.1:4000/",
      PRODUCT_HUNT_TOKEN: "abc",
      PRODUCT_HUNT_FETCH_PROXIES: "https://a.example/?u={url}, https://b.example/{url}",
      PRODUCT_HUNT_AUTO_IMPORT: "false",
      PRODUCT_HUNT_IMPORT_LIMIT: "5",
      FAVICON_SERVICE_URL: "https://icons.example/{domain}.ico",
      LINK_CHECK_ENABLED: "no",
    });
    expect(set.productHunt).toMatchObject({
      baseUrl: "http://127.0.0.1:4000",
      token: "abc",
      fetchProxies: ["https://a.example/?u={url}", "https://b.example/{url}"],
      autoImport: false,
      importLimit: 5,
    });
    expect(set.faviconServiceUrl).toBe("https://icons.example/{domain}.ico");
    expect(set.linkHealth.enabled).toBe(false);
    expect(() => loadConfig({ PRODUCT_HUNT_FETCH_PROXIES: "https://a.example/" })).toThrow(
      /PRODUCT_HUNT_FETCH_PROXIES: must be proxy URLs containing \{url\}/,
    );
    expect(() => loadConfig({ FAVICON_SERVICE_URL: "https://icons.example/x.ico" })).toThrow(
      /FAVICON_SERVICE_URL: must contain \{domain\}/,
    );
    expect(() => loadConfig({ PRODUCT_HUNT_IMPORT_LIMIT: "0" })).toThrow(/PRODUCT_HUNT_IMPORT_LIMIT/);
    expect(() => loadConfig({ PRODUCT_HUNT_BASE_URL: "ftp://x.example" })).toThrow(/PRODUCT_HUNT_BASE_URL/);
  });

  it("treats empty variables as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", SEED_DEMO: " ", PORT: "" });
    expect(config.database.engine).toBe("sqlite");
    expect(config.seedDemo).toBe(true);
    expect(config.port).toBe(3000);
  });

  it("reads the variables it documents", () => {
    const config = loadConfig({
      PORT: "8080",
      SITE_URL: "https://tools.example.com/",
      SITE_NAME: "stack/",
      SEED_DEMO: "false",
      DATABASE_URL: "postgres://u:p@db:5432/tools",
      TRUST_PROXY: "1",
    });
    expect(config.port).toBe(8080);
    expect(config.siteUrl).toBe("https://tools.example.com");
    expect(config.siteName).toBe("stack/");
    expect(config.seedDemo).toBe(false);
    expect(config.database).toEqual({ engine: "postgres", url: "postgres://u:p@db:5432/tools" });
    expect(config.trustProxy).toBe(1);
  });

  it("names every invalid variable", () => {
    expect(() => loadConfig({ PORT: "http", SITE_URL: "not a url", SEED_DEMO: "maybe" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "70000", SITE_URL: "nope" })).toThrow(/PORT[\s\S]*SITE_URL/);
  });
});

describe("parseTrustProxy", () => {
  it("trusts nobody unless told", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
  });
  it("takes hop counts and address lists", () => {
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("loopback, 10.0.0.0/8")).toBe("loopback, 10.0.0.0/8");
    expect(parseTrustProxy("192.168.1.10,fd00::/8,uniquelocal")).toBe("192.168.1.10,fd00::/8,uniquelocal");
  });
  it("refuses to trust every hop, which would let any client name its own address", () => {
    for (const value of ["true", "TRUE", "*", "all"]) {
      expect(() => parseTrustProxy(value), value).toThrow(
        /TRUST_PROXY: .* would believe any client's X-Forwarded-For. Set the number of proxies/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
  });
  it("refuses values Express would misread", () => {
    for (const value of [
      "proxy.example.com",
      "10.0.0.0/8/1",
      "loopback;rm",
      "1.2.3",
      "10.0.0.0/33",
      "fd00::/129",
      "10.0.0.0/255.0.0.0",
      "10.0.0.0/",
    ]) {
      expect(() => parseTrustProxy(value), value).toThrow(
        /TRUST_PROXY: .* is not a hop count, an address, a CIDR range/,
      );
    }
  });
  it("refuses a range of every address (/0) as it refuses true, with a configuration error", () => {
    for (const value of ["0.0.0.0/0", "::/0", "10.0.0.0/8, ::/0", "::ffff:0:0/0"]) {
      expect(() => parseTrustProxy(value), value).toThrow(ConfigError);
      expect(() => parseTrustProxy(value), value).toThrow(
        /TRUST_PROXY: .* would believe any client's X-Forwarded-For. Set the number of proxies/,
      );
    }
  });
  it("refuses ranges that together cover more than a /8 of public IPv4 or a /16 of public IPv6", () => {
    const everyone = [
      "0.0.0.0/1,128.0.0.0/1",
      "0.0.0.0/2,64.0.0.0/2,128.0.0.0/2,192.0.0.0/2",
      "8.0.0.0/7",
      // Two /8s of public space, each allowed alone.
      "11.0.0.0/8,12.0.0.0/8",
      // All of IPv4, written as IPv4-mapped IPv6 (Express matches IPv4 clients against it).
      "::ffff:0:0/96",
      "::ffff:0.0.0.0/97",
      "2000::/3",
      "::/1",
      "2a00::/15",
    ];
    for (const value of everyone) {
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY: .* would believe any client's X-Forwarded-For/);
    }
  });
  it("takes the ranges proxies live in: private networks of any size, and public ones up to a /8 (IPv4) or a /16 (IPv6) in all", () => {
    const allowed = [
      "10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,100.64.0.0/10,127.0.0.0/8,169.254.0.0/16",
      "fc00::/7,fe80::/10,::1",
      // 0.0.0.0/8 and the multicast and reserved space are no client's address.
      "0.0.0.0/8,224.0.0.0/3",
      "11.0.0.0/8",
      // Cloudflare's published ranges.
      "173.245.48.0/20,103.21.244.0/22,103.22.200.0/22,103.31.4.0/22,141.101.64.0/18,108.162.192.0/18,190.93.240.0/20,188.114.96.0/20,197.234.240.0/22,198.41.128.0/17,162.158.0.0/15,104.16.0.0/13,104.24.0.0/14,172.64.0.0/13,131.0.72.0/22",
      "2400:cb00::/32,2606:4700::/32,2803:f800::/32,2405:b500::/32,2405:8100::/32,2a06:98c0::/29,2c0f:f248::/32",
      "2a00::/16",
      "::ffff:10.0.0.0/104",
      "203.0.113.7",
    ];
    for (const value of allowed) expect(parseTrustProxy(value), value).toBe(value);
  });
});

describe("parseDatabaseTarget", () => {
  it("chooses PostgreSQL for postgres:// and postgresql:// URLs", () => {
    expect(parseDatabaseTarget("postgresql://x/y", "/d").engine).toBe("postgres");
    expect(parseDatabaseTarget("POSTGRES://x/y", "/d").engine).toBe("postgres");
  });
  it("takes other values as an SQLite file", () => {
    expect(parseDatabaseTarget("sqlite:/tmp/a.db", "/d")).toEqual({ engine: "sqlite", file: "/tmp/a.db" });
    expect(parseDatabaseTarget(undefined, "/d")).toEqual({ engine: "sqlite", file: "/d/toolshelf.db" });
  });
});
