import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { isCurrentSection, PageLink } from "./page-link.tsx";

describe("PageLink", () => {
  it("is a plain anchor with the attributes given", () => {
    expect(
      renderToStaticMarkup(
        createElement(PageLink, { to: "/browse/all", className: "x", "aria-current": "page" }, "All"),
      ),
    ).toBe('<a href="/browse/all" class="x" aria-current="page">All</a>');
  });
});

describe("isCurrentSection", () => {
  it("holds for the page and the pages below it, on segment boundaries", () => {
    expect(isCurrentSection("/browse", "/browse")).toBe(true);
    expect(isCurrentSection("/browse/ai/name", "/browse")).toBe(true);
    expect(isCurrentSection("/browser", "/browse")).toBe(false);
    expect(isCurrentSection("/submit", "/browse")).toBe(false);
  });

  it("reads only the path of the link, and the root is current only on itself", () => {
    expect(isCurrentSection("/", "/?featured=true")).toBe(true);
    expect(isCurrentSection("/browse", "/?featured=true")).toBe(false);
    expect(isCurrentSection("/submit", "/submit#form")).toBe(true);
  });
});
