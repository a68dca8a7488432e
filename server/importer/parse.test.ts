import { describe, expect, it } from "vitest";
import { pickThumbnail } from "../../core/import.ts";
import { fastestRun } from "../../tests/support/timing.ts";
import {
  FEED_ENTRIES_READ,
  FeedError,
  GraphqlError,
  IMAGE_URLS_READ,
  PAGE_READ_BYTES,
  POSTS_QUERY,
  POST_QUERY,
  parseFeed,
  parseGraphqlPost,
  parseGraphqlPosts,
  parseLaunchPage,
  type LaunchData,
} from "./parse.ts";

const PAGE_URL = "https://www.producthunt.com/products/quillmate";
const IMG = "https://ph-files.imgix.net/8c1d-quillmate.png";

const EMPTY: LaunchData = {
  slug: null,
  name: null,
  tagline: null,
  description: null,
  websiteUrl: null,
  thumbnails: [],
  categories: [],
  canonicalUrl: null,
};

/** Apollo's SSR transport script around a JavaScript value literal. */
function apolloScript(value: string): string {
  return `<script>(window[Symbol.for("ApolloSSRDataTransport")] ??= []).push(${value});</script>`;
}

// Written as Product Hunt writes it: JavaScript with bare `undefined`, not JSON.
const QUILLMATE_APOLLO = String.raw`{"rehydrate":{"_R_1a2b_":{"data":{"product":{"__typename":"Product","id":"1000123","slug":"quillmate","name":"Quillmate","tagline":"AI writing partner for busy teams","description":"Quillmate drafts, edits and polishes your team's documents.\n\nIt learns your style guide.","websiteUrl":"https://www.producthunt.com/r/p/1000123?app_id=339","logoUuid":undefined,"thumbnail":{"__typename":"Image","url":"https://ph-files.imgix.net/8c1d-quillmate.png?auto=format&w=240&h=240"},"categories":[{"__typename":"ProductCategory","id":"51","name":"AI writing tools","slug":"ai-writing-tools"},{"__typename":"ProductCategory","id":"12","name":"Productivity","slug":"productivity"}],"followersCount":1204,"reviewsRating":undefined},"viewer":null},"loading":false,"networkStatus":7,"dataState":"complete"}},"events":[]}`;

const FULL_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<title>Quillmate: AI writing partner for busy teams | Product Hunt</title>
<meta property="og:title" content="Quillmate: The writing partner for teams | Product Hunt"/>
<meta property="og:description" content="Quillmate drafts, edits and polishes your team&#x27;s documents."/>
<meta content="${IMG}?auto=format" property="og:image"/>
<meta property="og:url" content="https://www.producthunt.com/products/quillmate"/>
<link rel="canonical" href="https://www.producthunt.com/products/quillmate"/>
<script type="application/ld+json">[{"@context":"http://schema.org","@type":"WebApplication","name":"Quillmate","description":"An older description from ld+json.","image":["${IMG}?auto=format&fit=crop&w=80&h=80","${IMG}?auto=format&fit=crop&w=480&h=480"],"url":"https://www.producthunt.com/products/quillmate","applicationCategory":"Writing"}]</script>
</head><body><main>
<h1>Quillmate</h1>
<a class="button"   data-test="visit-website-button"
   href="https://quillmate.example/?ref=producthunt" target="_blank" rel="noopener noreferrer">Visit website</a>
