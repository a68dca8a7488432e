import { describe, expect, it } from "vitest";
import { SUBMISSION_LIMITS } from "../../core/submission.ts";
import { logoCandidates, proposeTexts, readPageFacts } from "./website-proposal.ts";

const PAGE = "https://www.acme.example/en/";

function propose(html: string, url = PAGE) {
  const facts = readPageFacts(html);
  return { ...proposeTexts(facts, url), logos: logoCandidates(facts, url) };
}

describe("a page's proposal for the submit form", () => {
  it("takes the name from og:site_name, the tagline from the title and the description from its meta", () => {
    const proposal = propose(`<!doctype html><html><head>
      <title>Acme — Notes that think with you</title>
      <meta property="og:site_name" content="Acme">
      <meta name="description" content="Acme keeps your notes. It links them for you.">
      <link rel="canonical" href="/">
    </head><body><h1>Hi</h1></body></html>`);
    expect(proposal).toMatchObject({
      name: "Acme",
      tagline: "Notes that think with you",
      description: "Acme keeps your notes. It links them for you.",
      canonicalUrl: "https://www.acme.example/",
    });
  });

  it("splits the title into name and tagline when the page names no site", () => {
    expect(propose("<title>Acme | Notes that think</title>")).toMatchObject({
      name: "Acme",
      tagline: "Notes that think",
      description: "",
      canonicalUrl: PAGE,
    });
  });

  it("uses the description's first sentence as the tagline when the title has one part", () => {
    const proposal = propose(
      `<title>Acme</title><meta name="twitter:description" content="Notes that think. Free for teams.">`,
    );
    expect(proposal).toMatchObject({
      name: "Acme",
      tagline: "Notes that think.",
      description: "Notes that think. Free for teams.",
    });
  });

  it("prefers Open Graph's title and description to the page's when its own are missing", () => {
    expect(
      propose(
        `<meta property="og:title" content="Beta: Fast builds"><meta property="og:description" content="CI for all.">`,
      ),
    ).toMatchObject({ name: "Beta", tagline: "Fast builds", description: "CI for all." });
  });

  it("decodes entities and drops line breaks and invisible characters from one-line fields", () => {
    const proposal = propose(
      `<title>Caf&eacute; &amp; Co\n\u200B| Coffee &lt;for&gt; devs</title><meta name="description" content="One&#10;&#10;Two">`,
    );
    expect(proposal).toMatchObject({ name: "Café & Co", tagline: "Coffee <for> devs", description: "One\n\nTwo" });
  });

  it("cuts every text to its field's limit", () => {
    const long = "word ".repeat(3000);
    const proposal = propose(
      `<meta property="og:site_name" content="${long}"><title>${long}</title><meta name="description" content="${long}${long}">`,
    );
    expect(proposal.name.length).toBeLessThanOrEqual(SUBMISSION_LIMITS.name);
    expect(proposal.tagline.length).toBeLessThanOrEqual(SUBMISSION_LIMITS.tagline);
    expect(proposal.description.length).toBeLessThanOrEqual(SUBMISSION_LIMITS.description);
    expect(proposal.name.endsWith("…")).toBe(true);
  });

  it("proposes nothing from a page that says nothing, and no name that makes no slug", () => {
    expect(propose("<p>hello")).toMatchObject({ name: "", tagline: "", description: "", logos: [] });
    expect(propose("<title>!!! | Something</title>").name).toBe("");
  });

  it("reads only the first title: an SVG's title in the body is not the page's", () => {
    expect(propose("<title>Acme</title><body><svg><title>Icon</title></svg>").name).toBe("Acme");
  });

  it("keeps the canonical address only on the same site", () => {
    expect(propose(`<link rel="canonical" href="https://acme.example/">`).canonicalUrl).toBe("https://acme.example/");
    expect(propose(`<link rel="canonical" href="https://evil.example/">`).canonicalUrl).toBe(PAGE);
    expect(propose(`<meta property="og:url" content="https://www.acme.example/home">`).canonicalUrl).toBe(
      "https://www.acme.example/home",
    );
    expect(propose(`<link rel="canonical" href="javascript:alert(1)">`).canonicalUrl).toBe(PAGE);
  });

  it("lists logos best first: apple-touch-icon, icons from the largest, then og:image; relative addresses resolved", () => {
    const { logos } = propose(`
      <link rel="icon" href="/favicon.ico">
      <link rel="icon" type="image/svg+xml" href="/icon.svg">
      <link rel="icon" sizes="32x32" href="/icon-32.png">
      <link rel="shortcut icon" sizes="192x192" href="icon-192.png">
      <link rel="apple-touch-icon" href="//cdn.acme.example/touch.png">
      <meta property="og:image" content="https://acme.example/og.jpg">
      <meta name="twitter:image" content="https://acme.example/tw.jpg">`);
    expect(logos).toEqual([
      "https://cdn.acme.example/touch.png",
      "https://www.acme.example/en/icon-192.png",
      "https://www.acme.example/icon-32.png",
      "https://acme.example/og.jpg",
    ]);
  });

  it("reads malformed markup without failing", () => {
    const proposal = propose(`<html><head><title>Acme<meta name=description content="Open <b>ended`);
    expect(proposal.description).toBe("");
    expect(typeof proposal.name).toBe("string");
    expect(
      propose(`<<<<>>>><meta content="x" name="description"><link rel=icon href="data:image/png;base64,AA">`),
    ).toMatchObject({ description: "x", logos: [] });
  });
});
