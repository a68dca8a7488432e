import { describe, expect, it } from "vitest";
import { fastestRun } from "../tests/support/timing.ts";
import { CATEGORY_SLUGS } from "./categories.ts";
import {
  IMPORT_MESSAGES,
  PRODUCT_HUNT_CATEGORY_MAP,
  allProxiesFailedMessage,
  faviconUrl,
  importFailedMessage,
  importSucceededMessage,
  isPlaceholderImage,
  launchSlug,
  launchUrl,
  mapCategories,
  pickThumbnail,
  productHuntUrlSchema,
  scrapeBusyMessage,
  scrapeFailedMessage,
  siteRef,
  withRef,
} from "./import.ts";

const PH = "https://www.producthunt.com";
const LOCAL = "http://127.0.0.1:45678";

/** The schema's output, or its first message. */
function check(input: unknown, baseUrl = PH): { ok: string } | { error: string } {
  const result = productHuntUrlSchema(baseUrl).safeParse(input);
  return result.success ? { ok: result.data } : { error: result.error.issues[0]?.message ?? "(no message)" };
}

const required = { error: IMPORT_MESSAGES.urlRequired };
const invalid = { error: IMPORT_MESSAGES.urlInvalid };

describe("messages", () => {
  it("has the fixed texts", () => {
    expect(IMPORT_MESSAGES).toEqual({
      urlRequired: "Please enter a Product Hunt URL!",
      urlInvalid: "Please enter a valid Product Hunt URL!",
      nameNotFound: "Tool name not found",
      slugFailed: "Could not generate slug from tool name",
    });
  });

  it("fills in the templates", () => {
    expect(importSucceededMessage("Quillmate")).toBe("Quillmate successfully imported and saved!");
    expect(importFailedMessage("Tool name not found")).toBe("Import failed: Tool name not found");
    expect(scrapeFailedMessage("HTTP 403")).toBe("Product Hunt scraping failed: HTTP 403");
    expect(allProxiesFailedMessage("timeout")).toBe("All proxy services failed. Last error: timeout");
  });
});

