import { describe, expect, it } from "vitest";
import { browsePath, parseBrowseFilter } from "./catalog.ts";
import {
  filterQuery,
  isFiltered,
  listTitle,
  withoutOption,
  NO_FILTERS,
  parseFilters,
  platformMask,
  PLATFORM_SLUGS,
  pricingMask,
  PRICING_SLUGS,
  type ListFilters,
} from "./filters.ts";
import { PLATFORMS } from "./platforms.ts";
import { PRICING_MODELS } from "./pricing.ts";

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe("filter slugs", () => {
  it("name every pricing model and platform with a distinct, lower-case slug that needs no escaping in a URL", () => {
    for (const [options, slugs] of [
      [PRICING_MODELS, PRICING_SLUGS],
      [PLATFORMS, PLATFORM_SLUGS],
    ] as const) {
      const all = options.map((option) => (slugs as Record<string, string>)[option]!);
      expect(Object.keys(slugs)).toEqual([...options]);
      expect(new Set(all).size).toBe(options.length);
      for (const slug of all) {
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(encodeURIComponent(slug)).toBe(slug);
      }
    }
    expect(PLATFORM_SLUGS.macOS).toBe("mac");
    expect(PRICING_SLUGS["One-time Purchase"]).toBe("one-time-purchase");
    expect(PLATFORM_SLUGS["Browser Extension"]).toBe("browser-extension");
  });
});

describe("parseFilters", () => {
  it("reads comma-separated values into the options' listed order, whatever order they are given in", () => {
    expect(parse("pricing=subscription,free,paid&platform=linux,web,mac")).toEqual({
      filters: { pricing: ["Free", "Paid", "Subscription"], platforms: ["Web", "macOS", "Linux"] },
      unknown: { pricing: [], platform: [], include: [] },
    });
    // The platform parameter may come first: the filters are the same.
    expect(parse("platform=mac&pricing=freemium").filters).toEqual({ pricing: ["Freemium"], platforms: ["macOS"] });
  });

  it("reads a repeated parameter (a form's checkboxes) as one list", () => {
    expect(parse("pricing=paid&pricing=free&platform=ios&platform=web,android").filters).toEqual({
      pricing: ["Free", "Paid"],
      platforms: ["Web", "iOS", "Android"],
    });
  });

  it("keeps each option once", () => {
    expect(parse("pricing=free,free&pricing=FREE,Free&platform=web,web").filters).toEqual({
      pricing: ["Free"],
      platforms: ["Web"],
    });
  });

  it("ignores case and the spaces around values", () => {
    expect(
      parse("pricing=FREEMIUM,%20Usage-Based%20,Contact-For-Pricing&platform=IOS,Browser-Extension").filters,
    ).toEqual({
      pricing: ["Freemium", "Usage-based", "Contact for Pricing"],
      platforms: ["iOS", "Browser Extension"],
    });
  });

  it("takes macos, in any case, for mac", () => {
    for (const query of [
      "platform=macos",
      "platform=MacOS",
      "platform=MACOS",
      "platform=mac",
      "platform=macos,mac",
      "platform=mac&platform=macOS",
    ]) {
      expect(parse(query), query).toEqual({
        filters: { pricing: [], platforms: ["macOS"] },
        unknown: { pricing: [], platform: [], include: [] },
      });
    }
  });

  it("reports values that are no option, lower-cased and each once, per parameter, and keeps the known ones", () => {
    expect(parse("pricing=free,gratis,GRATIS&pricing=cheap&platform=bsd,web")).toEqual({
      filters: { pricing: ["Free"], platforms: ["Web"] },
      unknown: { pricing: ["gratis", "cheap"], platform: ["bsd"], include: [] },
    });
    // Labels are not slugs, nor is a value of the other filter.
    expect(parse("pricing=One-time Purchase,mac&platform=Browser Extension,free")).toEqual({
      filters: NO_FILTERS,
      unknown: { pricing: ["one-time purchase", "mac"], platform: ["browser extension", "free"], include: [] },
    });
  });

  it("reads empty values, and empty items of a list, as nothing chosen", () => {
    for (const query of [
      "",
      "pricing=",
      "pricing=&platform=",
      "pricing=,,",
      "pricing=%20,%20&platform=,",
      "pricing&platform",
    ]) {
      expect(parse(query), query).toEqual({ filters: NO_FILTERS, unknown: { pricing: [], platform: [], include: [] } });
    }
    expect(parse("pricing=,free,,&platform=,mac,").filters).toEqual({ pricing: ["Free"], platforms: ["macOS"] });
  });

  it("reads include=inactive as showing inactive tools too, and reports any other value", () => {
    expect(parse("include=inactive").filters).toEqual({ pricing: [], platforms: [], inactive: true });
    expect(parse("include=INACTIVE,bogus")).toEqual({
      filters: { pricing: [], platforms: [], inactive: true },
      unknown: { pricing: [], platform: [], include: ["bogus"] },
    });
    expect(filterQuery({ pricing: ["Free"], platforms: [], inactive: true })).toBe("pricing=free&include=inactive");
    // Showing more tools is no narrowing: the list keeps its name.
    expect(isFiltered({ pricing: [], platforms: [], inactive: true })).toBe(false);
  });

  it("reads only the pricing and platform parameters, by their exact names", () => {
    expect(parse("page=2&sort=name&category=design&Pricing=free&PLATFORM=mac&platforms=web")).toEqual({
      filters: NO_FILTERS,
      unknown: { pricing: [], platform: [], include: [] },
    });
  });

  it("reads every option back from its own slug", () => {
    for (const model of PRICING_MODELS)
      expect(parse(`pricing=${PRICING_SLUGS[model]}`).filters.pricing).toEqual([model]);
    for (const platform of PLATFORMS)
      expect(parse(`platform=${PLATFORM_SLUGS[platform]}`).filters.platforms).toEqual([platform]);
  });
});

