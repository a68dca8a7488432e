import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Alert, type AlertTone } from "./alert.tsx";

const render = (props: Parameters<typeof Alert>[0]) => renderToStaticMarkup(createElement(Alert, props));

describe("Alert", () => {
  it("is the error box the pages wrote by hand, with role alert", () => {
    expect(render({ tone: "error", children: "Nope." })).toBe(
      '<p role="alert" class="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">Nope.</p>',
    );
  });

  it("gives every other tone role status", () => {
    const tones: AlertTone[] = ["progress", "info", "success", "saved", "warning", "neutral"];
    for (const tone of tones)
      expect(render({ tone, children: "x" })).toMatch(/^<p role="status" class="rounded-lg border /);
  });

  it("keeps an id, an element, extra layout classes and the compact size", () => {
    expect(render({ tone: "error", as: "div", id: "form-error", children: "Nope." })).toBe(
      '<div id="form-error" role="alert" class="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">Nope.</div>',
    );
    expect(render({ tone: "success", as: "div", className: "space-y-2", children: "Done." })).toBe(
      '<div role="status" class="space-y-2 rounded-lg border border-green-700 bg-green-50 px-4 py-3 text-green-900">Done.</div>',
    );
    expect(render({ tone: "error", compact: true, children: "Nope." })).toBe(
      '<p role="alert" class="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">Nope.</p>',
    );
  });

  it("leaves the role out when asked (inside a live region already)", () => {
    expect(render({ tone: "info", inLiveRegion: true, children: "Note." })).toBe(
      '<p class="rounded-lg border border-sky-700 bg-sky-50 px-4 py-3 text-sky-950">Note.</p>',
    );
  });
});
