import { describe, expect, it } from "vitest";
import { contactSchema } from "./contact.ts";

const valid = { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello there." };

function errorsOf(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("contactSchema", () => {
  it("accepts a complete message and trims it", () => {
    expect(contactSchema.parse({ ...valid, name: "  Ada ", email: " ada@example.com" })).toEqual(valid);
  });

  it("requires every field", () => {
    expect(errorsOf({})).toEqual({
      name: "Name is required.",
      email: "Email is required.",
      subject: "Subject is required.",
      message: "Message is required.",
    });
    expect(errorsOf({ ...valid, subject: "   " })).toEqual({ subject: "Subject is required." });
  });

  it("refuses malformed e-mail addresses", () => {
    for (const email of ["ada", "ada@", "@example.com", "ada@example", "a b@example.com"]) {
      expect(errorsOf({ ...valid, email })).toEqual({ email: "Please enter a valid email address." });
    }
  });

  it("limits lengths with a readable message", () => {
    expect(errorsOf({ ...valid, message: "x".repeat(5000) })).toEqual({});
    expect(errorsOf({ ...valid, message: "x".repeat(5001) })).toEqual({
      message: "Message must be at most 5,000 characters.",
    });
    expect(errorsOf({ ...valid, name: "x".repeat(101) })).toEqual({ name: "Name must be at most 100 characters." });
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@example.com` })).toEqual({ email: "Email is too long." });
  });

  it("refuses line breaks and control characters in the name and the subject, not in the message", () => {
    const message = (label: string) =>
      `${label} must be one line of text, without line breaks, tabs or invisible control characters.`;
    expect(errorsOf({ ...valid, name: "Ada\r\nBcc: x@y.z" })).toEqual({ name: message("Name") });
    expect(errorsOf({ ...valid, subject: "Hi\u2028there" })).toEqual({ subject: message("Subject") });
    expect(errorsOf({ ...valid, subject: "\u202EiH" })).toEqual({ subject: message("Subject") });
    expect(errorsOf({ ...valid, message: "Line one.\r\nLine two." })).toEqual({});
  });

  it("takes an address at an internationalised top-level domain", () => {
    expect(errorsOf({ ...valid, email: "ada@example.xn--p1ai" })).toEqual({});
  });
});