describe("filterQuery", () => {
  it("is empty when nothing is chosen", () => {
    expect(filterQuery(NO_FILTERS)).toBe("");
  });

  it("writes pricing first, each filter once with its slugs comma-separated", () => {
    expect(filterQuery({ pricing: ["Free"], platforms: [] })).toBe("pricing=free");
    expect(filterQuery({ pricing: [], platforms: ["macOS"] })).toBe("platform=mac");
    expect(filterQuery({ pricing: ["Free", "Freemium"], platforms: ["macOS", "Linux"] })).toBe(
      "pricing=free,freemium&platform=mac,linux",
    );
    expect(filterQuery({ pricing: [...PRICING_MODELS], platforms: [...PLATFORMS] })).toBe(
      "pricing=free,freemium,paid,one-time-purchase,subscription,usage-based,contact-for-pricing" +
        "&platform=web,ios,android,windows,mac,linux,api,browser-extension",
    );
  });

  it("gives one spelling for every way of writing the same filters", () => {
    const spellings = [
      "pricing=free,freemium&platform=mac,linux",
      "pricing=freemium,free&platform=linux,mac",
      "platform=linux&pricing=FREEMIUM&platform=MacOS&pricing=free,free",
      "pricing=free,freemium,unknown&platform=mac,linux,,bsd",
    ];
    for (const query of spellings)
      expect(filterQuery(parse(query).filters), query).toBe("pricing=free,freemium&platform=mac,linux");
  });

  it("is read back as the same filters", () => {
    const cases: ListFilters[] = [
      NO_FILTERS,
      { pricing: ["Paid"], platforms: [] },
      { pricing: [], platforms: ["Browser Extension"] },
      { pricing: ["One-time Purchase", "Contact for Pricing"], platforms: ["Web", "API"] },
      { pricing: [...PRICING_MODELS], platforms: [...PLATFORMS] },
    ];
    for (const filters of cases)
      expect(parse(filterQuery(filters))).toEqual({ filters, unknown: { pricing: [], platform: [], include: [] } });
  });
});

describe("isFiltered", () => {
  it("is true as soon as one filter has an option", () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ pricing: ["Free"], platforms: [] })).toBe(true);
    expect(isFiltered({ pricing: [], platforms: ["Linux"] })).toBe(true);
    expect(isFiltered(parse("pricing=nope&platform=").filters)).toBe(false);
  });
});