<img alt="Quillmate" srcset="${IMG}?auto=format&amp;w=48 1x, ${IMG}?auto=format&amp;w=96 2x" src="${IMG}?auto=format&amp;w=48"/>
<img alt="Ada Maker" srcset="https://ph-avatars.imgix.net/ada.png?w=1200 1200w"/>
</main>
${apolloScript(QUILLMATE_APOLLO)}
</body></html>`;

describe("parseLaunchPage", () => {
  it("reads a full launch page", () => {
    const launch = parseLaunchPage(FULL_PAGE, PAGE_URL);
    expect(launch).toEqual({
      slug: "quillmate",
      name: "Quillmate",
      tagline: "AI writing partner for busy teams",
      description: "Quillmate drafts, edits and polishes your team's documents.\n\nIt learns your style guide.",
      websiteUrl: "https://quillmate.example/?ref=producthunt",
      thumbnails: [
        { url: `${IMG}?auto=format&w=240&h=240`, width: 240 },
        { url: `${IMG}?auto=format&fit=crop&w=80&h=80`, width: 80 },
        { url: `${IMG}?auto=format&fit=crop&w=480&h=480`, width: 480 },
        { url: `${IMG}?auto=format`, width: null },
        { url: `${IMG}?auto=format&w=48`, width: 48 },
        { url: `${IMG}?auto=format&w=96`, width: 96 },
      ],
      categories: ["AI writing tools", "Productivity"],
      canonicalUrl: "https://www.producthunt.com/products/quillmate",
    });
    // The original upload (og:image, no resize) is the one kept as the logo.
    expect(pickThumbnail(launch.thumbnails)).toBe(`${IMG}?auto=format`);
  });

  it("prefers Apollo's tagline, description and categories over ld+json and Open Graph", () => {
    const launch = parseLaunchPage(FULL_PAGE, PAGE_URL);
    expect(launch.tagline).not.toBe("The writing partner for teams");
    expect(launch.description).not.toContain("ld+json");
    expect(launch.categories).not.toContain("Writing");
  });

  it("falls back to Apollo's websiteUrl when there is no visit link", () => {
    const page = FULL_PAGE.replace(/<a class="button"[\s\S]*?<\/a>/, "");
    expect(parseLaunchPage(page, PAGE_URL).websiteUrl).toBe("https://www.producthunt.com/r/p/1000123?app_id=339");
  });

  it("reads a page with only Open Graph tags", () => {
    const page = `<html><head>
      <meta property="og:title" content="Tidy   Inbox: Email, sorted &amp; summarised | Product Hunt">
      <meta property="og:description" content="Tidy Inbox sorts your mail.">
      <meta property="og:image" content="/images/tidy.png?auto=format">
      <meta property="og:url" content="https://www.producthunt.com/products/tidy-inbox">
      </head><body><p>Hello</p></body></html>`;
    expect(parseLaunchPage(page, "https://www.producthunt.com/products/tidy-inbox")).toEqual({
      ...EMPTY,
      slug: "tidy-inbox",
      name: "Tidy Inbox",
      tagline: "Email, sorted & summarised",
      description: "Tidy Inbox sorts your mail.",
      thumbnails: [{ url: "https://www.producthunt.com/images/tidy.png?auto=format", width: null }],
      canonicalUrl: "https://www.producthunt.com/products/tidy-inbox",
    });
  });

  it("takes an og:title without ': ' as the name alone", () => {
    const page = `<meta property="og:title" content="Quillmate | Product Hunt">`;
    const launch = parseLaunchPage(page, PAGE_URL);
    expect(launch.name).toBe("Quillmate");
    expect(launch.tagline).toBeNull();
  });

  it("splits the og:title at the first ': ' only", () => {
    const launch = parseLaunchPage(`<meta property="og:title" content="Q: The A: B tool | Product Hunt">`, PAGE_URL);
    expect(launch.name).toBe("Q");
    expect(launch.tagline).toBe("The A: B tool");
  });

  describe("a page with only Apollo's data", () => {
    const related = String.raw`{"__typename":"Product","id":"9","slug":"other-tool","name":"Other Tool","tagline":"Not this one"}`;
    const main = String.raw`{"__typename":"Product","id":"7","slug":"quote-kit","name":"Quote \"Kit\"","tagline":"Say \"undefined\" without fear","description":"Line one\nstill one.\n\n\nLine   two","websiteUrl":"https://quotekit.example/?a=1&b=2","thumbnail":undefined,"thumbnailImageUuid":"6f1e-quotes.png","topics":{"edges":[{"node":{"name":"Writing","slug":"writing"}},{"node":{"name":"writing","slug":"writing"}},{"node":{"name":"Developer Tools"}}]},"rating":undefined}`;
    const page = `<!doctype html><html><head><title>Product Hunt</title></head><body>
      <script>window.dataLayer = window.dataLayer || []; window.dataLayer.push(function () { return 1; });</script>
      ${apolloScript(`{"rehydrate":{"a":{"data":{"related":[${related}]}}},"events":[]}`)}
      ${apolloScript(`{"rehydrate":{"b":{"data":{"product":${main}}}},"events":[undefined]}`)}
      </body></html>`;
    const url = "https://www.producthunt.com/products/quote-kit";

    it("reads the product whose slug is the page's, keeping escaped quotes and the text 'undefined'", () => {
      expect(parseLaunchPage(page, url)).toEqual({
        ...EMPTY,
        slug: "quote-kit",
        name: 'Quote "Kit"',
        tagline: 'Say "undefined" without fear',
        description: "Line one still one.\n\nLine two",
        websiteUrl: "https://quotekit.example/?a=1&b=2",
        thumbnails: [{ url: "https://ph-files.imgix.net/6f1e-quotes.png", width: null }],
        categories: ["Writing", "Developer Tools"],
      });
    });

    it("takes the image host for uuids from the options", () => {
      const launch = parseLaunchPage(page, url, { imageBaseUrl: "http://127.0.0.1:45678/" });
      expect(launch.thumbnails).toEqual([{ url: "http://127.0.0.1:45678/6f1e-quotes.png", width: null }]);
    });

    it("falls back to the first product when no slug matches", () => {
      expect(parseLaunchPage(page, "https://www.producthunt.com/").name).toBe("Other Tool");
    });
  });

  it("skips Apollo scripts that cannot be read and uses the ones that can", () => {
    const broken = apolloScript(
      `{"rehydrate":{"x":{"data":{"product":{"__typename":"Product","slug":"quillmate","name":"Broken" + suffix}}}}}`,
    );
    const page =
      broken + apolloScript(`{"p":{"__typename":"Product","slug":"quillmate","name":"Quillmate","tagline":"Works"}}`);
    const launch = parseLaunchPage(page, PAGE_URL);
    expect(launch.name).toBe("Quillmate");
    expect(launch.tagline).toBe("Works");
  });

  it("prefers the Product with the page's slug to other objects with that slug", () => {
    const launchFirst = apolloScript(
      `{"launch":{"__typename":"Post","slug":"quillmate","name":"Quillmate launch day"}}`,
    );
    const page = launchFirst + apolloScript(`{"p":{"__typename":"Product","slug":"quillmate","name":"Quillmate"}}`);
    expect(parseLaunchPage(page, PAGE_URL).name).toBe("Quillmate");
    expect(parseLaunchPage(launchFirst, PAGE_URL).name).toBe("Quillmate launch day");
  });

  it("does not take a category for the product", () => {
    const page = apolloScript(`{"c":{"__typename":"ProductCategory","name":"Productivity","slug":"productivity"}}`);
    expect(parseLaunchPage(page, PAGE_URL)).toEqual(EMPTY);
  });

  it("keeps going when the ld+json is broken", () => {
    const page = FULL_PAGE.replace('[{"@context"', '[{"@context" oops');
    const launch = parseLaunchPage(page, PAGE_URL);
    expect(launch.name).toBe("Quillmate");
    expect(launch.thumbnails.map((t) => t.url)).not.toContain(`${IMG}?auto=format&fit=crop&w=80&h=80`);
    expect(launch.thumbnails.map((t) => t.url)).toContain(`${IMG}?auto=format`);
  });

  it("reads ld+json when there is no Apollo data, preferring it to Open Graph", () => {
    const page = `<head>
      <meta property="og:title" content="Quillmate: Tagline from OG | Product Hunt">
      <meta property="og:description" content="From OG.">
      <script type="application/ld+json">{"@graph":[{"@type":"Organization","name":"Product Hunt"},{"@type":"SoftwareApplication","name":"Quillmate &amp; Co","description":"From ld+json.","image":{"@type":"ImageObject","url":"/ld.png"},"applicationCategory":["Writing","Productivity"]}]}</script>
      </head>`;
    expect(parseLaunchPage(page, PAGE_URL)).toEqual({
      ...EMPTY,
      name: "Quillmate & Co",
      tagline: "Tagline from OG",
      description: "From ld+json.",
      thumbnails: [{ url: "https://www.producthunt.com/ld.png", width: null }],
      categories: ["Writing", "Productivity"],
    });
  });

  it("decodes entities in attributes and in embedded JSON", () => {
    const page = `<meta property="og:title" content="Caf&eacute; &amp; Co: Bean&#x27;s &quot;best&quot; friend | Product Hunt">
      <meta property="og:description" content="Tom &amp; Jerry&#39;s &lt;tool&gt;">
      ${apolloScript(`{"p":{"__typename":"Product","slug":"quillmate","name":"Fish &amp; Chips","description":undefined}}`)}`;
    const launch = parseLaunchPage(page, PAGE_URL);
    expect(launch.name).toBe("Fish & Chips");
    expect(launch.tagline).toBe('Bean\'s "best" friend');
    expect(launch.description).toBe("Tom & Jerry's <tool>");
  });

  it("decodes every HTML entity in embedded JSON, as a browser decodes text", () => {
    const page = apolloScript(
      `{"p":{"__typename":"Product","slug":"quillmate","name":"Caf&eacute; &AMP; Cr&egrave;me","tagline":"&#128640; &frac12; price &#0; &bogus;"}}`,
    );
    const launch = parseLaunchPage(page, PAGE_URL);
    expect(launch.name).toBe("Café & Crème");
    expect(launch.tagline).toBe("🚀 ½ price \uFFFD &bogus;");
  });

  it("reads Apollo data written with JavaScript-only literals", () => {
    const page =
      apolloScript(String.raw`{'p':{'__typename':'Product','slug':'quillmate','name':'Quill\x6date','tagline':'It\'s "the" \
one','rating':NaN,'logoUuid':undefined,},}`);
    expect(parseLaunchPage(page, PAGE_URL)).toMatchObject({ name: "Quillmate", tagline: 'It\'s "the" one' });
  });

  it("resolves relative links against the page URL", () => {
    const page = `<a data-test="visit-website-button" href="/r/p/55">Visit</a>
      <meta property="og:image" content="//cdn.example/logo.png">
      <link rel="canonical" href="/products/quillmate">`;
    const launch = parseLaunchPage(page, "http://127.0.0.1:45678/products/quillmate");
    expect(launch.websiteUrl).toBe("http://127.0.0.1:45678/r/p/55");
    expect(launch.thumbnails).toEqual([{ url: "http://cdn.example/logo.png", width: null }]);
    expect(launch.canonicalUrl).toBe("http://127.0.0.1:45678/products/quillmate");
    expect(launch.slug).toBe("quillmate");
  });

  it("reads widths from srcset w descriptors", () => {
    const page = `<meta property="og:image" content="${IMG}?w=100">
      <img alt="x" srcset="${IMG}?w=100&amp;dpr=1 100w,${IMG}?w=100&amp;dpr=3 300w">`;
    expect(parseLaunchPage(page, PAGE_URL).thumbnails).toEqual([
      { url: `${IMG}?w=100`, width: 100 },
      { url: `${IMG}?w=100&dpr=1`, width: 100 },
      { url: `${IMG}?w=100&dpr=3`, width: 300 },
    ]);
  });

  it("gives nothing for garbage", () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    const binary = Buffer.from(bytes).toString("latin1");
    const denied = `<!DOCTYPE html><html><head><title>Access denied</title></head>
      <body><h1>Access denied</h1><p>You do not have access to www.producthunt.com.</p>
      <p>The site owner may have set restrictions that prevent you from accessing the site.</p></body></html>`;
    for (const input of [binary, "{}", "", JSON.stringify({ product: { name: "X" } }), denied]) {
      expect(parseLaunchPage(input, PAGE_URL)).toEqual(EMPTY);
    }
  });

  it("does not take Product Hunt's own Open Graph data on a page that lives elsewhere", () => {
    const login = `<head><title>Sign in | Product Hunt</title>
      <meta property="og:title" content="Product Hunt – The best new products in tech.">
      <meta property="og:description" content="Product Hunt is a curation of the best new products.">
      <meta property="og:image" content="https://ph-static.imgix.net/ph-social.png">
      <meta property="og:url" content="https://www.producthunt.com/login">
      <link rel="canonical" href="https://www.producthunt.com/login"></head><body><form></form></body>`;
    expect(parseLaunchPage(login, PAGE_URL)).toEqual(EMPTY);
  });

  it("never throws, even for a page URL that is not a URL", () => {
    expect(parseLaunchPage(FULL_PAGE, "not a url").name).toBe("Quillmate");
    expect(parseLaunchPage(null as unknown as string, PAGE_URL)).toEqual(EMPTY);
  });

  it("labels a <source> by the first <img> of its <picture>", () => {
    const picture = (img: string) =>
      `<meta property="og:title" content="Quillmate | Product Hunt"><picture><source srcset="https://cdn.example/q.webp 96w">${img}</picture>` +
      `<picture><source srcset="https://cdn.example/other.webp 96w"><img alt="Ada Maker" src="a.png"></picture><source srcset="https://cdn.example/loose.webp 96w">`;
    expect(parseLaunchPage(picture(`<img alt="Quillmate logo" src="q.png">`), PAGE_URL).thumbnails).toEqual([
      { url: "https://cdn.example/q.webp", width: 96 },
    ]);
    expect(
      parseLaunchPage(picture(`<span><img alt="Quillmate" src="q.png"></span><img alt="Ada">`), PAGE_URL).thumbnails,
    ).toEqual([{ url: "https://cdn.example/q.webp", width: 96 }]);
    expect(parseLaunchPage(picture(`<img src="q.png"><img alt="Quillmate">`), PAGE_URL).thumbnails).toEqual([]);
  });

  it("reads no tag written in a comment, a script, a noscript, a title or a textarea", () => {
    const hidden = [
      `<!-- <meta property="og:title" content="Hidden | Product Hunt"> -->`,
      `<script>document.write('<meta property="og:title" content="Hidden | Product Hunt">')</script>`,
      `<noscript><meta property="og:title" content="Hidden | Product Hunt"></noscript>`,
      `<title><meta property="og:title" content="Hidden | Product Hunt"></title>`,
      `<textarea><a data-test="visit-website-button" href="https://hidden.example/">Visit</a></textarea>`,
    ];
    for (const page of hidden) expect(parseLaunchPage(page, PAGE_URL), page).toEqual(EMPTY);
    const after = `<noscript><img srcset="https://cdn.example/n.png" alt="Quillmate"></noscript><meta property="og:title" content="Quillmate | Product Hunt">`;
    expect(parseLaunchPage(after, PAGE_URL)).toEqual({ ...EMPTY, name: "Quillmate" });
  });

  it("reads the first image addresses of a page that names more than a launch page does", () => {
    const entries = Array.from({ length: IMAGE_URLS_READ + 10 }, (_, i) => `/logo-${i}.png`).join(", ");
    const launch = parseLaunchPage(
      `<meta property="og:title" content="Quillmate | Product Hunt"><img alt="Quillmate" srcset="${entries}">`,
      PAGE_URL,
    );
    expect(launch.thumbnails).toHaveLength(IMAGE_URLS_READ);
    expect(launch.thumbnails.at(-1)?.url).toBe(`https://www.producthunt.com/logo-${IMAGE_URLS_READ - 1}.png`);
  });

  // The page is fetched from elsewhere and read on the server's only thread: it is read in one
  // pass of a tokenizer, and the parts read by hand are linear in it.
  it("reads 64 KB of unclosed .push( calls, or of commas in a srcset, in linear time", () => {
    const size = 64 * 1024;
    for (const [name, page] of [
      ["pushes", `<script>${".push(".repeat(size / 6)}</script>`],
      ["nested pushes", `<script>${".push([".repeat(size / 7)}</script>`],
      ["commas", `<picture><img alt="Quillmate" srcset="x${",".repeat(size)}y,"></picture>`],
    ] as const) {
      expect(
        fastestRun(() => parseLaunchPage(page, PAGE_URL), 100),
        name,
      ).toBeLessThan(100);
    }
  });

  it("still reads a push after a script's broken one", () => {
    const pushed = `<script>(window.x ??= []).push({"rehydrate": 1, "x": ]);(window.y ??= []).push({"__typename":"Product","name":"Quillmate","slug":"quillmate"});</script>`;
    expect(parseLaunchPage(pushed, PAGE_URL).name).toBe("Quillmate");
  });

  describe("reads 512 KB of hostile HTML in under 100 ms", () => {
    const hostile = {
      "distinct attributes": `<img ${distinctNames()}`,
      "nested unclosed tags": fill("<div>"),
      "table cells": fill("<table><tr><td>"),
      "formatting elements": fill("<b><i><a>"),
      "metas without >": fill("<meta "),
      "a run of attribute name characters": `${fill("a", "<meta ").slice(0, SIZE - 1)}>`,
      "an unterminated comment": fill("-", "<!--"),
      "an unterminated script": fill("x", "<script>"),
      "a huge script": `<script>(window.x ??= []).push({"p":"${"x".repeat(SIZE - 50)}"});</script>`.slice(0, SIZE),
      "noscript openings": fill("<noscript>"),
      "pictures of sources": fill(
        `<picture><source srcset="/logo.png">`,
        `<meta property="og:image" content="/logo.png">`,
      ),
      "a srcset of many entries": fill("/logo.png 1w, ", `<meta property="og:image" content="/logo.png"><img srcset="`),
      "a long name and labelled images": fill(
        `<img alt="${"Q".repeat(64)}" srcset="/q.png">`,
        `<meta property="og:title" content="${"Q".repeat(SIZE / 2)}">`,
      ),
      "ld+json images": `<script type="application/ld+json">{"@type":"Product","name":"Q","image":[${'"/q.png",'.repeat(SIZE / 9 - 20)}"/q.png"]}</script>`,
      "visit links that are not web links": fill(`<a data-test="visit-website-button" href="mailto:q@q">`),
      "pushes that are not JSON": fill(".push(x);", "<script>"),
      "pushes of JavaScript-only literals": fill(`.push(${"[".repeat(100)}'q'${"]".repeat(100)});`, "<script>"),
    };
    it.each(Object.entries(hostile))("%s", (_, page) => {
      expect(page.length).toBeGreaterThanOrEqual(SIZE * 0.95);
      expect(page.length).toBeLessThanOrEqual(SIZE);
      expect(fastestRun(() => parseLaunchPage(page, PAGE_URL), 100)).toBeLessThan(100);
    });
  });

  it("reads a normal page of the size the import reads in under 100 ms, and one of 5 MB well under a second", () => {
    const page = launchPageOf(PAGE_READ_BYTES);
    expect(parseLaunchPage(page, PAGE_URL)).toMatchObject({
      name: "Quillmate",
      tagline: "AI writing partner for busy teams",
      websiteUrl: "https://quillmate.example/?ref=producthunt",
    });
    expect(fastestRun(() => parseLaunchPage(page, PAGE_URL), 100)).toBeLessThan(100);
    const large = launchPageOf(5 * 1024 * 1024);
    expect(fastestRun(() => parseLaunchPage(large, PAGE_URL), 500)).toBeLessThan(500);
  });
});