describe("productHuntUrlSchema", () => {
  it("asks for a URL when there is none", () => {
    expect(check("")).toEqual(required);
    expect(check("   \t ")).toEqual(required);
    expect(check(undefined)).toEqual(required);
    expect(check(null)).toEqual(required);
  });

  it("refuses what is not a URL or not http(s)", () => {
    expect(check("not a url")).toEqual(invalid);
    expect(check("ftp://www.producthunt.com/products/x")).toEqual(invalid);
    expect(check("javascript:alert(1)")).toEqual(invalid);
    expect(check("mailto:someone@www.producthunt.com/products/x")).toEqual(invalid);
  });

  it("refuses an address with a line break, a tab or a control character in it", () => {
    for (const text of [
      "https://www.producthunt.com/prod\nucts/x",
      "https://www.producthunt.com/products/x\r\ny",
      "https://www.producthunt.com/products/\tx",
      "https://www.producthunt.com/products/x\u202E",
    ]) {
      expect(check(text), JSON.stringify(text)).toEqual(invalid);
    }
  });

  it("refuses other hosts, including look-alikes", () => {
    expect(check("https://example.com/products/x")).toEqual(invalid);
    expect(check("https://www.producthunt.com.evil.com/products/x")).toEqual(invalid);
    expect(check("https://evilproducthunt.com/products/x")).toEqual(invalid);
    expect(check("https://evil.com/?u=https://www.producthunt.com/products/x")).toEqual(invalid);
    expect(check("https://evil.com/products/x#https://www.producthunt.com/products/x")).toEqual(invalid);
    expect(check("https://user@evil.com")).toEqual(invalid);
    expect(check("https://www.producthunt.com@evil.com/products/x")).toEqual(invalid);
    expect(check("https://api.producthunt.com/products/x")).toEqual(invalid);
  });

  it("refuses Product Hunt's host with credentials or another port", () => {
    expect(check("https://user:pw@www.producthunt.com/products/x")).toEqual(invalid);
    expect(check("https://www.producthunt.com:8443/products/x")).toEqual(invalid);
  });

  it("refuses pages that are not a launch", () => {
    expect(check("https://www.producthunt.com/")).toEqual(invalid);
    expect(check("https://www.producthunt.com")).toEqual(invalid);
    expect(check("https://www.producthunt.com/products")).toEqual(invalid);
    expect(check("https://www.producthunt.com/products/")).toEqual(invalid);
    expect(check("https://www.producthunt.com/topics/productivity")).toEqual(invalid);
    expect(check("https://www.producthunt.com/@ada")).toEqual(invalid);
    expect(check("https://www.producthunt.com/products/bad%20slug")).toEqual(invalid);
  });

  it("accepts Product Hunt with and without www, over http or https", () => {
    expect(check("https://www.producthunt.com/products/quillmate")).toEqual({ ok: `${PH}/products/quillmate` });
    expect(check("https://producthunt.com/products/x")).toEqual({ ok: `${PH}/products/x` });
    expect(check("http://www.producthunt.com/products/x")).toEqual({ ok: `${PH}/products/x` });
    expect(check("HTTPS://WWW.PRODUCTHUNT.COM/products/x")).toEqual({ ok: `${PH}/products/x` });
  });

  it("keeps the kind, lower-cases the slug and drops query, fragment and extra segments", () => {
    expect(check("https://www.producthunt.com/posts/x?utm=1#y")).toEqual({ ok: `${PH}/posts/x` });
    expect(check("https://www.producthunt.com/products/QuillMate")).toEqual({ ok: `${PH}/products/quillmate` });
    expect(check("https://www.producthunt.com/products/quillmate/launches/quillmate-2")).toEqual({
      ok: `${PH}/products/quillmate`,
    });
    expect(check("https://www.producthunt.com/products/quillmate/")).toEqual({ ok: `${PH}/products/quillmate` });
  });

  it("trims, and takes an address without scheme as https", () => {
    expect(check("  https://www.producthunt.com/products/x  ")).toEqual({ ok: `${PH}/products/x` });
    expect(check("www.producthunt.com/products/x")).toEqual({ ok: `${PH}/products/x` });
    expect(check("producthunt.com/posts/y")).toEqual({ ok: `${PH}/posts/y` });
  });

  it("refuses addresses longer than 2048 characters", () => {
    const long = `https://www.producthunt.com/products/x?pad=${"a".repeat(2048)}`;
    expect(check(long)).toEqual(invalid);
  });

  it("follows the base URL, port included", () => {
    expect(check("http://127.0.0.1:45678/products/quillmate", LOCAL)).toEqual({ ok: `${LOCAL}/products/quillmate` });
    expect(check("http://127.0.0.1:45679/products/quillmate", LOCAL)).toEqual(invalid);
    expect(check("http://127.0.0.1/products/quillmate", LOCAL)).toEqual(invalid);
    expect(check("https://www.producthunt.com/products/quillmate", LOCAL)).toEqual(invalid);
    expect(check("https://www.producthunt.com/products/x", `${PH}/`)).toEqual({ ok: `${PH}/products/x` });
  });
});

describe("launchSlug and launchUrl", () => {
  it("reads the slug of product and post URLs on any host", () => {
    expect(launchSlug("https://www.producthunt.com/products/Quillmate?utm_source=x")).toBe("quillmate");
    expect(launchSlug("http://127.0.0.1:45678/posts/quillmate-2/reviews")).toBe("quillmate-2");
  });

  it("gives null for other pages and non-URLs", () => {
    expect(launchSlug("https://www.producthunt.com/topics/ai")).toBeNull();
    expect(launchSlug("https://www.producthunt.com/products/")).toBeNull();
    expect(launchSlug("/products/x")).toBeNull();
    expect(launchSlug("")).toBeNull();
  });

  it("takes a slug of letters, digits, hyphens and underscores with at least one letter or digit", () => {
    expect(launchSlug("https://www.producthunt.com/products/a_b-C")).toBe("a_b-c");
    expect(launchSlug("https://www.producthunt.com/products/_-_")).toBeNull();
    expect(launchSlug("https://www.producthunt.com/products/a%20b")).toBeNull();
  });

  it("judges a slug of 256 KB in linear time (slugs come from fetched pages and feeds)", () => {
    const url = `https://www.producthunt.com/products/${"0".repeat(256 * 1024)}%00`;
    expect(launchSlug(url)).toBeNull();
    expect(fastestRun(() => launchSlug(url), 100)).toBeLessThan(100);
  });

  it("builds a product URL", () => {
    expect(launchUrl(PH, "quillmate")).toBe("https://www.producthunt.com/products/quillmate");
    expect(launchUrl(`${LOCAL}/`, "x")).toBe("http://127.0.0.1:45678/products/x");
  });
});

