import { z } from "./zod.ts";
import { SETTABLE_LIFECYCLE_STATES } from "./lifecycle.ts";
import { isOneLine, oneLineMessage } from "./text.ts";

// The lifecycle fields of the admin's and the owner's forms (docs/decisions/047): kept apart from lifecycle.ts, which cards
// import, so that public pages do not ship Zod.

/** A lifecycle state as a form sends it. */
export const lifecycleStateField = z.enum(SETTABLE_LIFECYCLE_STATES, { error: "Please choose a state from the list." });

/** The successor's slug as a form sends it, lower case as slugs are ("Notion" finds notion): "" when none is named. */
export const successorSlugField = z
  .string()
  .trim()
  .max(200, "The successor's slug is too long.")
  .refine(isOneLine, oneLineMessage("The successor's slug"))
  .optional()
  .transform((slug) => (slug ?? "").toLowerCase());

/** Setting a tool's lifecycle by hand: a state, and for discontinued or acquired an optional successor's slug. */
export const lifecycleFormSchema = z.object({
  intent: z.literal("lifecycle"),
  state: lifecycleStateField,
  successor: successorSlugField.transform((slug) => (slug ? slug : null)),
});