const SIZE = 512 * 1024;

/** `unit` repeated after `prefix` up to SIZE characters. */
function fill(unit: string, prefix = ""): string {
  return (prefix + unit.repeat(Math.ceil(SIZE / unit.length))).slice(0, SIZE);
}

/** SIZE characters of distinct attribute (or tag) names, space-separated. */
function distinctNames(): string {
  return Array.from({ length: SIZE / 4 }, (_, i) => `a${i.toString(36)}`)
    .join(" ")
    .slice(0, SIZE - 5);
}

/**
 * A launch page of about `size` characters as Product Hunt writes one: FULL_PAGE's head and hero,
 * then comments with their avatars, each with Apollo's data for it, as the page streams them.
 */
function launchPageOf(size: number): string {
  const comment = (i: number) =>
    `<div class="styles_comment__a1 flex gap-3" data-test="comment-${i}"><a href="/@maker${i}"><img alt="Maker ${i}" loading="lazy" width="32" height="32" ` +
    `srcset="https://ph-avatars.imgix.net/${i}/original.png?auto=format&amp;w=32 1x, https://ph-avatars.imgix.net/${i}/original.png?auto=format&amp;w=64 2x"/></a>` +
    `<div class="flex flex-col"><span class="font-semibold">Maker ${i}</span><p class="text-16">Congrats on the launch! We&#x27;ve used it for a week &amp; love it.</p>` +
    `<button type="button">Upvote (${i % 40})</button><a href="/products/quillmate/comments/${i}">Reply</a></div></div>\n` +
    apolloScript(
      `{"rehydrate":{"_R_c${i}_":{"data":{"comment":{"__typename":"Comment","id":"${i}","body":"Congrats on the launch!","votesCount":${i % 40},` +
        `"user":{"__typename":"User","id":"${i}","name":"Maker ${i}","username":"maker${i}","avatarUrl":"https://ph-avatars.imgix.net/${i}/original.png"}}},"loading":false}},"events":[]}`,
    );
  const [head, tail] = FULL_PAGE.split("</main>");
  let comments = "";
  for (let i = 0; head!.length + comments.length + tail!.length < size; i++) comments += comment(i);
  return `${head}${comments}</main>${tail}`;
}

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<feed xml:lang="en-US" xmlns="http://www.w3.org/2005/Atom">
  <id>tag:www.producthunt.com,2005:/feed</id>
  <link rel="alternate" type="text/html" href="https://www.producthunt.com"/>
  <link rel="self" type="application/atom+xml" href="https://www.producthunt.com/feed"/>
  <title>Product Hunt — The best new products, every day</title>
  <updated>2026-11-20T10:01:11-08:00</updated>
  <entry>
    <id>tag:www.producthunt.com,2005:Post/1000123</id>
    <published>2026-11-20T00:01:00-08:00</published>
    <updated>2026-11-20T09:12:44-08:00</updated>
    <link rel="alternate" type="text/html" href="https://www.producthunt.com/products/quillmate?utm_campaign=producthunt-atom-posts-feed&amp;utm_medium=rss-feed"/>
    <title>Quillmate</title>
    <content type="html">&lt;p&gt;
          AI writing partner for busy teams
        &lt;/p&gt;
        &lt;p&gt;
          &lt;a href=&quot;https://www.producthunt.com/products/quillmate?utm_campaign=producthunt-atom-posts-feed&amp;amp;utm_medium=rss-feed&amp;amp;utm_source=producthunt-atom-posts-feed&quot;&gt;Discussion&lt;/a&gt;
          |
          &lt;a href=&quot;https://www.producthunt.com/r/p/1000123?app_id=339&quot;&gt;Link&lt;/a&gt;
        &lt;/p&gt;</content>
    <author><name>Ada Maker</name></author>
  </entry>
  <entry>
    <id>tag:www.producthunt.com,2005:Post/1000124</id>
    <published>2026-11-20T00:02:00-08:00</published>
    <title>No link</title>
    <content type="html">&lt;p&gt;Skipped&lt;/p&gt;</content>
  </entry>
  <entry>
    <id>tag:www.producthunt.com,2005:Post/1000125</id>
    <updated>not a date</updated>
    <link rel="related" href="https://elsewhere.example/"/>
    <link rel="alternate" type="text/html" href="https://www.producthunt.com/posts/Tidy-Inbox"/>
    <title>Tidy &amp; Inbox</title>
    <content type="html">&lt;p&gt;Email, sorted &amp;amp; summarised&lt;/p&gt;</content>
  </entry>
  <entry>
    <id>tag:www.producthunt.com,2005:Post/1000126</id>
    <published>2026-11-19T23:00:00Z</published>
    <link href="http://127.0.0.1:45678/products/local-one#comments"/>
    <title>Local One</title>
  </entry>
