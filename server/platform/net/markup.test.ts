import { describe, expect, it } from "vitest";
import { readMarkup, resolvePageUrl } from "./markup.ts";

/** What readMarkup tells a visitor that keeps `href` and `alt`: tags as written here, text as `"…"` (its pieces joined). */
function events(markup: string, xml = false): string[] {
  const seen: string[] = [];
  const wanted = new Set(["href", "alt", "HREF"]);
  readMarkup(
    markup,
    {
      attributesOf: () => wanted,
      startTag: (name, attributes) =>
        void seen.push(`<${name}${[...attributes].map(([key, value]) => ` ${key}=${value}`).join("")}>`),
      endTag: (name) => void seen.push(`</${name}>`),
      text: (text) => {
        const last = seen.at(-1);
        if (last?.startsWith('"')) seen[seen.length - 1] = `${last.slice(0, -1)}${text}"`;
        else seen.push(`"${text}"`);
      },
    },
    { xml },
  );
  return seen;
}

describe("readMarkup", () => {
  it("reads HTML tags with lower-cased names, the first of two attributes, and decoded text", () => {
    expect(events(`<A HREF="/a?x=1&amp;y=2" href="/second" Alt=Q class=c>Fish &amp; chips</A><br/>`)).toEqual([
      "<a href=/a?x=1&y=2 alt=Q>",
      '"Fish & chips"',
      "</a>",
      "<br>",
    ]);
  });

  it("reads the text of a script, a title or a noscript as text, and skips comments and doctypes", () => {
    expect(
      events(
        `<!doctype html><!-- <a href=x> --><script>if (a < b) "<a href=y>"</script><title>T &amp; <b></title><noscript><a href=z></noscript><p>`,
      ),
    ).toEqual([
      "<script>",
      `"if (a < b) "<a href=y>""`,
      "</script>",
      "<title>",
      '"T & <b>"',
      "</title>",
      "<noscript>",
      '"<a href=z>"',
      "</noscript>",
      "<p>",
    ]);
  });

  it("reads XML names as written, a self-closing tag as opened and closed, and CDATA as text", () => {
    expect(
      events(
        `<?xml version="1.0"?><Feed><link HREF="/a"/><title><![CDATA[<b>&amp;</b>]]> &amp; more</title></Feed>`,
        true,
      ),
    ).toEqual(["<Feed>", "<link HREF=/a>", "</link>", "<title>", '"<b>&amp;</b> & more"', "</title>", "</Feed>"]);
  });
});

describe("resolvePageUrl", () => {
  const page = "https://acme.example/products/notes?x=1";
  it("makes an address on the page absolute against the page's own", () => {
    expect(resolvePageUrl("/icon.png", page)).toBe("https://acme.example/icon.png");
    expect(resolvePageUrl(" icon.png ", page)).toBe("https://acme.example/products/icon.png");
    expect(resolvePageUrl("//cdn.example/a.png", page)).toBe("https://cdn.example/a.png");
    expect(resolvePageUrl("http://other.example/", page)).toBe("http://other.example/");
  });
  it("refuses what is not a web address, and a data: image unless asked for", () => {
    for (const href of ["javascript:alert(1)", "mailto:a@b.c", "ftp://x.example/", "", "   ", null, 42, undefined])
      expect(resolvePageUrl(href, page), String(href)).toBeNull();
    expect(resolvePageUrl("data:image/png;base64,AAAA", page)).toBeNull();
    expect(resolvePageUrl("data:image/png;base64,AAAA", page, { data: true })).toBe("data:image/png;base64,AAAA");
    expect(resolvePageUrl("http://[::1", page)).toBeNull();
  });
});
