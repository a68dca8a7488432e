import { describe, expect, it } from "vitest";
import { methodOf, OTHER_ROUTE, routeOf } from "./route.ts";

describe("routeOf", () => {
  it("names a page by its route pattern, whatever the slug, query or data suffix", () => {
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/?ref=x")).toBe("/");
    expect(routeOf("/_root.data")).toBe("/");
    expect(routeOf("/tool/notion")).toBe("/tool/:slug");
    expect(routeOf("/tool/notion?utm_source=x/y")).toBe("/tool/:slug");
    expect(routeOf("/tool/notion.data")).toBe("/tool/:slug");
    expect(routeOf("/TOOL/Notion")).toBe("/tool/:slug");
    expect(routeOf("/browse")).toBe("/browse/:category");
    expect(routeOf("/browse/design/most-liked")).toBe("/browse/:category");
    expect(routeOf("/search/note%20taking")).toBe("/search/:query");
    expect(routeOf("/search?q=ai")).toBe("/search/:query");
    expect(routeOf("/about.data")).toBe("/about");
    expect(routeOf("/submit-tool")).toBe("/submit-tool");
    expect(routeOf("/admin/tools/abc")).toBe("/admin");
    expect(routeOf("/submission/secret-token")).toBe("/submission/:token");
    expect(routeOf("/sitemaps/tools-2.xml")).toBe("/sitemaps/:file");
    expect(routeOf("/sitemap.xml")).toBe("/sitemap.xml");
  });

  it("names what Express serves before React Router", () => {
    expect(routeOf("/like/01JABCDEF")).toBe("/like/:id");
    expect(routeOf("/assets/entry-abc123.js")).toBe("/assets");
    expect(routeOf("/uploads/logos/x.webp")).toBe("/uploads");
    expect(routeOf("/og/notion.png")).toBe("/og");
    expect(routeOf("/webhooks/stripe")).toBe("/webhooks/stripe");
    expect(routeOf("/healthz")).toBe("/healthz");
    expect(routeOf("/readyz")).toBe("/readyz");
    expect(routeOf("/metrics")).toBe("/metrics");
    expect(routeOf("/mcp")).toBe("/mcp");
    expect(routeOf("/developers")).toBe("/developers");
  });

  it("names the JSON API's endpoints, and its unknown paths by their group", () => {
    expect(routeOf("/api/v1/search?q=ai")).toBe("/api/v1/search");
    expect(routeOf("/api/v1/tools")).toBe("/api/v1/tools");
    expect(routeOf("/api/v1/tools/notion")).toBe("/api/v1/tools");
    expect(routeOf("/api/v1/categories")).toBe("/api/v1/categories");
    expect(routeOf("/api/v1")).toBe("/api/v1");
    expect(routeOf("/api/v1/nothing")).toBe("/api/v1");
    expect(routeOf("/api/admin/stats")).toBe("/api/admin");
    expect(routeOf("/api/checkout-session")).toBe("/api/checkout-session");
    expect(routeOf("/api/checkout-session/cs_test_123")).toBe("/api/checkout-session");
    expect(routeOf("/api/feature-candidates?q=n")).toBe("/api/feature-candidates");
    expect(routeOf("/api")).toBe("/api");
    expect(routeOf("/api/wp-login.php")).toBe("/api");
    expect(routeOf("/api?x=/v1/search")).toBe("/api");
  });

  it("puts every other path in one label, so no URL becomes a time series", () => {
    for (const url of [
      "/wp-login.php",
      "/.env",
      "/%74ool/x",
      "//tool/x",
      "http://example.com/tool/x",
      "*",
      "",
      "/tool-x",
      "/toolx/y",
    ]) {
      expect(routeOf(url), url).toBe(OTHER_ROUTE);
    }
  });
});

describe("methodOf", () => {
  it("keeps the usual methods and folds the rest into one", () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(methodOf(method)).toBe(method);
    for (const method of ["PROPFIND", "get", undefined]) expect(methodOf(method)).toBe("OTHER");
  });
});
