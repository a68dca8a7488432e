import { describe, it, expect } from "vitest";
import { DESCRIPTION_LINK_REL, descriptionHtml, descriptionText } from "./description.ts";
import { browserTree, elements, escapesContainer, literalTree, textOf } from "./description.test-support.ts";

const ALLOWED = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "h3",
  "h4",
  "a",
]);

const FORBIDDEN = [
  /<script/i,
  /<style/i,
  /<iframe/i,
  /<img/i,
  /<svg/i,
  /<math/i,
  /<form/i,
  /<object/i,
  /<embed/i,
  /<input/i,
  /\son[a-z]+\s*=/i,
  /style\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
];

/** Output is safe: no forbidden pattern, only allow-listed tags, and only href/rel/target on links. */
function expectSafe(html: string): void {
  for (const pattern of FORBIDDEN) expect(html).not.toMatch(pattern);
  for (const [, name] of html.matchAll(/<\/?([a-zA-Z][^\s/>]*)/g)) expect(ALLOWED.has(name ?? "")).toBe(true);
  for (const [attributes] of html.matchAll(/<[a-z0-9]+(\s[^>]*)?>/g)) {
    const names = [...attributes.matchAll(/\s([^\s=]+)=/g)].map((m) => m[1]);
    for (const name of names) expect(["href", "rel", "target"]).toContain(name);
  }
}

describe("descriptionHtml: plain text", () => {
  it("wraps a single line in a paragraph", () => {
    expect(descriptionHtml("A tool for notes.")).toBe("<p>A tool for notes.</p>");
  });

  it("turns single newlines into line breaks", () => {
    expect(descriptionHtml("Line one\nLine two\nLine three")).toBe("<p>Line one<br />Line two<br />Line three</p>");
  });

  it("turns blank-line-separated blocks into paragraphs", () => {
    expect(descriptionHtml("First.\n\nSecond.\n\nThird.")).toBe("<p>First.</p><p>Second.</p><p>Third.</p>");
  });

  it("mixes paragraphs and line breaks", () => {
    expect(descriptionHtml("Intro\nmore\n\nNext\nagain")).toBe("<p>Intro<br />more</p><p>Next<br />again</p>");
  });

  it("normalises CRLF and lone CR", () => {
    expect(descriptionHtml("a\r\nb\r\n\r\nc\rd")).toBe("<p>a<br />b</p><p>c<br />d</p>");
  });

  it("treats whitespace-only lines as blank and collapses runs of them into one break", () => {
    expect(descriptionHtml("a\n   \n\t\n\n\nb")).toBe("<p>a</p><p>b</p>");
  });

  it("trims the input and each line, so there are no empty paragraphs or stray breaks", () => {
    expect(descriptionHtml("\n\n  a  \n  b  \n\n\n")).toBe("<p>a<br />b</p>");
  });

  it("returns nothing for empty or blank input", () => {
    expect(descriptionHtml("")).toBe("");
    expect(descriptionHtml(" \n\r\n\t ")).toBe("");
  });

  it("escapes characters that mean something in HTML", () => {
    expect(descriptionHtml(`Tom & Jerry's "best" a < b > c`)).toBe(
      "<p>Tom &amp; Jerry&#39;s &quot;best&quot; a &lt; b &gt; c</p>",
    );
  });

  it("shows entity-looking text literally", () => {
    expect(descriptionHtml("Fish &amp; chips")).toBe("<p>Fish &amp;amp; chips</p>");
  });

  it("keeps angle-bracket text that is not an HTML element, such as generics", () => {
    expect(descriptionHtml("Typed as Array<string> or Map<K, V>; see <T>.")).toBe(
      "<p>Typed as Array&lt;string&gt; or Map&lt;K, V&gt;; see &lt;T&gt;.</p>",
    );
    expect(descriptionHtml("<?php echo 1; ?> and <my-widget>")).toBe(
      "<p>&lt;?php echo 1; ?&gt; and &lt;my-widget&gt;</p>",
    );
  });

  it("keeps emoji and other non-ASCII text", () => {
    expect(descriptionHtml("Ünïcödé 🚀 日本語")).toBe("<p>Ünïcödé 🚀 日本語</p>");
  });

  it("drops control characters", () => {
    expect(descriptionHtml("a\u0000b\u0008c\u001bd\u007fe")).toBe("<p>abcde</p>");
  });
});

