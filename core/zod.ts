import { z } from "zod";

// The one door to Zod for code that also runs in the browser. An object schema asks, as it is
// built, whether it may compile code (`new Function`); the site's CSP allows no eval, so in the
// browser that probe is refused and reported as a CSP issue. Switched off before any schema is
// built (this module is imported first by every module that builds one), the schemas work the same.
//
// Messages: every schema words its own, but a value of the wrong kind (a repeated form field read as
// a list, a JSON array where an object belongs) would otherwise reach people in Zod's words
// ("Invalid input: expected string, received array").
z.config({
  jitless: true,
  customError: (issue) => {
    if (issue.code !== "invalid_type") return undefined;
    if (Array.isArray(issue.input)) return "Give one value here, not several.";
    if (issue.expected === "object") return "Send the fields as a JSON object (or a form).";
    return issue.input === undefined ? "This is required." : "This value is not of the kind expected here.";
  },
});

export { z };

/**
 * A whole number from `min` to `max`, given as a number (JSON) or as decimal digits (a form's or a
 * query's text). `z.coerce.number()` would also take "0x20", "1e3" or " " (as 32, 1000 and 0), and
 * so would Conform's coercion of a schema that starts as a number: this one starts as text.
 */
export function wholeNumber(message: string, range: { min: number; max: number }) {
  return z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z
      .string({ error: message })
      .trim()
      .regex(/^[+-]?\d+(\.\d+)?$/, message)
      .transform(Number)
      .pipe(z.number().int(message).min(range.min, message).max(range.max, message)),
  );
}
