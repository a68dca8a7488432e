import { describe, expect, it } from "vitest";
import { index, layout, route, type RouteEntry } from "../../../core/route-table.ts";
import { createRouteLookup, lookupRoute } from "./routes.ts";

const PAGES: RouteEntry[] = [
  index("routes/home.tsx"),
  route("item/:key", "routes/item.tsx", { label: "/item/:slug", views: "key" }),
  layout("routes/staff/layout.tsx", { private: true, label: "/staff" }, [
    route("staff", "routes/staff/index.tsx"),
    route("staff/items/:id", "routes/staff/item.tsx", { body: "upload" }),
  ]),
  route("*", "routes/not-found.tsx", { label: "other" }),
];
const SERVER_PATHS: RouteEntry[] = [
  { path: "staff/*", private: true, label: "/staff" },
  { path: "api/*", label: "/api" },
  { path: "health", cache: false },
];

describe("createRouteLookup", () => {
  const lookup = createRouteLookup(PAGES, SERVER_PATHS);

  it("gives a layout's policy to its children, and each child what it adds", () => {
    expect(lookup("/staff")).toMatchObject({ label: "/staff", private: true, cache: false, upload: false });
    expect(lookup("/staff/items/7")).toMatchObject({ label: "/staff", private: true, cache: false, upload: true });
    // No page there, but under the private area: the server path's splat says so.
    expect(lookup("/staff/nothing/here")).toMatchObject({ label: "/staff", private: true });
  });

  it("labels by the route's label or its path, and every unknown path as other", () => {
    expect(lookup("/")).toMatchObject({ label: "/", cache: true, private: false });
    expect(lookup("/_root.data")).toMatchObject({ label: "/", data: true });
    expect(lookup("/health")).toMatchObject({ label: "/health", cache: false });
    expect(lookup("/api/x/y?z=1").label).toBe("/api");
    for (const url of ["/nothing", "//item/x", "item/x", "*", ""]) expect(lookup(url).label, url).toBe("other");
  });

  it("matches as React Router does (decoded, case-insensitively), but labels the path as sent", () => {
    expect(lookup("/%73taff")).toMatchObject({ private: true, label: "other" });
    expect(lookup("/ITEM/Caf%C3%A9")).toMatchObject({ label: "/item/:slug", toolKey: "café" });
    expect(lookup("/%69tem/x")).toMatchObject({ label: "other", toolKey: "x" });
    // Escapes that are not UTF-8: no page answers them (the site's 400), so nothing is kept or counted.
    expect(lookup("/item/%E0%A4%A")).toMatchObject({ label: "/item/:slug", cache: false, toolKey: null });
  });

  it("answers a path it has seen from memory, within its bound", () => {
    const small = createRouteLookup(PAGES, SERVER_PATHS, 2);
    const first = small("/item/a");
    expect(small("/item/a?x=1")).toBe(first);
    small("/item/b");
    small("/item/c");
    expect(small("/item/a")).not.toBe(first);
    expect(small("/item/a")).toEqual(first);
  });
});

describe("the site's route table", () => {
  it("marks the admin area private and leaves the rest public", () => {
    for (const url of [
      "/admin",
      "/admin/",
      "/ADMIN/tools/x",
      "/%61dmin",
      "/admin.data",
      "/admin/nothing",
      "/api/admin/stats",
      "/admin/login",
    ]) {
      expect(lookupRoute(url).private, url).toBe(true);
    }
    for (const url of ["/", "/administrator", "/tool/admin", "/api/v1/tools", "/%E0%A4%A"])
      expect(lookupRoute(url).private, url).toBe(false);
  });

  it("keeps public pages and the public API, never personal pages or probes", () => {
    for (const url of ["/", "/tool/x", "/search/x.data", "/api/v1/search?q=x", "/about"])
      expect(lookupRoute(url).cache, url).toBe(true);
    for (const url of [
      "/admin",
      "/claim/x",
      "/owner/t",
      "/test-checkout/s",
      "/payment-success",
      "/payment-cancel",
      "/healthz",
      "/readyz",
      "/metrics",
      "/%C0%AF",
    ]) {
      expect(lookupRoute(url).cache, url).toBe(false);
    }
  });

  it("gives a tool page's Markdown its own label, kept like the page but counted as no view", () => {
    expect(lookupRoute("/tool/notion")).toMatchObject({ label: "/tool/:slug", cache: true, toolKey: "notion" });
    for (const url of ["/tool/notion.md", "/tool/notion.md.md", "/TOOL/Notion.MD"]) {
      expect(lookupRoute(url), url).toMatchObject({ label: "/tool/:slug.md", cache: true, toolKey: null });
    }
    expect(lookupRoute("/llms.txt")).toMatchObject({ label: "/llms.txt", cache: true });
  });

  it("reads a streamed body only for the forms that carry a logo", () => {
    for (const url of ["/submit", "/submit-tool.data", "/admin/add-tool", "/admin/tools/abc", "/owner/token"])
      expect(lookupRoute(url).upload, url).toBe(true);
    for (const url of ["/contact", "/admin/tools", "/like/x", "/digest"])
      expect(lookupRoute(url).upload, url).toBe(false);
  });
});