describe("PRODUCT_HUNT_CATEGORY_MAP", () => {
  it("knows Product Hunt's common names and slugs", () => {
    expect(PRODUCT_HUNT_CATEGORY_MAP["artificial intelligence"]).toBe("ai");
    expect(PRODUCT_HUNT_CATEGORY_MAP["artificial-intelligence"]).toBe("ai");
    expect(PRODUCT_HUNT_CATEGORY_MAP["developer tools"]).toBe("development");
    expect(PRODUCT_HUNT_CATEGORY_MAP["developer-tools"]).toBe("development");
    expect(PRODUCT_HUNT_CATEGORY_MAP["health & fitness"]).toBe("health");
    expect(PRODUCT_HUNT_CATEGORY_MAP["health-fitness"]).toBe("health");
    expect(PRODUCT_HUNT_CATEGORY_MAP["task management"]).toBe("project-management");
    expect(PRODUCT_HUNT_CATEGORY_MAP["e-commerce"]).toBe("ecommerce");
    expect(PRODUCT_HUNT_CATEGORY_MAP["customer success"]).toBe("support");
    expect(PRODUCT_HUNT_CATEGORY_MAP["fintech"]).toBe("finance");
  });

  it("has about 80 names, lower-case keys and only our categories", () => {
    const keys = Object.keys(PRODUCT_HUNT_CATEGORY_MAP);
    expect(keys.filter((key) => !key.includes("-")).length).toBeGreaterThanOrEqual(80);
    for (const key of keys) expect(key).toBe(key.toLowerCase());
    for (const slug of Object.values(PRODUCT_HUNT_CATEGORY_MAP)) expect(CATEGORY_SLUGS).toContain(slug);
  });

  it("covers every name the import is known to meet", () => {
    const names = [
      "ai writing tools",
      "design tools",
      "productivity",
      "marketing",
      "analytics",
      "education",
      "games",
      "privacy",
      "security",
      "social media",
      "writing",
      "no-code",
      "open source",
      "saas",
      "chrome extensions",
      "email",
      "video",
      "music",
      "photography",
      "sales",
      "hiring",
      "notes",
      "calendar",
      "messaging",
    ];
    for (const name of names) expect(PRODUCT_HUNT_CATEGORY_MAP[name], name).toBeDefined();
  });
});

describe("mapCategories", () => {
  it("keeps the order given", () => {
    expect(mapCategories(["Productivity", "Artificial Intelligence"])).toEqual(["productivity", "ai"]);
    expect(mapCategories(["Artificial Intelligence", "Productivity"])).toEqual(["ai", "productivity"]);
  });

  it("lists a category once", () => {
    expect(mapCategories(["AI writing tools", "Artificial Intelligence", "Design Tools"])).toEqual(["ai", "design"]);
  });

  it("stops at 3", () => {
    expect(mapCategories(["Marketing", "Analytics", "Fintech", "Games", "Privacy"])).toEqual([
      "marketing",
      "analytics",
      "finance",
    ]);
  });

  it("counts only mapped names towards the 3", () => {
    expect(mapCategories(["Quantum Knitting", "Marketing", "Tech", "Analytics", "Fintech"])).toEqual([
      "marketing",
      "analytics",
      "finance",
    ]);
  });

  it("ignores case, surrounding and repeated spaces, and takes slugs", () => {
    expect(mapCategories(["  DEVELOPER   tools ", "health-fitness", "e-commerce"])).toEqual([
      "development",
      "health",
      "ecommerce",
    ]);
  });

  it("meets '&'/'and' and hyphen/space spellings", () => {
    expect(mapCategories(["Health and Fitness"])).toEqual(["health"]);
    expect(mapCategories(["kids-and-parenting"])).toEqual(["education"]);
    expect(mapCategories(["Data & Analytics"])).toEqual(["analytics"]);
    expect(mapCategories(["social-media"])).toEqual(["social"]);
    expect(mapCategories(["no code"])).toEqual(["development"]);
    expect(mapCategories(["Open-Source"])).toEqual(["development"]);
  });

  it("falls back to keywords for names it does not know", () => {
    expect(mapCategories(["Generative AI"])).toEqual(["ai"]);
    expect(mapCategories(["AI Meeting Notes"])).toEqual(["ai"]);
    expect(mapCategories(["Tools for developers"])).toEqual(["development"]);
    expect(mapCategories(["Game development"])).toEqual(["development"]);
    expect(mapCategories(["Interior Design"])).toEqual(["design"]);
    expect(mapCategories(["Influencer Marketing Platforms"])).toEqual(["marketing"]);
    expect(mapCategories(["Decentralized Finance"])).toEqual(["finance"]);
  });

  it("does not read 'ai' inside other words", () => {
    expect(mapCategories(["Email"])).toEqual(["communication"]);
    expect(mapCategories(["Mail merge", "Repairs"])).toEqual(["utilities"]);
  });

  it("drops unknown names and falls back to utilities", () => {
    expect(mapCategories([])).toEqual(["utilities"]);
    expect(mapCategories(["Quantum Knitting", "", "   "])).toEqual(["utilities"]);
    expect(mapCategories(["constructor", "__proto__", "toString"])).toEqual(["utilities"]);
  });
});

