import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { OTHER_ROUTE, routeOf } from "../server/metrics/route.ts";
import routes from "./routes.ts";

/** Every path of the route config, layouts' children included ("" for the home page). */
function pathsOf(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [...(entry.index ? [""] : entry.path !== undefined ? [entry.path] : []), ...pathsOf(entry.children ?? [])]);
}

describe("the URL map", () => {
  it("has a metrics label for every page (server/metrics/route.ts), so none counts as other", () => {
    const paths = pathsOf(routes).filter((path) => path !== "*");
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      // A parameter stands for any value; an optional one may be left out.
      const url = `/${path.replace(/\/:\w+\?/g, "").replace(/:\w+/g, "x")}`;
      expect(routeOf(url), path).not.toBe(OTHER_ROUTE);
    }
  });
});