describe("descriptionHtml: HTML input", () => {
  it("keeps every allow-listed tag", () => {
    const html =
      "<h3>H</h3><h4>h</h4><p><strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>x</s> <code>c</code><br />n</p>" +
      "<pre>pre\n  text</pre><blockquote>q</blockquote><ul><li>one</li></ul><ol><li>two</li></ol>";
    expect(descriptionHtml(html)).toBe(html);
  });

  it("strips every attribute from allowed tags other than links", () => {
    expect(descriptionHtml('<p class="x" id="y" title="t" data-x="1">Hi</p>')).toBe("<p>Hi</p>");
  });

  it("converts bare newlines when the markup is only inline", () => {
    expect(descriptionHtml("Hello <b>bold</b>\nnext line\n\nnew <em>para</em>")).toBe(
      "<p>Hello <b>bold</b><br />next line</p><p>new <em>para</em></p>",
    );
  });

  it("does not convert newlines inside a tag", () => {
    expect(descriptionHtml('<a\nhref="https://example.com/"\n>x</a> y')).toBe(
      `<p><a href="https://example.com/" rel="${DESCRIPTION_LINK_REL}" target="_blank">x</a> y</p>`,
    );
  });

  it.each(["p", "ul", "ol", "pre", "blockquote", "h3", "h4", "h1"])(
    "leaves newlines alone when there is a <%s>",
    (tag) => {
      const out = descriptionHtml(`Intro\n\nmore\n<${tag}>x</${tag}>`);
      expect(out).not.toContain("<br />");
      expect(out).toContain("Intro\n\nmore");
    },
  );

  it("escapes text that looks like an unknown tag and keeps real tags", () => {
    expect(descriptionHtml("Returns Promise<T> in <b>bold</b>")).toBe("<p>Returns Promise&lt;T&gt; in <b>bold</b></p>");
  });

  it("keeps a lone < that starts no tag", () => {
    expect(descriptionHtml("a < b and <b>c</b>")).toBe("<p>a &lt; b and <b>c</b></p>");
  });

  it("decodes and re-escapes entities", () => {
    expect(descriptionHtml("<b>Fish &amp; chips &lt;3 &copy;</b>")).toBe("<p><b>Fish &amp; chips &lt;3 ©</b></p>");
  });

  it("turns h1 and h2 into h3, and h5 and h6 into h4", () => {
    expect(descriptionHtml("<h1>One</h1><h2>Two</h2><h5>Five</h5><h6>Six</h6>")).toBe(
      "<h3>One</h3><h3>Two</h3><h4>Five</h4><h4>Six</h4>",
    );
  });

  it("drops empty paragraphs and headings", () => {
    expect(descriptionHtml("<p>a</p><p></p><p> </p><p>&nbsp;</p><p><br></p><h1></h1><p>b</p>")).toBe(
      "<p>a</p><p>b</p>",
    );
  });

  it("drops comments", () => {
    expect(descriptionHtml("<!-- secret -->Text\nnext")).toBe("<p>Text<br />next</p>");
  });

  it("keeps the text of tags outside the allow-list", () => {
    expect(descriptionHtml("<span>one</span> <font>two</font>")).toBe("<p>one two</p>");
  });

  it("keeps the text of dropped block elements apart", () => {
    expect(
      descriptionText("<div>one</div><section>two</section><table><tr><td>three</td><td>four</td></tr></table>"),
    ).toBe("one two three four");
  });

  it("closes tags left open", () => {
    expect(descriptionHtml("<b>unclosed")).toBe("<p><b>unclosed</b></p>");
  });
});

