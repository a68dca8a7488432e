import { emailFormat } from "./email.ts";
import { isOneLine, oneLineMessage } from "./text.ts";
import { z } from "./zod.ts";

/** Limits of the contact form, shared by the form's attributes and the schema. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`);

const line = (label: string, max: number) => text(label, max).refine(isOneLine, oneLineMessage(label));

/** The contact form (docs/design.md#validation: name, email, subject and message are all required). */
export const contactSchema = z.object({
  name: line("Name", CONTACT_LIMITS.name),
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(CONTACT_LIMITS.email, "Email is too long.")
    .pipe(emailFormat("Please enter a valid email address.")),
  subject: line("Subject", CONTACT_LIMITS.subject),
  message: text("Message", CONTACT_LIMITS.message),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** The name of the hidden field people never fill in and form-filling bots do. */
export const HONEYPOT_FIELD = "company_website";
