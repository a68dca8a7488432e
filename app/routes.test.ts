import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it, vi } from "vitest";
import { OTHER_ROUTE, routeOf } from "../server/platform/metrics/route.ts";
import routes from "./routes.ts";

/** Every path of the route config, layouts' children included ("" for the home page). */
function pathsOf(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.index ? [""] : entry.path !== undefined ? [entry.path] : []),
    ...pathsOf(entry.children ?? []),
  ]);
}

describe("the URL map", () => {
  it("has a metrics label for every page (core/route-table.ts), so none counts as other", () => {
    const paths = pathsOf(routes).filter((path) => path !== "*");
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      // A parameter stands for any value; an optional one may be left out.
      const url = `/${path.replace(/\/:\w+\?/g, "").replace(/:\w+/g, "x")}`;
      expect(routeOf(url), path).not.toBe(OTHER_ROUTE);
    }
  });

  it("takes a new page's line in the route table to React Router and to every rule the server derives from it", async () => {
    vi.resetModules();
    const table = await import("../core/route-table.ts");
    // Before the not-found route, as a new page would be written.
    table.PAGES.splice(
      table.PAGES.length - 1,
      0,
      table.route("gallery/:key", "routes/gallery.tsx", {
        label: "/gallery/:key",
        cache: false,
        private: true,
        body: "upload",
        views: "key",
      }),
      table.route("finder/:term?", "routes/finder.tsx", { search: "term" }),
    );
    const config = (await import("./routes.ts")).default;
    const { routeOf: labelOf } = await import("../server/platform/metrics/route.ts");
    const { isPrivatePath } = await import("../server/platform/http/security.ts");
    const { lookupRoute } = await import("../server/platform/http/routes.ts");
    const { toolPageKey } = await import("../server/claims/views.ts");
    const { searchRequestOf } = await import("../server/search/tracking.ts");

    expect(pathsOf(config)).toEqual(expect.arrayContaining(["gallery/:key", "finder/:term?"]));
    expect(config.find((entry) => entry.path === "gallery/:key")).toEqual({
      path: "gallery/:key",
      file: "routes/gallery.tsx",
    });
    // Metrics label, privacy, page cache, body limit, view counting: the page and its data URL alike.
    expect(labelOf("/gallery/Sunset?x=1")).toBe("/gallery/:key");
    expect(labelOf("/gallery/sunset.data")).toBe("/gallery/:key");
    expect(isPrivatePath("/GALLERY/sunset")).toBe(true);
    expect(lookupRoute("/gallery/sunset")).toMatchObject({ cache: false, upload: true });
    expect(lookupRoute("/gallery/sunset.data")).toMatchObject({ cache: false, upload: true });
    expect(toolPageKey("/gallery/Sunset")).toBe("sunset");
    expect(toolPageKey("/gallery/sunset.data")).toBeNull();
    // Search counting, and the defaults of a line that says nothing else: label from its path, public, kept, small bodies.
    expect(searchRequestOf("GET", "/finder/red%20boats?from=home")).toEqual({ term: "red boats", fromHome: true });
    expect(searchRequestOf("GET", "/finder/red?page=2")).toBeNull();
    expect(labelOf("/finder/red")).toBe("/finder/:term?");
    expect(lookupRoute("/finder/red")).toMatchObject({ cache: true, private: false, upload: false, toolKey: null });
    // The site's own routes are as they were.
    expect(toolPageKey("/gallery")).toBeNull();
    expect(searchRequestOf("GET", "/search/red")).toEqual({ term: "red", fromHome: false });
    vi.resetModules();
  });
});
