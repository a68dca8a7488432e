/** The platforms a tool can run on (docs/design.md#entities), in the order listed there. */
export const PLATFORMS = ["Web", "iOS", "Android", "Windows", "macOS", "Linux", "API", "Browser Extension"] as const;

export type Platform = (typeof PLATFORMS)[number];

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}
