import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "../../core/categories.ts";
import { PLATFORMS } from "../../core/platforms.ts";
import { PRICING_MODELS } from "../../core/pricing.ts";
import demoTools from "./demo-tools.json" with { type: "json" };
import { DEMO_TOOLS, parseDemoTools, type DemoTool } from "./demo-tools.ts";

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** Every array field of a tool, for the shared item checks. */
const LIST_FIELDS = [
  "categories",
  "tags",
  "platforms",
  "features",
  "useCases",
  "integrations",
  "targetAudience",
] as const;

const tools = DEMO_TOOLS;
const each = tools.map((t) => [t.name, t] as const);

describe("demo-tools.json", () => {
  it("is what the schema reads, every tool as written", () => {
    expect(parseDemoTools(demoTools)).toEqual(DEMO_TOOLS);
    expect(DEMO_TOOLS).toHaveLength(demoTools.length);
  });

  it("is refused, naming the tool and field, when an entry breaks a form rule or has a stray field", () => {
    const broken = (change: Record<string, unknown>) => () =>
      parseDemoTools(demoTools.map((tool, i) => (i === 2 ? { ...tool, ...change } : tool)));
    expect(broken({ categories: ["not-a-category"] })).toThrow(/2.*categories|categories.*2/s);
    expect(broken({ tagline: "" })).toThrow(/tagline/);
    expect(broken({ websiteUrl: "ftp://example.com" })).toThrow(/websiteUrl/);
    expect(broken({ pricingModel: "Sometimes" })).toThrow(/pricingModel/);
    expect(broken({ tags: ["x".repeat(31)] })).toThrow(/tags/);
    expect(broken({ upvotes: 1.5 })).toThrow(/upvotes/);
    expect(broken({ featured: { amountUsd: 5, paidDaysAgo: 1 } })).toThrow(/amountUsd/);
    expect(broken({ logoUrl: "https://example.com/logo.png" })).toThrow(/logoUrl/);
  });
});

