import { describe, it, expect } from "vitest";
import { CATEGORY_SLUGS } from "./categories.ts";
import {
  applicationCategory,
  metaDescription,
  operatingSystems,
  toolJsonLd,
  toolTitle,
  type ToolJsonLdInput,
} from "./seo.ts";

describe("metaDescription", () => {
  it("returns a short description whole", () => {
    expect(metaDescription("Notes and docs in one place.", "Tagline")).toBe("Notes and docs in one place.");
  });

  it("keeps exactly the first 160 characters, without an ellipsis", () => {
    const text = "abcdefghij".repeat(20);
    expect(metaDescription(text, "t")).toBe(text.slice(0, 160));
    expect(metaDescription(text, "t")).toHaveLength(160);
  });

  it("keeps a description of exactly 160 characters whole", () => {
    const text = "x".repeat(160);
    expect(metaDescription(text, "t")).toBe(text);
  });

  it("counts an emoji as one character and never cuts it in half", () => {
    const text = "🚀".repeat(200);
    const out = metaDescription(text, "t");
    expect(Array.from(out)).toHaveLength(160);
    expect(out).toBe("🚀".repeat(160));
    expect(out).not.toMatch(/[\ud800-\udbff]$/);
    expect(metaDescription("x".repeat(159) + "🚀🚀", "t")).toBe("x".repeat(159) + "🚀");
  });

  it("falls back to the tagline when the description is empty or blank", () => {
    expect(metaDescription("", "The tagline")).toBe("The tagline");
    expect(metaDescription("  \n\t ", "The tagline")).toBe("The tagline");
  });

  it("cuts a long tagline the same way", () => {
    expect(metaDescription("", "y".repeat(200))).toBe("y".repeat(160));
  });

  it("collapses whitespace before counting", () => {
    expect(metaDescription("  a \n\n b  ", "t")).toBe("a b");
  });

  it("returns an empty string when both are blank", () => {
    expect(metaDescription(" ", " ")).toBe("");
  });
});

describe("toolTitle", () => {
  it("joins name and tagline", () => {
    expect(toolTitle("Notion", "All-in-one workspace")).toBe("Notion — All-in-one workspace");
  });

  it("is just the name when the tagline is blank", () => {
    expect(toolTitle("Notion", "")).toBe("Notion");
    expect(toolTitle("Notion", "   ")).toBe("Notion");
  });

  it("trims both parts", () => {
    expect(toolTitle(" Notion ", " Workspace ")).toBe("Notion — Workspace");
  });
});

describe("applicationCategory", () => {
  it.each([
    ["development", "DeveloperApplication"],
    ["design", "DesignApplication"],
    ["security", "SecurityApplication"],
    ["finance", "FinanceApplication"],
    ["education", "EducationalApplication"],
    ["health", "HealthApplication"],
    ["entertainment", "EntertainmentApplication"],
    ["social", "CommunicationApplication"],
    ["communication", "CommunicationApplication"],
    ["utilities", "UtilitiesApplication"],
    ["content", "MultimediaApplication"],
    ["ai", "BusinessApplication"],
    ["productivity", "BusinessApplication"],
    ["project-management", "BusinessApplication"],
    ["marketing", "BusinessApplication"],
    ["analytics", "BusinessApplication"],
    ["ecommerce", "BusinessApplication"],
    ["support", "BusinessApplication"],
  ])("maps %s to %s", (slug, expected) => {
    expect(applicationCategory([slug])).toBe(expected);
  });

  it("has a value for every category", () => {
    for (const slug of CATEGORY_SLUGS) expect(applicationCategory([slug])).toMatch(/^[A-Z][A-Za-z]+Application$/);
  });

  it("uses the first category only", () => {
    expect(applicationCategory(["design", "development"])).toBe("DesignApplication");
  });

  it("falls back to WebApplication", () => {
    expect(applicationCategory([])).toBe("WebApplication");
    expect(applicationCategory(["no-such-category", "design"])).toBe("WebApplication");
    expect(applicationCategory(["constructor"])).toBe("WebApplication");
    expect(applicationCategory(["__proto__"])).toBe("WebApplication");
  });
});

describe("operatingSystems", () => {
  it("joins the platform names as given", () => {
    expect(operatingSystems(["Web", "macOS", "Browser Extension"])).toBe("Web, macOS, Browser Extension");
  });

  it("is empty without platforms", () => {
    expect(operatingSystems([])).toBe("");
  });
});

const base: ToolJsonLdInput = {
  name: "Notion",
  tagline: "All-in-one workspace",
  descriptionText: "Notes, docs and wikis.",
  url: "https://toolshelf.example/tools/notion",
  websiteUrl: "https://www.notion.so/",
  logoUrl: "https://toolshelf.example/files/logos/notion.png",
  categories: ["productivity", "ai"],
  platforms: ["Web", "macOS"],
  pricingModel: "Paid",
  createdAt: Date.UTC(2026, 2, 5, 23, 59, 59),
  upvotesCount: 42,
};

describe("toolJsonLd", () => {
  it("describes the tool as a SoftwareApplication", () => {
    expect(toolJsonLd(base)).toEqual({
      "@context": "https://schema.org",
      "@type": "SoftwareApplication",
      name: "Notion",
      description: "Notes, docs and wikis.",
      url: "https://www.notion.so/",
      mainEntityOfPage: "https://toolshelf.example/tools/notion",
      applicationCategory: "BusinessApplication",
      operatingSystem: "Web, macOS",
      image: "https://toolshelf.example/files/logos/notion.png",
      datePublished: "2026-03-05",
      interactionStatistic: {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/LikeAction",
        userInteractionCount: 42,
      },
    });
  });

  it("uses the meta description, falling back to the tagline", () => {
    expect(toolJsonLd({ ...base, descriptionText: "d".repeat(300) }).description).toBe("d".repeat(160));
    expect(toolJsonLd({ ...base, descriptionText: "" }).description).toBe("All-in-one workspace");
  });

  it("formats datePublished as the UTC date", () => {
    expect(toolJsonLd({ ...base, createdAt: Date.UTC(2025, 11, 31, 0, 0, 0) }).datePublished).toBe("2025-12-31");
  });

  it("leaves out what is not known", () => {
    const ld = toolJsonLd({ ...base, logoUrl: null, platforms: [], createdAt: 0, pricingModel: null });
    expect(ld).not.toHaveProperty("image");
    expect(ld).not.toHaveProperty("operatingSystem");
    expect(ld).not.toHaveProperty("datePublished");
    expect(ld).not.toHaveProperty("offers");
    expect(toolJsonLd({ ...base, createdAt: Number.NaN })).not.toHaveProperty("datePublished");
  });

  it("offers a zero price for Free", () => {
    expect(toolJsonLd({ ...base, pricingModel: "Free" }).offers).toEqual({
      "@type": "Offer",
      price: "0",
      priceCurrency: "USD",
    });
  });

  it("offers a zero price with a note for Freemium", () => {
    expect(toolJsonLd({ ...base, pricingModel: "Freemium" }).offers).toEqual({
      "@type": "Offer",
      price: "0",
      priceCurrency: "USD",
      description: "Free plan available",
    });
  });

  it.each(["Paid", "One-time Purchase", "Subscription", "Usage-based", "Contact for Pricing"])(
    "has no offers for %s",
    (pricingModel) => {
      expect(toolJsonLd({ ...base, pricingModel })).not.toHaveProperty("offers");
    },
  );

  it("survives a JSON round trip unchanged", () => {
    const ld = toolJsonLd({ ...base, pricingModel: "Freemium" });
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });
});
