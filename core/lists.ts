/** The items of a comma-separated list, trimmed, with empty items dropped. */
export function parseCommaList(input: string | null | undefined): string[] {
  if (!input) return [];
  return input
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The items without case-insensitive repeats, keeping each one's first spelling and the original order. */
export function dedupeCaseInsensitive(items: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of items) {
    const key = item.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}
