import { z } from "./zod.ts";

// The embeddable badge (`/badge/{slug}.svg`, drawn by server/badge): what its address may ask for.

export const BadgeQuerySchema = z.object({
  // Anything but "dark" draws the default: a badge already embedded with a mistyped theme still
  // shows the tool (an error badge in its place would look like the listing is gone).
  theme: z.enum(["light", "dark"]).catch("light"),
});
export type BadgeTheme = z.infer<typeof BadgeQuerySchema>["theme"];
