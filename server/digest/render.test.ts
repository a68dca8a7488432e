import { describe, expect, it } from "vitest";
import { escapeHtml } from "../platform/mail/html.ts";
import { digestSubject, renderConfirmation, renderDigest, type DigestContent } from "./render.ts";

const site = { name: "toolshelf/", url: "https://shelf.example" };
const content: DigestContent = {
  week: "2026-W49",
  newTools: [
    { name: `<script>alert("x")</script>`, tagline: "Fast & <b>bold</b>", url: "https://shelf.example/tool/evil" },
    { name: "Plain\r\nBcc: x@y.z", tagline: "", url: "https://shelf.example/tool/plain" },
  ],
  featured: [{ name: "Paid", tagline: "It's featured", url: "https://shelf.example/tool/paid" }],
};
const unsubscribe = "https://shelf.example/digest/unsubscribe/abc.def";

describe("escapeHtml", () => {
  it("escapes the five characters that matter in elements and attributes", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("renderDigest", () => {
  const mail = renderDigest(site, content, unsubscribe);

  it("escapes every tool's name and tagline in the HTML body", () => {
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>bold</b>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("Fast &amp; &lt;b&gt;bold&lt;/b&gt;");
    expect(mail.html).toContain("It&#39;s featured");
  });

  it("lists the new and the featured tools in both bodies, with absolute links", () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("New this week");
      expect(body).toContain("Featured tools");
      expect(body).toContain("https://shelf.example/tool/paid");
    }
    expect(mail.text).toContain(
      `- <script>alert("x")</script> — Fast & <b>bold</b>\n  https://shelf.example/tool/evil`,
    );
  });

  it("keeps user text on one line in the plain body", () => {
    expect(mail.text).toContain("- Plain Bcc: x@y.z\n");
  });

  it("ends both bodies with the reader's unsubscribe link", () => {
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribe}`);
    expect(mail.html).toContain(`<a href="${unsubscribe}"`);
  });

  it("says when nothing new was listed", () => {
    const quiet = renderDigest(site, { ...content, newTools: [] }, unsubscribe);
    expect(quiet.text).toContain("No new tools were listed this week.");
    expect(quiet.subject).toBe("toolshelf/ weekly: featured tools");
  });
});

describe("digestSubject", () => {
  it("counts the new tools", () => {
    expect(digestSubject("S", content)).toBe("S weekly: 2 new tools");
    expect(digestSubject("S", { ...content, newTools: content.newTools.slice(0, 1) })).toBe("S weekly: 1 new tool");
  });
});

describe("renderConfirmation", () => {
  it("carries the link in both bodies and escapes it in the HTML", () => {
    const mail = renderConfirmation(
      { name: `A "site" <x>`, url: "https://x.example" },
      "https://x.example/digest/confirm/t?a=1&b=2",
      48,
    );
    expect(mail.text).toContain("https://x.example/digest/confirm/t?a=1&b=2");
    expect(mail.html).toContain(`href="https://x.example/digest/confirm/t?a=1&amp;b=2"`);
    expect(mail.html).toContain("A &quot;site&quot; &lt;x&gt;");
    expect(mail.text).toContain("48 hours");
  });
});
