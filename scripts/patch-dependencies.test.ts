import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStaticHandler, createStaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PATCHES, patchAll, patchText } from "./patch-dependencies.mjs";

const [routerPatch] = PATCHES;

describe("patch-dependencies", () => {
  it("the installed React Router's static router has plain properties, no getters (the patch is applied)", async () => {
    const handler = createStaticHandler([{ id: "root", path: "/", loader: () => ({ hello: "world" }) }]);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("expected a handler context");
    const router = createStaticRouter(handler.dataRoutes, context);
    for (const name of ["basename", "future", "state", "routes", "manifest", "window"]) {
      const descriptor = Object.getOwnPropertyDescriptor(router, name);
      expect(descriptor, name).toBeDefined();
      expect(descriptor!.get, `${name} is a getter`).toBeUndefined();
    }
    expect(router.state.loaderData).toEqual({ root: { hello: "world" } });
    expect(router.state.location.pathname).toBe("/");
    expect(router.routes).toBe(router.routes);
  });

  it("patches the expected code once, and leaves other code alone", () => {
    const source = `function createStaticRouter() {\n${routerPatch!.from}\t};\n}\n`;
    const once = patchText(source, routerPatch!);
    expect(once.state).toBe("patched");
    expect(once.text).not.toContain("get state()");
    expect(patchText(once.text, routerPatch!)).toEqual({ state: "already", text: once.text });
    expect(patchText("function somethingElse() {}", routerPatch!).state).toBe("unexpected");
  });

  it("says when the installed version is not the one the patch is for, and changes nothing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patch-deps-"));
    const pkg = path.join(dir, routerPatch!.name);
    fs.mkdirSync(path.join(pkg, path.dirname(routerPatch!.files[0]!)), { recursive: true });
    fs.writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ version: "0.0.1" }));
    fs.writeFileSync(path.join(pkg, routerPatch!.files[0]!), routerPatch!.from);
    const result = patchAll(dir);
    expect(result.ok).toBe(false);
    expect(result.lines.join("\n")).toContain("the patch is for 8.4.0, not applied");
    expect(fs.readFileSync(path.join(pkg, routerPatch!.files[0]!), "utf8")).toBe(routerPatch!.from);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
