import type { CategorySlug } from "./categories.ts";

/** What the site is, in one sentence: the home page's meta description and the summary of /llms.txt. */
export const SITE_DESCRIPTION =
  "A directory of software, AI and web tools: browse by category, search, and find the right tool.";

/** How many characters of the description the meta description keeps (docs/design.md#screens). */
export const META_DESCRIPTION_LENGTH = 160;

/** The most URLs one sitemap (and the most sitemaps one sitemap index) may list, by the sitemaps.org protocol. */
export const SITEMAP_MAX_URLS = 50_000;

/** The meta description: the first 160 characters of the description, or of the tagline when that is blank (docs/design.md#screens). */
export function metaDescription(plainDescription: string, tagline: string): string {
  const description = collapse(plainDescription);
  const text = description === "" ? collapse(tagline) : description;
  // By code point, so a character outside the BMP (an emoji) is never cut in half.
  return Array.from(text).slice(0, META_DESCRIPTION_LENGTH).join("");
}

/** A tool page's title: name plus tagline (docs/design.md#screens), or the name alone when there is no tagline. */
export function toolTitle(name: string, tagline: string): string {
  const n = name.trim();
  const t = tagline.trim();
  return t === "" ? n : `${n} — ${t}`;
}

// Values from schema.org's and Google's documented list where one fits; the rest are business tools.
const APPLICATION_CATEGORIES: Record<CategorySlug, string> = {
  ai: "BusinessApplication",
  productivity: "BusinessApplication",
  design: "DesignApplication",
  development: "DeveloperApplication",
  marketing: "BusinessApplication",
  analytics: "BusinessApplication",
  communication: "CommunicationApplication",
  "project-management": "BusinessApplication",
  finance: "FinanceApplication",
  ecommerce: "BusinessApplication",
  education: "EducationalApplication",
  health: "HealthApplication",
  entertainment: "EntertainmentApplication",
  security: "SecurityApplication",
  social: "CommunicationApplication",
  content: "MultimediaApplication",
  support: "BusinessApplication",
  utilities: "UtilitiesApplication",
};

/** schema.org applicationCategory for a tool's first category; "WebApplication" when it has none or an unknown one. */
export function applicationCategory(categorySlugs: readonly string[]): string {
  const first = categorySlugs[0];
  // Own-property check: a slug like "constructor" must not reach Object.prototype.
  return first !== undefined && Object.hasOwn(APPLICATION_CATEGORIES, first)
    ? APPLICATION_CATEGORIES[first as CategorySlug]
    : "WebApplication";
}

/** schema.org operatingSystem: the platform names as given, joined by ", ". */
export function operatingSystems(platforms: readonly string[]): string {
  return platforms.join(", ");
}

/** What the structured data of a tool page is built from. */
export interface ToolJsonLdInput {
  name: string;
  tagline: string;
  /** The description as plain text (descriptionText). */
  descriptionText: string;
  /** Our tool page, absolute. */
  url: string;
  /** The tool's own website. */
  websiteUrl: string;
  /** Absolute logo URL, or null when there is none. */
  logoUrl: string | null;
  categories: readonly string[];
  platforms: readonly string[];
  pricingModel: string | null;
  /** Milliseconds since the epoch, UTC; 0 means unknown. */
  createdAt: number;
  upvotesCount: number;
}

// Type aliases rather than interfaces: they are assignable to index-signature types such as
// Record<string, unknown> and React Router's ld+json meta descriptor.

/** A schema.org Offer, as far as toolshelf/ knows a price. */
export type JsonLdOffer = {
  "@type": "Offer";
  price: string;
  priceCurrency: string;
  description?: string;
};

/** The schema.org SoftwareApplication of a tool page; optional members are absent, never undefined (JSON round trips). */
export type SoftwareApplicationJsonLd = {
  "@context": "https://schema.org";
  "@type": "SoftwareApplication";
  name: string;
  description: string;
  url: string;
  mainEntityOfPage: string;
  applicationCategory: string;
  operatingSystem?: string;
  image?: string;
  datePublished?: string;
  offers?: JsonLdOffer;
  interactionStatistic: {
    "@type": "InteractionCounter";
    interactionType: "https://schema.org/LikeAction";
    userInteractionCount: number;
  };
};

/** A tool page's structured data: `url` is the tool's own site (schema.org's meaning), `mainEntityOfPage` our page. */
export function toolJsonLd(tool: ToolJsonLdInput): SoftwareApplicationJsonLd {
  const os = operatingSystems(tool.platforms);
  const published = isoDate(tool.createdAt);
  const offer = offerFor(tool.pricingModel);
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: tool.name,
    description: metaDescription(tool.descriptionText, tool.tagline),
    url: tool.websiteUrl,
    mainEntityOfPage: tool.url,
    applicationCategory: applicationCategory(tool.categories),
    ...(os === "" ? {} : { operatingSystem: os }),
    ...(tool.logoUrl ? { image: tool.logoUrl } : {}),
    ...(published === null ? {} : { datePublished: published }),
    ...(offer === null ? {} : { offers: offer }),
    // Likes are counted as likes: calling them a rating would misstate them to search engines.
    interactionStatistic: {
      "@type": "InteractionCounter",
      interactionType: "https://schema.org/LikeAction",
      userInteractionCount: tool.upvotesCount,
    },
  };
}

// Only these models state a price; "Paid" and the rest say nothing about how much.
function offerFor(pricingModel: string | null): JsonLdOffer | null {
  if (pricingModel === "Free") return { "@type": "Offer", price: "0", priceCurrency: "USD" };
  if (pricingModel === "Freemium") {
    return { "@type": "Offer", price: "0", priceCurrency: "USD", description: "Free plan available" };
  }
  return null;
}

// 0 means no date was recorded (as in core/dates.ts), not 1 January 1970.
function isoDate(ms: number): string | null {
  if (ms === 0 || !Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** schema.org ItemList of the tools a list page shows, in its order (positions count from the page's first). */
export function itemListJsonLd(list: {
  name: string;
  url: string;
  firstPosition: number;
  items: { name: string; url: string }[];
}) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: list.name,
    url: list.url,
    itemListElement: list.items.map((item, i) => ({
      "@type": "ListItem",
      position: list.firstPosition + i,
      name: item.name,
      url: item.url,
    })),
  };
}
