import { emailFormat } from "./email.ts";
import { z } from "./zod.ts";

// Reports of a problem with a listing (docs/decisions/049-listing-reports.md): what a visitor may
// say about a tool page, and what an admin may do about a tool's open reports.

/** The reasons a visitor picks from, with the words the form shows, in the form's order. */
export const REPORT_REASONS = {
  "wrong-category": "Wrong category",
  "wrong-information": "Wrong information",
  "broken-link": "Broken link",
  duplicate: "Duplicate",
  "spam-or-harmful": "Spam or harmful",
  discontinued: "Discontinued",
  other: "Other",
} as const;

export type ReportReason = keyof typeof REPORT_REASONS;

export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

/** Limits of the report form, shared by the form's attributes and the schema. */
export const REPORT_LIMITS = { note: 1000, email: 254 } as const;

/** The name of the hidden field people never fill in and form-filling bots do. */
export const REPORT_HONEYPOT_FIELD = "report_website";

/**
 * The report form: a reason, and optionally a note and an address for a reply. Empty optional
 * fields arrive as absent (the form library drops empty strings).
 */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASON_KEYS, { error: "Please choose what is wrong with this listing." }),
  note: z
    .string()
    .trim()
    .max(REPORT_LIMITS.note, `The note must be at most ${REPORT_LIMITS.note.toLocaleString("en-US")} characters.`)
    .optional(),
  // Only spaces is no address at all, not a malformed one.
  email: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .trim()
      .max(REPORT_LIMITS.email, "Email is too long.")
      .pipe(emailFormat("Please enter a valid email address, or leave it empty."))
      .optional(),
  ),
});

export type ReportInput = z.infer<typeof reportSchema>;

/**
 * What an admin did about a tool's open reports, each resolving them all: the listing was
 * corrected (through the admin's edit page), the tool was marked discontinued, the reports were
 * wrong (the listing is right as it is), or they were closed without a finding (spam, a joke).
 */
export const REPORT_RESOLUTIONS = {
  fixed: "Marked fixed",
  discontinued: "Marked discontinued",
  rejected: "Rejected",
  dismissed: "Dismissed",
} as const;

export type ReportResolution = keyof typeof REPORT_RESOLUTIONS;

export const reportResolutionSchema = z.enum(
  Object.keys(REPORT_RESOLUTIONS) as [ReportResolution, ...ReportResolution[]],
  {
    error: "Unknown action.",
  },
);

/** What a reporter's mail says happened, after "Your report about <tool>". */
export const RESOLUTION_SENTENCES: Record<ReportResolution, string> = {
  fixed: "We corrected the listing. Thank you for pointing it out.",
  discontinued: "We marked the tool as discontinued. Thank you for letting us know.",
  rejected: "We checked the listing and found it correct as it is, so we left it unchanged.",
  dismissed: "We closed your report without changing the listing.",
};
