import { createElement, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderToResponse, type RenderStreamOptions } from "./render-stream.ts";

function options(overrides: Partial<RenderStreamOptions> = {}): RenderStreamOptions & { late: unknown[] } {
  const late: unknown[] = [];
  return { nonce: "n0nce", allReady: false, status: 200, headers: new Headers(), timeoutMs: 5000, onLateError: (error) => late.push(error), late, ...overrides };
}

/** A page big enough that React would move its boundary out of place at its default chunk size (12.8 KB). */
function bigPage(): ReturnType<typeof createElement> {
  const items = Array.from({ length: 800 }, (_, i) => createElement("li", { key: i }, `Tool number ${i} with a tagline`));
  return createElement("main", null, createElement(Suspense, null, createElement("ul", null, items)));
}

function Broken(): never {
  throw new Error("broken component");
}

describe("renderToResponse", () => {
  for (const allReady of [false, true]) {
    it(`writes a completed Suspense boundary in place, with no script to move it (${allReady ? "crawler" : "person"})`, async () => {
      const opts = options({ allReady });
      const response = await renderToResponse(bigPage(), opts);
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(html.length).toBeGreaterThan(20_000);
      expect(html).toMatch(/^<main><!--\$--><ul><li>Tool number 0/);
      expect(html).toContain("Tool number 799 with a tagline</li></ul><!--/$--></main>");
      expect(html).not.toMatch(/<template|<script|<!--\$\?-->|hidden id="S:/);
    });
  }

  it("rejects when a component inside the boundary throws, instead of sending an empty page", async () => {
    const opts = options();
    const element = createElement("main", null, createElement(Suspense, null, createElement(Broken)));
    await expect(renderToResponse(element, opts)).rejects.toThrow("broken component");
    expect(opts.late).toEqual([]);
  });

  it("rejects when the shell itself throws", async () => {
    await expect(renderToResponse(createElement(Broken), options())).rejects.toThrow("broken component");
  });
});
