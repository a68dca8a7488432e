import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "../../core/zod.ts";

type Constraints = ReturnType<typeof getZodConstraint>;

/**
 * The HTML constraints of a form's fields for Conform, from the form's schema: Conform's own,
 * with `required` only on fields that must be filled in. Conform judges a field by its parsed
 * value, so a comma-separated list (a text that may be empty, parsed into an array) came out
 * `required` and `multiple`, and screen readers announced optional fields as required. Here a
 * field whose schema accepts it left empty is optional, and one typed as a single text is never
 * `multiple`. The server parses with the schema itself, which stays the judge.
 */
export function formConstraint(schema: z.ZodObject): Constraints {
  const constraints = getZodConstraint(schema);
  for (const [name, field] of Object.entries(schema.shape)) {
    const constraint = constraints[name];
    if (!constraint) continue;
    if (accepts(field, undefined)) constraint.required = false;
    if (constraint.multiple && accepts(field, "x")) delete constraint.multiple;
  }
  return constraints;
}

function accepts(field: z.ZodType, value: unknown): boolean {
  try {
    return field.safeParse(value).success;
  } catch {
    // A refinement that cannot judge this value: keep Conform's reading.
    return false;
  }
}