</feed>`;

describe("parseFeed", () => {
  it("reads the entries that have an alternate link", () => {
    expect(parseFeed(FEED)).toEqual([
      {
        id: "tag:www.producthunt.com,2005:Post/1000123",
        url: "https://www.producthunt.com/products/quillmate",
        slug: "quillmate",
        title: "Quillmate",
        tagline: "AI writing partner for busy teams",
        publishedAt: Date.parse("2026-11-20T08:01:00Z"),
      },
      {
        id: "tag:www.producthunt.com,2005:Post/1000125",
        url: "https://www.producthunt.com/posts/Tidy-Inbox",
        slug: "tidy-inbox",
        title: "Tidy & Inbox",
        tagline: "Email, sorted & summarised",
        publishedAt: null,
      },
      {
        id: "tag:www.producthunt.com,2005:Post/1000126",
        url: "http://127.0.0.1:45678/products/local-one",
        slug: "local-one",
        title: "Local One",
        tagline: "",
        publishedAt: Date.parse("2026-11-19T23:00:00Z"),
      },
    ]);
  });

  it("gives no entries for an empty feed", () => {
    expect(parseFeed(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>`)).toEqual(
      [],
    );
  });

  it("reads the first paragraph of inline XHTML content, and the summary when the content has none", () => {
    const entry = (content: string) =>
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="https://www.producthunt.com/products/a"/>${content}</entry></feed>`;
    const xhtml = `<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Notes &amp; <b>tasks</b>,\n together</p><p>Second</p></div></content>`;
    expect(parseFeed(entry(xhtml))[0]?.tagline).toBe("Notes & tasks, together");
    expect(parseFeed(entry(`<content type="xhtml"><div>No <i>paragraph</i></div></content>`))[0]?.tagline).toBe(
      "No paragraph",
    );
    expect(
      parseFeed(entry(`<content type="html">&lt;p&gt;&lt;/p&gt;</content><summary>From the summary</summary>`))[0]
        ?.tagline,
    ).toBe("From the summary");
    expect(
      parseFeed(entry(`<summary type="html">&lt;div&gt;Lead&lt;p&gt;First &amp;amp; only&lt;div&gt;Not this`))[0]
        ?.tagline,
    ).toBe("First & only");
    expect(parseFeed(entry(`<title><![CDATA[Fish & <Chips>]]></title>`))[0]?.title).toBe("Fish & <Chips>");
  });

  it("reads the first feed of the document, its entries only, and entries closed by the end of the text", () => {
    const link = (slug: string) => `<link href="https://www.producthunt.com/products/${slug}"/>`;
    const xml = `<feed><x><entry>${link("inside-x")}</entry></x></b><entry>${link("one")}<entry>${link("nested")}</entry></entry><entry>${link("open")}<title>Open`;
    expect(parseFeed(xml).map((e) => [e.slug, e.title])).toEqual([
      ["one", ""],
      ["open", "Open"],
    ]);
    expect(
      parseFeed(`<feed><entry>${link("first")}</entry></feed><feed><entry>${link("second")}</entry></feed>`).map(
        (e) => e.slug,
      ),
    ).toEqual(["first"]);
  });

  it("reads the first entries of a feed longer than Product Hunt's", () => {
    const entries = Array.from(
      { length: FEED_ENTRIES_READ + 5 },
      (_, i) => `<entry><link href="https://www.producthunt.com/products/l${i}"/></entry>`,
    );
    const read = parseFeed(`<feed>${entries.join("")}</feed>`);
    expect(read).toHaveLength(FEED_ENTRIES_READ);
    expect(read.at(-1)?.slug).toBe(`l${FEED_ENTRIES_READ - 1}`);
  });

  describe("reads 512 KB of a hostile feed in under 100 ms", () => {
    const entry = `<feed><entry><link href="https://www.producthunt.com/products/q"/>`;
    const hostile = {
      "nested unclosed elements": fill("<a>", entry),
      "nested elements closed by names never opened": fill("<a><b></c>", entry),
      "nested entries": fill("<entry>", "<feed>"),
      "end tags": fill("</a>", entry),
      "distinct attributes": `<feed><entry><link ${distinctNames().slice(0, SIZE - 20)}`,
      "distinct element names": `<feed><entry><${distinctNames()
        .replaceAll(" ", "><")
        .slice(0, SIZE - 20)}`,
      "HTML content of nested blocks": fill("&lt;div&gt;", `${entry}<content type="html">`),
      "HTML content of formatting elements": fill("&lt;b&gt;&lt;i&gt;&lt;a&gt;", `${entry}<content type="html">`),
      "XHTML content of nested blocks": fill("<div>", `${entry}<content type="xhtml">`),
      "an unterminated comment": fill("-", "<feed><!--"),
      "an unterminated CDATA section": fill("x", `${entry}<title><![CDATA[`),
      "many entries": fill(
        `<entry><link href="https://www.producthunt.com/products/q"/><title>Q</title><content type="html">&lt;p&gt;Q&lt;/p&gt;</content></entry>`,
        "<feed>",
      ),
      "a long date": fill("2", `${entry}<published>`),
    };
    it.each(Object.entries(hostile))("%s", (_, xml) => {
      expect(xml.length).toBeGreaterThanOrEqual(SIZE * 0.95);
      expect(fastestRun(() => parseFeed(xml), 100)).toBeLessThan(100);
    });
  });

  it("throws FeedError for what is not an Atom feed", () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><item><link>https://x.example/</link></item></channel></rss>`;
    for (const input of [
      "",
      "{}",
      "<html><body>Access denied</body></html>",
      rss,
      "\u0000\u00ff\u0010garbage",
      "<entry><link href='https://x/products/a'/></entry>",
    ]) {
      expect(() => parseFeed(input), JSON.stringify(input)).toThrow(FeedError);
    }
    expect(() => parseFeed("")).toThrow("The feed could not be read.");
  });
});