describe("withRef", () => {
  it("replaces Product Hunt's ref", () => {
    expect(withRef("https://quillmate.example/?ref=producthunt", "toolshelf")).toBe(
      "https://quillmate.example/?ref=toolshelf",
    );
  });

  it("adds a ref when there is none", () => {
    expect(withRef("https://quillmate.example", "toolshelf")).toBe("https://quillmate.example/?ref=toolshelf");
    expect(withRef("https://quillmate.example/pricing", "toolshelf")).toBe(
      "https://quillmate.example/pricing?ref=toolshelf",
    );
  });

  it("keeps other parameters as written and the fragment", () => {
    expect(withRef("https://q.example/a?utm_source=ph&ref=producthunt&q=a%2Fb~c#top", "toolshelf")).toBe(
      "https://q.example/a?utm_source=ph&ref=toolshelf&q=a%2Fb~c#top",
    );
    expect(withRef("https://q.example/?x=1#frag", "toolshelf")).toBe("https://q.example/?x=1&ref=toolshelf#frag");
  });

  it("leaves a single ref when there were several", () => {
    expect(withRef("https://q.example/?ref=a&x=1&ref=b", "toolshelf")).toBe("https://q.example/?ref=toolshelf&x=1");
  });

  it("does not touch parameters that only start with ref", () => {
    expect(withRef("https://q.example/?referrer=x", "me")).toBe("https://q.example/?referrer=x&ref=me");
  });

  it("encodes the marker", () => {
    expect(withRef("https://q.example/", "a b&c")).toBe("https://q.example/?ref=a%20b%26c");
  });

  it("gives back a text that is not a URL unchanged", () => {
    expect(withRef("not a url", "toolshelf")).toBe("not a url");
  });
});

describe("siteRef", () => {
  it("slugifies the site name", () => {
    expect(siteRef("toolshelf/")).toBe("toolshelf");
    expect(siteRef("My Tools Hub")).toBe("my-tools-hub");
    expect(siteRef(" -Tools- ")).toBe("tools");
  });

  it("falls back to toolshelf", () => {
    expect(siteRef("")).toBe("toolshelf");
    expect(siteRef("日本語")).toBe("toolshelf");
    expect(siteRef("---")).toBe("toolshelf");
  });
});

describe("isPlaceholderImage", () => {
  it("recognises Product Hunt's stand-ins", () => {
    for (const url of [
      "",
      "   ",
      "data:image/png;base64,iVBORw0KGgo=",
      "https://ph-static.imgix.net/ph-logo-1.png",
      "https://ph-static.imgix.net/anything.png?auto=format",
      "https://ph-files.imgix.net/placeholder.png",
      "https://ph-avatars.imgix.net/default-avatar.png",
      "https://ph-avatars.imgix.net/default_avatar.png",
      "https://ph-files.imgix.net/default-product.svg",
      "https://example.com/img/ph-ios-icon.png",
      "https://example.com/img/Kitty-Sad.png",
      "http://127.0.0.1:45678/static/PLACEHOLDER.png",
    ]) {
      expect(isPlaceholderImage(url), url).toBe(true);
    }
  });

  it("takes a product's image as its own", () => {
    expect(isPlaceholderImage("https://ph-files.imgix.net/8c1d-quillmate.png?auto=format")).toBe(false);
    expect(isPlaceholderImage("http://127.0.0.1:45678/images/8c1d-quillmate.png")).toBe(false);
    // Only the path counts: a parameter naming a placeholder does not make the image one.
    expect(isPlaceholderImage("https://ph-files.imgix.net/8c1d.png?fallback=placeholder")).toBe(false);
  });
});

