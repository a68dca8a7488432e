import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TextAnchor, TextLink } from "./text-link.tsx";

const inRouter = (element: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, element));

describe("TextLink and TextAnchor", () => {
  it("render the link style the pages wrote by hand", () => {
    expect(inRouter(createElement(TextLink, { to: "/browse/all" }, "Browse all tools"))).toBe(
      '<a class="font-medium text-brand-700 underline underline-offset-4" href="/browse/all" data-discover="true">Browse all tools</a>',
    );
    expect(renderToStaticMarkup(createElement(TextAnchor, { href: "mailto:a@example.com" }, "Write"))).toBe(
      '<a href="mailto:a@example.com" class="font-medium text-brand-700 underline underline-offset-4">Write</a>',
    );
  });

  it("put extra layout classes first", () => {
    expect(inRouter(createElement(TextLink, { to: "/submit", className: "text-sm" }, "Submit tool"))).toContain(
      'class="text-sm font-medium text-brand-700 underline underline-offset-4"',
    );
  });
});