const POST_ANSWER = {
  data: {
    post: {
      id: "1000123",
      slug: "quillmate",
      name: "Quillmate",
      tagline: "AI writing partner for busy teams",
      description: "Quillmate drafts, edits and polishes your team&#x27;s documents.",
      url: "https://www.producthunt.com/posts/quillmate?utm_campaign=producthunt-api&utm_medium=api-v2",
      website: "https://www.producthunt.com/r/p/1000123?utm_campaign=producthunt-api&utm_medium=api-v2",
      thumbnail: { url: `${IMG}?auto=format` },
      media: [
        { url: "https://ph-files.imgix.net/shot-1.png", type: "image" },
        { url: "https://ph-files.imgix.net/video-poster.png", type: "video" },
        { url: `${IMG}?auto=format`, type: "image" },
      ],
      topics: {
        edges: [
          { node: { name: "Artificial Intelligence", slug: "artificial-intelligence" } },
          { node: { name: "Writing", slug: "writing" } },
        ],
      },
    },
  },
};

describe("parseGraphqlPost", () => {
  it("reads a post", () => {
    expect(parseGraphqlPost(POST_ANSWER)).toEqual({
      slug: "quillmate",
      name: "Quillmate",
      tagline: "AI writing partner for busy teams",
      description: "Quillmate drafts, edits and polishes your team's documents.",
      websiteUrl: "https://www.producthunt.com/r/p/1000123?utm_campaign=producthunt-api&utm_medium=api-v2",
      thumbnails: [
        { url: `${IMG}?auto=format`, width: null },
        { url: "https://ph-files.imgix.net/shot-1.png", width: null },
      ],
      categories: ["Artificial Intelligence", "Writing"],
      canonicalUrl: "https://www.producthunt.com/posts/quillmate",
    });
  });

  it("takes fields of the wrong type as missing", () => {
    const answer = { data: { post: { slug: "x", name: 42, thumbnail: null, media: "none", topics: null } } };
    expect(parseGraphqlPost(answer)).toEqual({ ...EMPTY, slug: "x" });
  });

  it("gives null when there is no such post", () => {
    expect(parseGraphqlPost({ data: { post: null } })).toBeNull();
  });

  it("throws the first error's message", () => {
    const answer = { errors: [{ message: "Unauthorized access" }, { message: "second" }], data: null };
    expect(() => parseGraphqlPost(answer)).toThrow(new GraphqlError("Unauthorized access"));
    expect(() => parseGraphqlPost(answer)).toThrow(GraphqlError);
  });

  it("throws for answers of the wrong shape", () => {
    for (const answer of [
      null,
      "text",
      42,
      [],
      {},
      { data: null },
      { data: {} },
      { data: { post: "x" } },
      { errors: [{}] },
    ]) {
      expect(() => parseGraphqlPost(answer), JSON.stringify(answer)).toThrow(
        "Unexpected answer from the Product Hunt API.",
      );
    }
  });

  it("asks for every field it reads", () => {
    for (const field of [
      "post(slug: $slug)",
      "tagline",
      "description",
      "website",
      "thumbnail { url }",
      "media { url type }",
      "topics { edges { node { name slug } } }",
    ]) {
      expect(POST_QUERY).toContain(field);
    }
  });
});