describe("pickThumbnail", () => {
  const base = "https://ph-files.imgix.net/8c1d-quillmate.png";

  it("prefers the original over resized copies", () => {
    expect(
      pickThumbnail([
        { url: `${base}?auto=format&fit=crop&w=80&h=80`, width: 80 },
        { url: `${base}?auto=format&fit=crop&w=480&h=480`, width: 480 },
        { url: `${base}?auto=format`, width: null },
      ]),
    ).toBe(`${base}?auto=format`);
  });

  it("compares widths, given or read from w=", () => {
    expect(
      pickThumbnail([
        { url: `${base}?w=96`, width: 96 },
        { url: `${base}?w=640`, width: 640 },
        { url: `${base}?w=240`, width: 240 },
      ]),
    ).toBe(`${base}?w=640`);
    expect(
      pickThumbnail([
        { url: `${base}?w=96`, width: null },
        { url: `${base}?w=480`, width: null },
      ]),
    ).toBe(`${base}?w=480`);
    expect(
      pickThumbnail([
        { url: `${base}?fit=crop&h=1000`, width: null },
        { url: `${base}?w=48`, width: null },
      ]),
    ).toBe(`${base}?w=48`);
  });

  it("keeps the earlier of equals", () => {
    expect(
      pickThumbnail([
        { url: "https://a.example/1.png", width: null },
        { url: "https://a.example/2.png", width: null },
      ]),
    ).toBe("https://a.example/1.png");
    expect(
      pickThumbnail([
        { url: `${base}?w=100&v=1`, width: 100 },
        { url: `${base}?w=100&v=2`, width: 100 },
      ]),
    ).toBe(`${base}?w=100&v=1`);
  });

  it("skips placeholders, even large ones", () => {
    expect(
      pickThumbnail([
        { url: "https://ph-static.imgix.net/ph-logo.png", width: null },
        { url: `${base}?w=48`, width: 48 },
      ]),
    ).toBe(`${base}?w=48`);
  });

  it("gives null when only placeholders are left", () => {
    expect(pickThumbnail([])).toBeNull();
    expect(
      pickThumbnail([
        { url: "https://ph-static.imgix.net/kitty.png", width: null },
        { url: "data:image/gif;base64,R0lGOD", width: 1 },
        { url: "", width: 800 },
      ]),
    ).toBeNull();
  });
});

describe("faviconUrl", () => {
  const template = "https://www.google.com/s2/favicons?domain={domain}&sz=128";

  it("puts the bare hostname in the template", () => {
    expect(faviconUrl(template, "https://www.linear.app/x")).toBe(
      "https://www.google.com/s2/favicons?domain=linear.app&sz=128",
    );
    expect(faviconUrl(template, "http://Docs.Example.COM:8080/a?b=c")).toBe(
      "https://www.google.com/s2/favicons?domain=docs.example.com&sz=128",
    );
  });

  it("replaces every {domain}", () => {
    expect(faviconUrl("https://icons.example/{domain}/{domain}.ico", "https://q.example")).toBe(
      "https://icons.example/q.example/q.example.ico",
    );
  });

  it("encodes the hostname", () => {
    // An IPv6 host keeps its brackets and colons, which must not break the service's URL.
    expect(faviconUrl(template, "http://[::1]/")).toBe(
      "https://www.google.com/s2/favicons?domain=%5B%3A%3A1%5D&sz=128",
    );
  });

  it("gives null for what is not a web URL", () => {
    expect(faviconUrl(template, "not a url")).toBeNull();
    expect(faviconUrl(template, "")).toBeNull();
    expect(faviconUrl(template, "mailto:a@b.example")).toBeNull();
  });
});

describe("scrapeBusyMessage", () => {
  it("says an import is running, since when when known", () => {
    expect(scrapeBusyMessage(Date.parse("2026-11-23T12:03:00Z"))).toBe(
      "An import is already running (started 2026-11-23 12:03 UTC). Try again when it has finished.",
    );
    expect(scrapeBusyMessage(null)).toBe("An import is already running. Try again when it has finished.");
  });
});
