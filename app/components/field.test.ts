import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./field.tsx";

const render = (hint: string | undefined, control: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(Field({ id: "tagline", label: "Tagline *", hint, errorId: "tagline-error", children: control }));

/** The ids a control names as its description, in order. */
const describedBy = (html: string, tag: string) =>
  new RegExp(`<${tag}[^>]*aria-describedby="([^"]*)"`).exec(html)?.[1]?.split(" ") ?? [];

describe("Field", () => {
  it("makes the hint the description of its input, textarea or select", () => {
    for (const tag of ["input", "textarea", "select"]) {
      const html = render("One line that says what it does.", createElement(tag, { id: "tagline" }));
      expect(html).toContain(
        '<p id="tagline-hint" class="text-xs text-slate-700">One line that says what it does.</p>',
      );
      expect(describedBy(html, tag)).toEqual(["tagline-hint"]);
    }
  });

  it("keeps what already describes the control (its error line), after the hint", () => {
    const html = render("Hint.", createElement("input", { id: "tagline", "aria-describedby": "tagline-error" }));
    expect(describedBy(html, "input")).toEqual(["tagline-hint", "tagline-error"]);
  });

  it("adds nothing without a hint, and leaves a control that is not a plain element alone", () => {
    expect(render(undefined, createElement("input", { id: "tagline" }))).not.toContain("aria-describedby");
    const Custom = () => createElement("input", { id: "tagline" });
    const html = render("Hint.", createElement(Custom));
    expect(html).toContain('id="tagline-hint"');
    expect(html).not.toContain("aria-describedby");
  });
});
