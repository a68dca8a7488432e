import { z } from "./zod.ts";

// The embeddable badge (`/badge/{slug}.svg`, drawn by server/badge): what its address may ask for.

export const BadgeQuerySchema = z.object({
  theme: z.enum(["light", "dark"], "The theme must be light or dark.").default("light"),
});
export type BadgeTheme = z.infer<typeof BadgeQuerySchema>["theme"];