describe("descriptionHtml: hostile input", () => {
  const cases: [string, string, string[]][] = [
    ["script", "Before<script>alert(1)</script>After", ["Before", "After"]],
    ["script with attributes", '<script src="https://evil.example/x.js"></script>Safe', ["Safe"]],
    ["unclosed script", "Safe text<script>alert(1)", ["Safe text"]],
    ["uppercase script", "<SCRIPT>alert(1)</SCRIPT>Safe", ["Safe"]],
    ["style", "Before<style>body{background:url(javascript:alert(1))}</style>After", ["Before", "After"]],
    ["iframe", 'Before<iframe src="https://evil.example">fallback <b>alert</b></iframe>After', ["Before", "After"]],
    ["img onerror", 'Before<img src=x onerror="alert(1)">After', ["Before", "After"]],
    ["on* attribute on an allowed tag", '<b onclick="alert(1)" onmouseover=alert(1)>Bold</b>', ["<b>Bold</b>"]],
    ["style attribute", '<p style="background:url(javascript:alert(1))">Para</p>', ["<p>Para</p>"]],
    ["svg", '<svg onload="alert(1)"><text>alert</text><script>alert(1)</script></svg>After', ["After"]],
    ["svg style", "<svg><style><img src=x onerror=alert(1)></style></svg>After", ["After"]],
    [
      "math",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>After",
      ["After"],
    ],
    [
      "form",
      '<form action="https://evil.example"><input name="p" value="alert"><button>Go</button></form>After',
      ["Go", "After"],
    ],
    ["object", '<object data="https://evil.example/x.swf">alert</object>After', ["After"]],
    ["embed", '<embed src="https://evil.example/x.swf">After', ["After"]],
    ["noscript", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>After', ["After"]],
    ["textarea", "<textarea><img src=x onerror=alert(1)></textarea>After", ["After"]],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">After', ["After"]],
    ["base", '<base href="javascript:alert(1)//">After', ["After"]],
    ["template", "<template><img src=x onerror=alert(1)></template>After", ["After"]],
  ];

  it.each(cases)("drops %s and keeps the content around it", (_name, input, kept) => {
    const out = descriptionHtml(input);
    expectSafe(out);
    // Every payload here says "alert" only inside what must be dropped.
    expect(out).not.toMatch(/alert/i);
    for (const k of kept) expect(out).toContain(k);
  });

  it("shows fragments that join into a tag once another is removed as text, not markup", () => {
    const out = descriptionHtml("<scr<script>x</script>ipt>alert(1)</scr</script>ipt>Safe");
    expectSafe(out);
    expect(out).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;Safe</p>");
  });

  const hrefs: [string, string][] = [
    ["javascript:", "javascript:alert(1)"],
    ["mixed-case scheme", "JaVaScRiPt:alert(1)"],
    ["newline inside the scheme", "java\nscript:alert(1)"],
    ["tab inside the scheme", "java\tscript:alert(1)"],
    ["entity-encoded tab inside the scheme", "java&#x09;script:alert(1)"],
    ["decimal entity", "&#106;avascript:alert(1)"],
    ["hex entity, no semicolon", "&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)"],
    ["named colon entity", "javascript&colon;alert(1)"],
    ["leading spaces and controls", " \u0001 javascript:alert(1)"],
    ["data:", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["vbscript:", "vbscript:msgbox(1)"],
    ["protocol-relative", "//evil.example/"],
    ["backslash protocol-relative", "/\\evil.example/"],
    ["tab-split protocol-relative", "/\t/evil.example/"],
    ["relative without a slash", "tools/x"],
    ["fragment", "#top"],
    ["ftp", "ftp://example.com/"],
  ];

  it.each(hrefs)("removes a link with %s but keeps its text", (_name, href) => {
    const out = descriptionHtml(`Visit <a href="${href}">the site</a> now`);
    expectSafe(out);
    expect(out).toBe("<p>Visit the site now</p>");
  });

  it("stays linear on large hostile input", () => {
    const size = 20_000;
    const inputs = [
      "<".repeat(size),
      "<a ".repeat(size / 3),
      '<b x="'.repeat(size / 6),
      "<!--".repeat(size / 4),
      "<script>".repeat(size / 8),
      "<b>x".repeat(size / 4),
      '<a href="/x">x'.repeat(size / 14),
      "<iframe>x</iframe>".repeat(size / 18),
      " ".repeat(size) + "x",
      ("\n" + " ".repeat(50)).repeat(size / 51),
      "a\n\n".repeat(size / 3) + "<b>x</b>",
      '<a href="' + " ".repeat(size) + 'x">y</a>',
    ];
    for (const input of inputs) {
      const start = performance.now();
      expectSafe(descriptionHtml(input));
      expect(performance.now() - start).toBeLessThan(1_000);
    }
  });
});

describe("descriptionHtml: links", () => {
  it("forces rel and target and drops every other attribute", () => {
    expect(
      descriptionHtml('<a href="https://example.com/" rel="author" target="_self" title="t" onclick="x()">Site</a>'),
    ).toBe(`<p><a href="https://example.com/" rel="${DESCRIPTION_LINK_REL}" target="_blank">Site</a></p>`);
  });

  it.each(["http://example.com/a?b=1", "https://example.com/", "mailto:hello@example.com", "/tools/notion", "/"])(
    "keeps %s",
    (href) => {
      expect(descriptionHtml(`<a href="${href}">x</a>`)).toBe(
        `<p><a href="${href}" rel="${DESCRIPTION_LINK_REL}" target="_blank">x</a></p>`,
      );
    },
  );

  it("escapes the href", () => {
    expect(descriptionHtml('<a href="https://example.com/?a=1&amp;b=&quot;2&quot;">x</a>')).toBe(
      `<p><a href="https://example.com/?a=1&amp;b=&quot;2&quot;" rel="${DESCRIPTION_LINK_REL}" target="_blank">x</a></p>`,
    );
  });

  it("removes what browsers ignore from the href", () => {
    expect(descriptionHtml('<a href="  https://exa\nmple.com/ ">x</a>')).toBe(
      `<p><a href="https://example.com/" rel="${DESCRIPTION_LINK_REL}" target="_blank">x</a></p>`,
    );
  });

  it("unwraps a link without an href", () => {
    expect(descriptionHtml('<a name="x">anchor</a>')).toBe("<p>anchor</p>");
  });
});

describe("descriptionHtml: malformed markup stays inside the description", () => {
  const link = (href: string, text: string) =>
    `<a href="${href}" rel="${DESCRIPTION_LINK_REL}" target="_blank">${text}</a>`;

  /** A browser builds exactly what the markup says, and the page after the description is untouched. */
  function expectContained(html: string): void {
    expect(literalTree(html)).toEqual(browserTree(html));
    expect(escapesContainer(html)).toBeNull();
  }

  /** Each link as a browser builds it: its href and the text it covers. */
  function linksIn(html: string): [string | undefined, string][] {
    return [...elements(browserTree(html))].filter((e) => e.tag === "a").map((e) => [e.attrs.href, textOf(e.children)]);
  }

  it("ends a link that follows an unsafe one where its author ended it", () => {
    const out = descriptionHtml(
      '<a href="javascript:x">b</a> <a href="https://attacker.example">c</a> rest of the description',
    );
    expect(out).toBe(`<p>b ${link("https://attacker.example", "c")} rest of the description</p>`);
    expect(linksIn(out)).toEqual([["https://attacker.example", "c"]]);
    expectContained(out);
  });

  const cases: [string, string, string][] = [
    [
      "an unsafe link inside a safe one, then another link",
      '<a href="https://x.example/">a <a href="javascript:y">b</a> c</a> <a href="https://z.example/">d</a> rest',
      `<p>${link("https://x.example/", "a ")}b c ${link("https://z.example/", "d")} rest</p>`,
    ],
    [
      "a link left unclosed at the end",
      '<a href="javascript:x">b</a> <a href=https://x.example/>more',
      `<p>b ${link("https://x.example/", "more")}</p>`,
    ],
    [
      "a link inside a link",
      '<a href="javascript:x">j</a> <a href="https://x.example/">a<a href="https://y.example/">b</a>c</a> d',
      `<p>j ${link("https://x.example/", "a")}${link("https://y.example/", "b")}c d</p>`,
    ],
    ["misnested formatting", '<a href="javascript:x">j</a> <b><i>x</b>y</i> z', "<p>j <b><i>x</i></b>y z</p>"],
    ["a formatting tag after an unsafe link", '<a href="javascript:x">j</a> <b>c</b> rest', "<p>j <b>c</b> rest</p>"],
    ["stray </a> and </p>", '<a href="javascript:x">j</a> <b>a</a>b</p>c</b> d', "j <b>abc</b> d"],
    [
      "text and a link a browser moves out of a table",
      '<a href="javascript:x">j</a><table><a href="https://x.example/">fostered</a><tr><td>cell</td></tr></table> after',
      `<p>j</p> ${link("https://x.example/", "fostered")}  cell    after`,
    ],
    [
      "links in a table cell",
      '<table><tr><td><a href="javascript:x">j</a> <a href="https://x.example/">c</a></td></tr></table> rest',
      `j ${link("https://x.example/", "c")}    rest`,
    ],
    [
      "a block inside a link",
      '<a href="javascript:x">j</a> <a href="https://x.example/">x<p>in</p></a> after',
      `j ${link("https://x.example/", "x<p>in</p>")} after`,
    ],
    [
      "a paragraph inside a link inside a paragraph",
      '<p><a href="https://x.example/">y<p>z</p></a></p>',
      `<p>${link("https://x.example/", "y")}</p><p>${link("https://x.example/", "z")}</p>`,
    ],
    [
      "a heading",
      '<h1><a href="javascript:x">j</a> <a href="https://x.example/">c</a> rest</h1><p>more</p>',
      `<h3>j ${link("https://x.example/", "c")} rest</h3><p>more</p>`,
    ],
  ];

  it.each(cases)("keeps %s inside the description", (_name, input, expected) => {
    const out = descriptionHtml(input);
    expect(out).toBe(expected);
    expectContained(out);
  });

  it("keeps the text of an unsafe link that is all its paragraph holds", () => {
    expect(descriptionHtml('<p><a href="javascript:x">only</a></p><h2><a name="n">title</a></h2>')).toBe(
      "<p>only</p><h3>title</h3>",
    );
  });

  it("keeps a newline at the start of preformatted text that a browser shows", () => {
    // The stray </p> makes an empty paragraph before the newline, so a browser keeps that newline.
    const out = descriptionHtml("<pre></p>\nx</pre>");
    expect(out).toBe("<pre>\n\nx</pre>");
    expect(browserTree(out)).toEqual([{ tag: "pre", attrs: {}, children: ["\nx"] }]);
  });
});

describe("descriptionText", () => {
  it("returns plain text unchanged apart from whitespace", () => {
    expect(descriptionText("  A tool\nfor   notes.\n\nSecond  ")).toBe("A tool for notes. Second");
  });

  it("removes tags and separates blocks and line breaks with a space", () => {
    expect(descriptionText("<h1>Title</h1><p>One<br>two</p><ul><li>a</li><li>b</li></ul>")).toBe("Title One two a b");
  });

  it("does not split words at inline tags", () => {
    expect(descriptionText("un<b>believ</b><em>able</em> <a href='https://example.com/'>link</a>")).toBe(
      "unbelievable link",
    );
  });

  it("removes script and style content", () => {
    expect(descriptionText("Hello<script>alert('x')</script> <style>p{color:red}</style>world")).toBe("Hello world");
  });

  it("decodes entities", () => {
    expect(descriptionText("<p>Fish &amp; chips &lt;3 &quot;yum&quot; &#39;ok&#39; &copy;&nbsp;2026</p>")).toBe(
      `Fish & chips <3 "yum" 'ok' © 2026`,
    );
  });

  it("gives the characters of plain text back as written", () => {
    const text = `Tom & Jerry's "best" a < b > c Array<string>`;
    expect(descriptionText(text)).toBe(text);
    expect(descriptionText("Fish &amp; chips")).toBe("Fish &amp; chips");
  });

  it("returns an empty string for empty or tag-only input", () => {
    expect(descriptionText("")).toBe("");
    expect(descriptionText("<p></p><script>x</script>")).toBe("");
  });
});
