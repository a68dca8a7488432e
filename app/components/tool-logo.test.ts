import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { tileColor } from "../../core/tile-colors.ts";
import { ToolLogo } from "./tool-logo.tsx";

const render = (props: Parameters<typeof ToolLogo>[0]) => renderToStaticMarkup(createElement(ToolLogo, props));

describe("ToolLogo", () => {
  it("draws the letter fallback the size of the slot it is given, not a fixed 48 px", () => {
    for (const size of [32, 48, 80]) {
      const html = render({ name: "notion", logoUrl: null, size });
      expect(html, String(size)).toContain(`width:${size}px;height:${size}px`);
      expect(html).toContain(">N</span>");
    }
  });

  it("draws a logo on its plate with padding in proportion to its size, not to the page around it", () => {
    for (const [size, padding] of [
      [32, 4],
      [48, 5],
      [80, 9],
    ] as const) {
      const html = render({ name: "notion", logoUrl: "/uploads/logos/notion.webp", size });
      expect(html, String(size)).toContain('class="tool-logo shrink-0"');
      expect(html, String(size)).toContain(`padding:${padding}px`);
    }
  });

  it("scales the letter with the tile", () => {
    const fontSize = (size: number) =>
      Number(/font-size:(\d+)px/.exec(render({ name: "x", logoUrl: null, size }))?.[1]);
    expect(fontSize(80)).toBeGreaterThan(fontSize(48));
    expect(fontSize(80) / 80).toBeCloseTo(fontSize(48) / 48, 1);
  });

  it("colours the letter tile by the name, white on a colour of the palette", () => {
    const html = render({ name: "Notion", logoUrl: null, size: 48 });
    expect(html).toContain(`background-color:${tileColor("Notion")}`);
    expect(html).toContain("color:#ffffff");
  });

  it("gives an image logo the same box", () => {
    expect(render({ name: "x", logoUrl: "/uploads/x.png", size: 80 })).toMatch(/<img [^>]*width="80" height="80"/);
  });
});
