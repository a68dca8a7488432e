import { CATEGORY_SLUGS } from "../../core/categories.ts";
import { PLATFORMS } from "../../core/platforms.ts";
import { PRICING_MODELS } from "../../core/pricing.ts";
import { slugify } from "../../core/slug.ts";
import type { NewTool } from "../catalog/write.ts";
import { newId } from "../platform/db/ids.ts";

// Vocabulary for benchmark catalogues. Words are drawn with a Zipf-like skew (a few very common,
// a long tail of rare ones), as in real product copy, so searches meet both kinds.
const WORDS = (
  "app tool platform team data work project design code web cloud ai smart fast simple open secure " +
  "manage build track share create automate analyze write plan schedule collaborate publish monitor " +
  "deploy test learn sell chat meet store sync search edit record stream render translate summarize " +
  "notes tasks docs files images video audio email calendar forms reports charts dashboards invoices " +
  "payments customers leads campaigns content posts pages sites apps apis bugs releases sprints goals " +
  "habits budgets expenses passwords backups logs metrics alerts workflows pipelines models prompts " +
  "agents bots assistants templates components icons fonts colors mockups prototypes wireframes " +
  "screens devices browsers servers databases queries tables spreadsheets slides whiteboards " +
  "remote startup enterprise freelance student teacher developer designer marketer founder writer " +
  "creator analyst manager support sales finance health fitness music photo travel food shopping " +
  "privacy encryption compliance feedback survey interview onboarding hiring payroll inventory " +
  "shipping orders subscriptions analytics insights trends growth seo ads social community events " +
  "podcast newsletter blog wiki knowledge research citations papers flashcards courses lessons quiz " +
  "language grammar voice speech transcription captions subtitles screenshots diagrams maps routes"
).split(" ");

const TAGS = (
  "productivity collaboration automation ai writing design development analytics marketing finance " +
  "security privacy open-source no-code low-code api mobile desktop chrome-extension team remote " +
  "education health fitness music video audio images notes tasks calendar email crm seo"
).split(" ");

const SYLLABLES =
  "flo zen pix nova byte loop dash kit hub sync mint leaf bolt wave core grid lumen orbit quill pulse".split(" ");

type Rng = () => number;

/** A small seeded generator (mulberry32): the same seed gives the same catalogue. */
export function seededRandom(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Index into a list of n with a Zipf-like skew towards the front. */
function zipf(rng: Rng, n: number): number {
  return Math.min(n - 1, Math.floor(n * Math.pow(rng(), 2.2)));
}

function pick<T>(rng: Rng, list: readonly T[], skewed = false): T {
  return list[skewed ? zipf(rng, list.length) : Math.floor(rng() * list.length)]!;
}

function distinct<T>(rng: Rng, list: readonly T[], count: number, skewed = false): T[] {
  const out = new Set<T>();
  while (out.size < count) out.add(pick(rng, list, skewed));
  return [...out];
}

function sentence(rng: Rng, words: number): string {
  const text = Array.from({ length: words }, () => pick(rng, WORDS, true)).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * `count` synthetic tools for benchmarks, numbered from `offset` so several runs add distinct
 * tools; about one in twenty is pending.
 */
export function syntheticTools(count: number, options: { offset: number; now: number; seed: number }): NewTool[] {
  const rng = seededRandom(options.seed);
  const tools: NewTool[] = [];
  for (let i = 0; i < count; i++) {
    const n = options.offset + i;
    const name = `${pick(rng, SYLLABLES)}${pick(rng, SYLLABLES)} ${pick(rng, WORDS, true)} ${n}`.replace(/^./, (c) =>
      c.toUpperCase(),
    );
    const createdAt = options.now - Math.floor(rng() * 3 * 365 * 86_400_000);
    tools.push({
      id: newId(),
      slug: slugify(name),
      name,
      tagline: sentence(rng, 4 + Math.floor(rng() * 6)),
      websiteUrl: `https://${slugify(name)}.example.com`,
      description:
        [sentence(rng, 20 + Math.floor(rng() * 30)), sentence(rng, 15 + Math.floor(rng() * 25))].join(".\n\n") + ".",
      categories: distinct(rng, CATEGORY_SLUGS, 1 + Math.floor(rng() * 3), true),
      tags: distinct(rng, TAGS, 2 + Math.floor(rng() * 4), true),
      platforms: distinct(rng, PLATFORMS, 1 + Math.floor(rng() * 3)),
      pricingModel: pick(rng, PRICING_MODELS),
      pricingDetails: rng() < 0.7 ? `From $${5 + Math.floor(rng() * 60)} per month.` : "",
      features: Array.from({ length: 3 }, () => sentence(rng, 3)),
      useCases: Array.from({ length: 2 }, () => sentence(rng, 4)),
      integrations: distinct(
        rng,
        ["Slack", "GitHub", "Zapier", "Google Drive", "Notion", "Figma", "Stripe"],
        Math.floor(rng() * 4),
      ),
      targetAudience: distinct(
        rng,
        ["Developers", "Designers", "Marketers", "Students", "Small businesses", "Enterprises"],
        2,
      ),
      status: rng() < 0.05 ? "pending" : "approved",
      source: "admin",
      logoUrl: null,
      screenshotUrl: null,
      submitterEmail: null,
      upvotesCount: zipf(rng, 2000),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return tools;
}