describe("masks", () => {
  it("set bit i for the i-th pricing model, 0 for none", () => {
    expect(pricingMask([])).toBe(0);
    expect(pricingMask(["Free"])).toBe(0b1);
    expect(pricingMask(["Paid", "Free"])).toBe(0b101);
    expect(pricingMask(["Contact for Pricing"])).toBe(1 << 6);
    expect(pricingMask([...PRICING_MODELS])).toBe(0b1111111);
    PRICING_MODELS.forEach((model, i) => expect(pricingMask([model]), model).toBe(1 << i));
  });

  it("set bit i for the i-th platform, 0 for none, ignoring what is no platform", () => {
    expect(platformMask([])).toBe(0);
    expect(platformMask(["Web"])).toBe(0b1);
    expect(platformMask(["macOS"])).toBe(1 << 4);
    expect(platformMask(["Linux", "macOS", "Linux"])).toBe((1 << 4) | (1 << 5));
    // A stored tool's platforms are free text in the database: anything else counts for nothing.
    expect(platformMask(["Symbian", "mac", "web", "macOS"])).toBe(1 << 4);
    expect(platformMask([...PLATFORMS])).toBe(0xff);
    PLATFORMS.forEach((platform, i) => expect(platformMask([platform]), platform).toBe(1 << i));
  });
});

describe("browsePath with filters", () => {
  const all = parseBrowseFilter("all")!;
  const design = parseBrowseFilter("design")!;

  it("leaves the query out when nothing is filtered, as before", () => {
    expect(browsePath(all, "recent")).toBe("/browse/all");
    expect(browsePath(all, "recent", 1, NO_FILTERS)).toBe("/browse/all");
    expect(browsePath(design, "name", 2, NO_FILTERS)).toBe("/browse/design/name?page=2");
  });

  it("puts the filters before the page, in their canonical form", () => {
    const filters = parse("platform=linux,macos&pricing=FREEMIUM,free").filters;
    expect(browsePath(all, "recent", 1, filters)).toBe("/browse/all?pricing=free,freemium&platform=mac,linux");
    expect(browsePath(design, "oldest", 3, filters)).toBe(
      "/browse/design/oldest?pricing=free,freemium&platform=mac,linux&page=3",
    );
    expect(browsePath(design, "recent", 2, { pricing: [], platforms: ["Web"] })).toBe(
      "/browse/design?platform=web&page=2",
    );
  });
});

describe("listTitle", () => {
  it("keeps an unfiltered list's own name", () => {
    expect(listTitle("Design", NO_FILTERS)).toBe("Design");
    expect(listTitle(null, NO_FILTERS)).toBe("All tools");
  });

  it("names a filtered list as a phrase: pricing first, then the category, then the platforms", () => {
    expect(listTitle("Design", { pricing: ["Free"], platforms: [] })).toBe("Free design tools");
    expect(listTitle(null, { pricing: ["Free", "Freemium"], platforms: [] })).toBe("Free or freemium tools");
    expect(listTitle("Project Management", { pricing: [], platforms: ["macOS"] })).toBe(
      "Project management tools for macOS",
    );
    expect(listTitle("AI & Machine Learning", { pricing: ["Paid"], platforms: ["Web", "iOS", "Android"] })).toBe(
      "Paid AI & machine learning tools for Web, iOS or Android",
    );
    expect(listTitle(null, { pricing: [], platforms: ["Linux"] })).toBe("Tools for Linux");
  });
});

describe("withoutOption", () => {
  it("drops one option and keeps the rest", () => {
    const filters = { pricing: ["Free", "Paid"], platforms: ["Web"] } as const;
    expect(
      withoutOption({ pricing: [...filters.pricing], platforms: [...filters.platforms] }, { pricing: "Free" }),
    ).toEqual({ pricing: ["Paid"], platforms: ["Web"] });
    expect(
      withoutOption({ pricing: [...filters.pricing], platforms: [...filters.platforms] }, { platform: "Web" }),
    ).toEqual({ pricing: ["Free", "Paid"], platforms: [] });
  });
});