describe("DEMO_TOOLS catalogue", () => {
  it("has at least 66 tools", () => {
    expect(tools.length).toBeGreaterThanOrEqual(66);
  });

  it("has case-insensitively unique names", () => {
    const names = tools.map((t) => t.name.trim().toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it("has unique website URLs", () => {
    const normalize = (url: string) => {
      const u = new URL(url);
      return `${u.hostname.replace(/^www\./, "")}${u.pathname.replace(/\/+$/, "")}`.toLowerCase();
    };
    const urls = tools.map((t) => normalize(t.websiteUrl));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("uses every category as the primary category of at least 3 tools", () => {
    const primary = countBy(tools, (t) => t.categories[0] ?? "");
    for (const slug of CATEGORY_SLUGS) {
      expect(primary.get(slug) ?? 0, `primary ${slug}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("uses every category at least 3 times in total", () => {
    const total = countBy(
      tools.flatMap((t) => t.categories),
      (c) => c,
    );
    for (const slug of CATEGORY_SLUGS) {
      expect(total.get(slug) ?? 0, `category ${slug}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("uses every pricing model at least 3 times", () => {
    const counts = countBy(tools, (t) => t.pricingModel);
    for (const model of PRICING_MODELS) {
      expect(counts.get(model) ?? 0, `pricing ${model}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("uses every platform at least 4 times", () => {
    const counts = countBy(
      tools.flatMap((t) => t.platforms),
      (p) => p,
    );
    for (const platform of PLATFORMS) {
      expect(counts.get(platform) ?? 0, `platform ${platform}`).toBeGreaterThanOrEqual(4);
    }
  });

  it("has at least 55 tools with every field non-empty, and at most 8 without integrations", () => {
    const complete = tools.filter(
      (t) =>
        [t.name, t.tagline, t.websiteUrl, t.description, t.pricingDetails].every((s) => s.trim() !== "") &&
        LIST_FIELDS.every((field) => t[field].length > 0),
    );
    expect(complete.length).toBeGreaterThanOrEqual(55);
    expect(tools.filter((t) => t.integrations.length === 0).length).toBeLessThanOrEqual(8);
  });

  it("has exactly 5 currently featured tools with distinct amounts from the allowed set", () => {
    const live = tools.filter((t) => t.featured && t.featured.paidDaysAgo <= 365);
    expect(live).toHaveLength(5);
    const amounts = live.map((t) => t.featured?.amountUsd);
    expect(new Set(amounts).size).toBe(5);
    for (const t of live) {
      expect([19, 49, 100, 250, 600], t.name).toContain(t.featured?.amountUsd);
      expect(t.featured?.paidDaysAgo, t.name).toBeGreaterThanOrEqual(5);
      expect(t.featured?.paidDaysAgo, t.name).toBeLessThanOrEqual(200);
    }
  });

  it("has exactly one expired featured payment of $150 made 400 days ago", () => {
    const expired = tools.filter((t) => t.featured && t.featured.paidDaysAgo > 365);
    expect(expired).toHaveLength(1);
    expect(expired[0]?.featured).toEqual({ amountUsd: 150, paidDaysAgo: 400 });
    expect(tools.filter((t) => t.featured).length).toBe(6);
  });

  it("has exactly 4 pending tools, none of them featured", () => {
    const pending = tools.filter((t) => t.status !== undefined);
    expect(pending).toHaveLength(4);
    for (const t of pending) {
      expect(t.status).toBe("pending");
      expect(t.featured, t.name).toBeUndefined();
    }
  });

  it("is consistent in time: featured payments are not older than the tool", () => {
    for (const t of tools) {
      if (t.featured) expect(t.featured.paidDaysAgo, t.name).toBeLessThanOrEqual(t.addedDaysAgo);
    }
  });

  it("has varied upvotes and mostly distinct added dates", () => {
    const upvotes = new Set(tools.map((t) => t.upvotes));
    const added = new Set(tools.map((t) => t.addedDaysAgo));
    expect(upvotes.size).toBeGreaterThanOrEqual(Math.ceil(tools.length * 0.9));
    expect(added.size).toBeGreaterThanOrEqual(Math.ceil(tools.length * 0.9));
    expect(Math.max(...upvotes) - Math.min(...upvotes)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...added) - Math.min(...added)).toBeGreaterThanOrEqual(300);
  });
});

describe.each(each)("demo tool %s", (_name, tool: DemoTool) => {
  it("has a trimmed name", () => {
    expect(tool.name.trim()).toBe(tool.name);
    expect(tool.name.length).toBeGreaterThan(0);
  });

  it("has a tagline of at most 90 characters without a trailing period", () => {
    expect(tool.tagline.trim()).toBe(tool.tagline);
    expect(tool.tagline.length).toBeGreaterThan(0);
    expect(tool.tagline.length).toBeLessThanOrEqual(90);
    expect(tool.tagline).not.toMatch(/\.$/);
  });

  it("has an https website URL", () => {
    const url = new URL(tool.websiteUrl);
    expect(url.protocol).toBe("https:");
    expect(url.search).toBe("");
    expect(url.hash).toBe("");
  });

  it("has a plain-text description of 2–4 paragraphs and 300–900 characters", () => {
    const d = tool.description;
    expect(d.length).toBeGreaterThanOrEqual(300);
    expect(d.length).toBeLessThanOrEqual(900);
    const paragraphs = d.split("\n\n");
    expect(paragraphs.length).toBeGreaterThanOrEqual(2);
    expect(paragraphs.length).toBeLessThanOrEqual(4);
    for (const p of paragraphs) {
      expect(p.trim()).toBe(p);
      expect(p.length).toBeGreaterThan(0);
    }
    expect(d).not.toMatch(/\n{3,}/);
    expect(d).not.toMatch(/[\r\t]/);
    // No HTML.
    expect(d).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(d).not.toMatch(/&[a-z]+;|&#\d+;/i);
    // No markdown.
    expect(d).not.toMatch(/\*\*|__|`|\[[^\]]*\]\([^)]*\)/);
    expect(d).not.toMatch(/^\s*(#{1,6}\s|[-*+]\s|\d+\.\s|>\s?)/m);
  });

  it("has 1–3 known, distinct categories", () => {
    expect(tool.categories.length).toBeGreaterThanOrEqual(1);
    expect(tool.categories.length).toBeLessThanOrEqual(3);
    expect(new Set(tool.categories).size).toBe(tool.categories.length);
    for (const c of tool.categories) expect(CATEGORY_SLUGS).toContain(c);
  });

  it("has 3–8 distinct lowercase tags", () => {
    expect(tool.tags.length).toBeGreaterThanOrEqual(3);
    expect(tool.tags.length).toBeLessThanOrEqual(8);
    expect(new Set(tool.tags).size).toBe(tool.tags.length);
    for (const tag of tool.tags) expect(tag).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it("has 1–6 known, distinct platforms", () => {
    expect(tool.platforms.length).toBeGreaterThanOrEqual(1);
    expect(tool.platforms.length).toBeLessThanOrEqual(6);
    expect(new Set(tool.platforms).size).toBe(tool.platforms.length);
    for (const p of tool.platforms) expect(PLATFORMS).toContain(p);
  });

  it("has a known pricing model and one or two sentences of pricing details", () => {
    expect(PRICING_MODELS).toContain(tool.pricingModel);
    const details = tool.pricingDetails;
    expect(details.trim()).toBe(details);
    expect(details).toMatch(/[.!]$/);
    const sentenceEnds = details.match(/[.!?](?=\s|$)/g) ?? [];
    expect(sentenceEnds.length).toBeGreaterThanOrEqual(1);
    expect(sentenceEnds.length).toBeLessThanOrEqual(2);
  });

  it("has list fields of the right sizes with short, distinct, trimmed items", () => {
    const sizes: Record<(typeof LIST_FIELDS)[number], [number, number]> = {
      categories: [1, 3],
      tags: [3, 8],
      platforms: [1, 6],
      features: [3, 6],
      useCases: [2, 4],
      integrations: [0, 8],
      targetAudience: [2, 4],
    };
    for (const field of LIST_FIELDS) {
      const items: readonly string[] = tool[field];
      const [min, max] = sizes[field];
      expect(items.length, field).toBeGreaterThanOrEqual(min);
      expect(items.length, field).toBeLessThanOrEqual(max);
      expect(new Set(items.map((s) => s.toLowerCase())).size, field).toBe(items.length);
      for (const item of items) {
        expect(item.trim(), field).toBe(item);
        expect(item.length, field).toBeGreaterThan(0);
        expect(item.length, field).toBeLessThanOrEqual(80);
      }
    }
  });

  it("has integer upvotes in 0–900 and addedDaysAgo in 0–400", () => {
    expect(Number.isInteger(tool.upvotes)).toBe(true);
    expect(tool.upvotes).toBeGreaterThanOrEqual(0);
    expect(tool.upvotes).toBeLessThanOrEqual(900);
    expect(Number.isInteger(tool.addedDaysAgo)).toBe(true);
    expect(tool.addedDaysAgo).toBeGreaterThanOrEqual(0);
    expect(tool.addedDaysAgo).toBeLessThanOrEqual(400);
  });
});