describe("parseGraphqlPosts", () => {
  it("reads launches and where the next page starts", () => {
    const answer = {
      data: {
        posts: {
          pageInfo: { endCursor: "MjA", hasNextPage: true },
          edges: [
            {
              node: {
                id: "1",
                slug: "quillmate",
                name: "Quillmate",
                url: "https://www.producthunt.com/posts/quillmate?utm_campaign=api",
              },
            },
            { node: { id: "2", name: "No slug", url: "https://www.producthunt.com/posts/none" } },
            {
              node: {
                id: "3",
                slug: "Tidy-Inbox",
                name: "Tidy Inbox",
                url: "https://www.producthunt.com/posts/tidy-inbox",
              },
            },
          ],
        },
      },
    };
    expect(parseGraphqlPosts(answer)).toEqual({
      posts: [
        { slug: "quillmate", url: "https://www.producthunt.com/posts/quillmate" },
        { slug: "tidy-inbox", url: "https://www.producthunt.com/posts/tidy-inbox" },
      ],
      endCursor: "MjA",
      hasNextPage: true,
    });
  });

  it("reads the last page", () => {
    expect(
      parseGraphqlPosts({ data: { posts: { pageInfo: { endCursor: null, hasNextPage: false }, edges: [] } } }),
    ).toEqual({
      posts: [],
      endCursor: null,
      hasNextPage: false,
    });
  });

  it("throws for errors and wrong shapes", () => {
    expect(() => parseGraphqlPosts({ errors: [{ message: "Rate limit" }] })).toThrow(new GraphqlError("Rate limit"));
    expect(() => parseGraphqlPosts({ data: { posts: null } })).toThrow(GraphqlError);
    expect(() => parseGraphqlPosts({ data: { posts: { edges: "x" } } })).toThrow(GraphqlError);
  });

  it("asks for pages of the newest launches", () => {
    expect(POSTS_QUERY).toContain("posts(first: $first, after: $after, order: NEWEST)");
    expect(POSTS_QUERY).toContain("pageInfo { endCursor hasNextPage }");
  });
});
