import { slugify } from "./slug.ts";
import { z } from "./zod.ts";

// Collections (docs/decisions/053): lists of tools an admin curates — a title, an address, an
// introduction (shown as tool descriptions are), and the tools in the admin's order, each with an
// optional note. The admin's forms are validated here; the rules of the order are here too.

export const COLLECTION_LIMITS = {
  title: 120,
  slug: 80,
  intro: 5000,
  note: 280,
  /** Tools in one collection: a curated list, not a catalogue. */
  tools: 100,
  /** What a tool's key (slug or id) may be when an admin types it. */
  toolKey: 200,
} as const;

/** Lower-case letters and digits in words joined by single hyphens: `best-note-apps`. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether text is a collection's address as the site writes it. */
export function isCollectionSlug(value: string): boolean {
  return value.length <= COLLECTION_LIMITS.slug && SLUG.test(value);
}

/** The address a title gives when none is typed ("" when the title has no ASCII word to give). */
export function collectionSlugFrom(title: string): string {
  return slugify(title)
    .replace(/_/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, COLLECTION_LIMITS.slug)
    .replace(/-$/, "");
}

/** The public page of a collection. */
export function collectionPath(slug: string): string {
  return `/collections/${encodeURIComponent(slug)}`;
}

const count = (n: number) => n.toLocaleString("en-US");
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** The collection's own fields, as the create and edit forms send them. An empty address is made from the title. */
export const collectionFieldsSchema = z.object({
  title: z
    // Left out: asked for; sent twice: the shared message for a list where one value belongs.
    .string({ error: (issue) => (issue.input === undefined ? "Please enter a title." : undefined) })
    .trim()
    .min(1, "Please enter a title.")
    .max(COLLECTION_LIMITS.title, `The title must be at most ${count(COLLECTION_LIMITS.title)} characters.`),
  slug: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(COLLECTION_LIMITS.slug, `The address must be at most ${count(COLLECTION_LIMITS.slug)} characters.`)
      .regex(SLUG, "The address may hold only lower-case letters, digits and single hyphens (like best-note-apps).")
      .optional(),
  ),
  intro: z
    .string()
    .max(COLLECTION_LIMITS.intro, `The introduction must be at most ${count(COLLECTION_LIMITS.intro)} characters.`)
    .optional()
    .transform((value) => value?.trim() ?? ""),
});

export type CollectionFieldsInput = z.infer<typeof collectionFieldsSchema>;

/** The fields to store: the address typed, or the one the title gives; null when neither gives one. */
export function collectionFields(input: CollectionFieldsInput): { title: string; slug: string; intro: string } | null {
  const slug = input.slug ?? collectionSlugFrom(input.title);
  return slug === "" ? null : { title: input.title, slug, intro: input.intro };
}

/** The message for a title that gives no address and none typed. */
export const NO_SLUG_MESSAGE = "Please enter an address: the title has no letters or digits to make one from.";

/** A tool already in a collection, by its id (the buttons of its row send it). */
const toolId = z
  .string({ error: "That tool is not in this collection." })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "That tool is not in this collection.");

/** What an admin does on a collection's page: each button or form sends one intent. */
export const collectionActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save") }),
    z.object({ intent: z.literal("publish") }),
    z.object({ intent: z.literal("unpublish") }),
    z.object({
      intent: z.literal("delete"),
      confirm: z.literal("yes", { error: "Tick the box to confirm that the collection is to be deleted." }),
    }),
    z.object({
      intent: z.literal("add-tool"),
      tool: z
        .string({
          error: (issue) => (issue.input === undefined ? "Please enter the address (slug) of a tool." : undefined),
        })
        .trim()
        .min(1, "Please enter the address (slug) of a tool.")
        .max(COLLECTION_LIMITS.toolKey, "No public tool has that address."),
    }),
    z.object({ intent: z.literal("remove-tool"), tool: toolId }),
    z.object({ intent: z.literal("move-up"), tool: toolId }),
    z.object({ intent: z.literal("move-down"), tool: toolId }),
    z.object({
      intent: z.literal("set-note"),
      tool: toolId,
      note: z
        .string()
        .max(COLLECTION_LIMITS.note, `A note must be at most ${count(COLLECTION_LIMITS.note)} characters.`)
        .optional()
        .transform((value) => value?.trim() ?? ""),
    }),
  ],
  { error: "The request could not be understood. Please use the page's buttons." },
);

export type CollectionAction = z.infer<typeof collectionActionSchema>;

/**
 * The key a tool was typed as: its slug, or its page's address on this site (`/tool/{slug}`, with
 * or without the site in front), as an admin may paste it.
 */
export function toolKeyOf(typed: string): string {
  const text = typed.trim();
  const at = text.lastIndexOf("/tool/");
  const key = at >= 0 ? text.slice(at + "/tool/".length) : text;
  return key.split(/[?#]/)[0]!.replace(/\/+$/, "").toLowerCase();
}

/**
 * The order after moving `id` one place up (towards the start) or down; null when it cannot move
 * (not in the list, or already first or last), so a stale button changes nothing.
 */
export function moveInOrder(ids: readonly string[], id: string, direction: "up" | "down"): string[] | null {
  const at = ids.indexOf(id);
  if (at < 0) return null;
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= ids.length) return null;
  const order = [...ids];
  [order[at], order[to]] = [order[to]!, order[at]!];
  return order;
}

/** Why a collection cannot be published now, or null when it can: an empty list is no page to show. */
export function publishProblem(publicTools: number): string | null {
  return publicTools > 0 ? null : "Add at least one public tool before publishing the collection.";
}

/** "3 tools", "1 tool". */
export function toolCount(n: number): string {
  return `${count(n)} ${n === 1 ? "tool" : "tools"}`;
}

/** What a change to a collection's list did, as the audit log says it. */
export const COLLECTION_CHANGES = {
  "tool-add": "Added",
  "tool-remove": "Removed",
  "tool-move": "Moved",
  "tool-note": "Changed the note of",
} as const;

export type CollectionChange = keyof typeof COLLECTION_CHANGES;

/** A collection's page as structured data: a page of a list, its tools in order (schema.org ItemList). */
export function collectionJsonLd(collection: {
  title: string;
  description: string;
  url: string;
  tools: readonly { name: string; url: string }[];
}) {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: collection.title,
    description: collection.description,
    url: collection.url,
    mainEntity: {
      "@type": "ItemList",
      itemListOrder: "https://schema.org/ItemListOrderAscending",
      numberOfItems: collection.tools.length,
      itemListElement: collection.tools.map((tool, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: tool.name,
        url: tool.url,
      })),
    },
  };
}
