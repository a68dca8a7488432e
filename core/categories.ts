/** The 18 categories of the directory (docs/design.md#entities), in the order listed there, each with its browse slug. */
export const CATEGORIES = [
  { slug: "ai", name: "AI & Machine Learning" },
  { slug: "productivity", name: "Productivity" },
  { slug: "design", name: "Design" },
  { slug: "development", name: "Development" },
  { slug: "marketing", name: "Marketing" },
  { slug: "analytics", name: "Analytics" },
  { slug: "communication", name: "Communication" },
  // Has no short browse slug in the original table (docs/design.md#entities), so it takes its name's hyphenated form.
  { slug: "project-management", name: "Project Management" },
  { slug: "finance", name: "Finance" },
  { slug: "ecommerce", name: "E-commerce" },
  { slug: "education", name: "Education" },
  { slug: "health", name: "Health" },
  { slug: "entertainment", name: "Entertainment" },
  { slug: "security", name: "Security" },
  { slug: "social", name: "Social Media" },
  { slug: "content", name: "Content Creation" },
  { slug: "support", name: "Customer Support" },
  { slug: "utilities", name: "Utilities" },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategorySlug = Category["slug"];
export type CategoryName = Category["name"];

export const CATEGORY_SLUGS: readonly CategorySlug[] = CATEGORIES.map((c) => c.slug);

/** The category name turned into lowercase hyphenated form, e.g. "AI & Machine Learning" → "ai-machine-learning". */
export function hyphenate(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The category a browse slug names: its table slug or, failing that, its name's hyphenated form (docs/design.md#entities). */
export function categoryBySlug(slug: string): Category | undefined {
  return CATEGORIES.find((c) => c.slug === slug) ?? CATEGORIES.find((c) => hyphenate(c.name) === slug);
}

/** The category with exactly this name, ignoring case and surrounding whitespace. */
export function categoryByName(name: string): Category | undefined {
  const wanted = name.trim().toLowerCase();
  return CATEGORIES.find((c) => c.name.toLowerCase() === wanted);
}

/** Whether a browse category label may be shown (docs/design.md#validation, "Browse category label"). */
export function isValidCategoryLabel(label: string): boolean {
  const trimmed = label.trim();
  const lower = trimmed.toLowerCase();
  return (
    trimmed.length >= 2 &&
    // This and the next clause are implied by the others (digits are not letters; one letter is
    // under 2 characters) but are kept so the code reads clause for clause like docs/design.md#validation.
    !/^\d+$/.test(trimmed) &&
    !/^[a-z]$/.test(trimmed) &&
    !lower.includes("undefined") &&
    !lower.includes("null") &&
    /\p{L}/u.test(trimmed)
  );
}
