import { describe, expect, it } from "vitest";
import { htmlDocument, joinHtml, mailHtml, mailLine } from "./html.ts";

const hostile = "Acme\r\n\r\nClick https://evil.example/login\u2028\u202Etoday";

describe("mailLine", () => {
  it("puts every value on one line, keeping the template's own text", () => {
    expect(mailLine`Confirm that you own ${hostile} on ${"Shelf"}.`).toBe(
      "Confirm that you own Acme Click https://evil.example/login today on Shelf.",
    );
    expect(mailLine`${3} new tools`).toBe("3 new tools");
  });
});

describe("mailHtml", () => {
  it("puts every value on one line and escapes it", () => {
    expect(mailHtml`<p>${`<b>${hostile}</b> & "x"`}</p>`.html).toBe(
      "<p>&lt;b&gt;Acme Click https://evil.example/login today&lt;/b&gt; &amp; &quot;x&quot;</p>",
    );
    expect(mailHtml`<a href="${'https://x.example/?a=1&b="2"'}">`.html).toBe(
      '<a href="https://x.example/?a=1&amp;b=&quot;2&quot;">',
    );
  });

  it("puts HTML made by itself in as it is", () => {
    const item = mailHtml`<li>${"<i>"}</li>`;
    expect(mailHtml`<ul>${joinHtml([item, item])}</ul>`.html).toBe("<ul><li>&lt;i&gt;</li><li>&lt;i&gt;</li></ul>");
  });

  it("escapes the document's title", () => {
    expect(htmlDocument("<title>", mailHtml`<p>x</p>`)).toContain("<title>&lt;title&gt;</title>");
  });
});
