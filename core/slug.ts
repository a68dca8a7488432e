/**
 * A tool's URL slug (docs/design.md#validation: lowercased name, non-word characters removed, whitespace turned into
 * hyphens, repeated hyphens collapsed). May be "" for names with no ASCII word characters; callers
 * reject that as an empty name.
 */
export function slugify(name: string): string {
  // `\w` without the u flag is ASCII-only, so letters outside a-z are dropped: slugs
  // stay plain ASCII in every URL (docs/design.md#validation).
  return name
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");
}

/** The first of base, base-2, base-3, … that `taken` does not claim. */
export function uniqueSlug(base: string, taken: (candidate: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}
