import { createElement, Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { bodyOf } from "../server/platform/http/rendered-body.ts";
import { renderToResponse, type RenderDocumentOptions } from "./render-document.ts";

function options(overrides: Partial<RenderDocumentOptions> = {}): RenderDocumentOptions {
  return { status: 200, headers: new Headers(), timeoutMs: 5000, ...overrides };
}

/** A page big enough that React would move its boundary out of place at its default chunk size (12.8 KB). */
function bigPage(): ReturnType<typeof createElement> {
  const items = Array.from({ length: 800 }, (_, i) =>
    createElement("li", { key: i }, `Tool number ${i} with a tagline — café`),
  );
  return createElement("main", null, createElement(Suspense, null, createElement("ul", null, items)));
}

function Broken(): never {
  throw new Error("broken component");
}

const never = new Promise<never>(() => {});
function Forever(): never {
  return use(never);
}

describe("renderToResponse", () => {
  it("writes a completed Suspense boundary in place, with no script to move it", async () => {
    const response = await renderToResponse(bigPage(), options());
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.length).toBeGreaterThan(20_000);
    expect(html).toMatch(/^<main><!--\$--><ul><li>Tool number 0/);
    expect(html).toContain("Tool number 799 with a tagline — café</li></ul><!--/$--></main>");
    expect(html).not.toMatch(/<template|<script|<!--\$\?-->|hidden id="S:/);
  });

  it("gives the page cache the rendered bytes without reading the body stream", async () => {
    const response = await renderToResponse(bigPage(), options({ status: 404 }));
    const bytes = await bodyOf(response);
    expect(response.status).toBe(404);
    expect(response.bodyUsed).toBe(false);
    expect(bytes.toString("utf8")).toBe(await response.text());
  });

  it("rejects when a component inside the boundary throws, instead of sending an empty page", async () => {
    const element = createElement("main", null, createElement(Suspense, null, createElement(Broken)));
    await expect(renderToResponse(element, options())).rejects.toThrow("broken component");
  });

  it("rejects when the shell itself throws", async () => {
    await expect(renderToResponse(createElement(Broken), options())).rejects.toThrow("broken component");
  });

  it("rejects a render that does not finish in time", async () => {
    const element = createElement("main", null, createElement(Suspense, { fallback: "…" }, createElement(Forever)));
    await expect(renderToResponse(element, options({ timeoutMs: 50 }))).rejects.toThrow("longer than 50 ms");
  });
});
