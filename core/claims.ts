import { z } from "./zod.ts";
import { emailFormat } from "./email.ts";
import { submissionSchema } from "./submission.ts";
import type { ToolContent } from "./tool.ts";
import { LIFECYCLE_LABELS, type SettableLifecycleState } from "./lifecycle.ts";
import { lifecycleStateField, successorSlugField } from "./lifecycle-form.ts";

// Claiming a listing: the pure rules. What a website must show to prove it is the claimant's (a
// meta tag, a file or a DNS TXT record), and what an owner's edit changes (a field-by-field diff).
// Which addresses may prove it by e-mail is in claim-domains.ts, apart: it carries the Public
// Suffix List, which no page's browser code needs.

/** The meta tag's name and the well-known file's path a website proves ownership with. */
export const VERIFICATION_META_NAME = "toolshelf-verification";
export const VERIFICATION_FILE_PATH = "/.well-known/toolshelf-verification.txt";

/** What a website verification code looks like: `toolshelf-` and 32 lower-case letters and digits. */
export const SITE_CODE_PATTERN = /^toolshelf-[0-9a-z]{32}$/;

/** The e-mail form of the claim page: an address, checked against the website on the server. */
export const claimEmailSchema = z.object({
  email: z
    .string({ error: "Please enter your e-mail address." })
    .trim()
    .min(1, "Please enter your e-mail address.")
    .max(254, "The e-mail address is too long.")
    .pipe(emailFormat("Please enter a valid e-mail address.")),
});

/** The label under which a website's domain publishes its code in a DNS TXT record. */
export const VERIFICATION_DNS_LABEL = "_toolshelf-verification";

/**
 * Whether a TXT record is the code: the whole record (its strings joined), trimmed, with the
 * quotes some DNS providers' forms keep around a pasted value taken off.
 */
export function txtRecordIsCode(record: string, code: string): boolean {
  const value = record.trim();
  return value === code || value === `"${code}"`;
}

/** Whether the well-known file names `code`: one of its lines, trimmed, is the code (several owners may list theirs). */
export function verificationFileHasCode(text: string, code: string): boolean {
  return text.split(/\r?\n/).some((line) => line.trim() === code);
}

/** The fields an owner may edit: the listing's content, without its website (what was proven) or its status. */
export const OWNER_EDIT_FIELDS = [
  "name",
  "tagline",
  "description",
  "categories",
  "tags",
  "platforms",
  "pricingModel",
  "pricingDetails",
  "features",
  "useCases",
  "integrations",
  "targetAudience",
] as const satisfies readonly (keyof ToolContent)[];

/**
 * What an owner may say of the tool's life besides its content: discontinued or acquired (with
 * the tool that took over, by slug, "" for none), or active; applied as the admin sets it.
 */
export const OWNER_LIFECYCLE_FIELDS = ["lifecycle", "successor"] as const;

export type OwnerEditField = (typeof OWNER_EDIT_FIELDS)[number] | (typeof OWNER_LIFECYCLE_FIELDS)[number];
export type OwnerContent = Pick<ToolContent, (typeof OWNER_EDIT_FIELDS)[number]> & {
  lifecycle: SettableLifecycleState;
  successor: string;
};
/** What an owner's edit asks for: only the fields it changes, so approving one owner's edit never undoes another's. */
export type OwnerChanges = Partial<OwnerContent>;

const OWNER_FIELDS: readonly OwnerEditField[] = [...OWNER_EDIT_FIELDS, ...OWNER_LIFECYCLE_FIELDS];

/** The owner's edit form: the submission form's fields (the same schema), the logo optional. */
export const ownerEditSchema = submissionSchema
  .pick({
    name: true,
    tagline: true,
    description: true,
    categories: true,
    tags: true,
    platforms: true,
    pricingModel: true,
    pricingDetails: true,
    features: true,
    useCases: true,
    integrations: true,
    targetAudience: true,
    logo: true,
  })
  .partial({ logo: true })
  // Without a state the tool's life is left as it is (and the successor with it).
  .extend({ lifecycle: lifecycleStateField.optional(), successor: successorSlugField });

/** An owner's form as sent: the content, and the tool's life when the form said it. */
export type OwnerEditInput = Omit<OwnerContent, "lifecycle"> & { lifecycle?: SettableLifecycleState };

/** What an owner's form proposes, on top of the live listing's state when the form left it out. */
export function ownerProposal(live: OwnerContent, input: OwnerEditInput): OwnerContent {
  const life =
    input.lifecycle === undefined
      ? { lifecycle: live.lifecycle, successor: live.successor }
      : { lifecycle: input.lifecycle, successor: input.successor };
  return normalizeOwnerContent({ ...input, ...life });
}

/** Labels of the edited fields, as the admin's diff and the owner's page name them. */
export const OWNER_FIELD_LABELS: Record<OwnerEditField | "logo", string> = {
  name: "Name",
  tagline: "Tagline",
  description: "Description",
  categories: "Categories",
  tags: "Tags",
  platforms: "Platforms",
  pricingModel: "Pricing model",
  pricingDetails: "Pricing details",
  features: "Features",
  useCases: "Use cases",
  integrations: "Integrations",
  targetAudience: "Target audience",
  lifecycle: "Status",
  successor: "Successor",
  logo: "Logo",
};

/** One changed field: what the listing shows now and what the owner asks for, as text. */
export interface FieldChange {
  field: OwnerEditField;
  label: string;
  from: string;
  to: string;
}

/** A field's value as one line of text (lists joined by commas, "—" for nothing). */
function shown(field: OwnerEditField, value: unknown): string {
  if (field === "lifecycle" && typeof value === "string" && value in LIFECYCLE_LABELS)
    return LIFECYCLE_LABELS[value as SettableLifecycleState];
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.join(", ");
  if (value === null || value === undefined || value === "") return "—";
  return String(value);
}

/** Browsers send a textarea's line breaks as CRLF; stored text keeps LF. */
const lf = (text: string) => text.replace(/\r\n?/g, "\n");

/** Normalises an owner's edit as it will be stored (LF line breaks; no successor for an active tool). */
export function normalizeOwnerContent(content: OwnerContent): OwnerContent {
  return {
    ...content,
    description: lf(content.description),
    pricingDetails: lf(content.pricingDetails),
    successor: content.lifecycle === "active" ? "" : content.successor,
  };
}

/** The fields an owner's edit changes, in form order, each with its old and new value; fields it does not hold are unchanged. */
export function diffOwnerContent(current: OwnerContent, next: OwnerChanges): FieldChange[] {
  return OWNER_FIELDS.filter(
    (field) => field in next && JSON.stringify(current[field]) !== JSON.stringify(next[field]),
  ).map((field) => ({
    field,
    label: OWNER_FIELD_LABELS[field],
    from: shown(field, current[field]),
    to: shown(field, next[field]),
  }));
}

/** The fields of `next` that differ from `current`: what an edit stores. */
export function ownerChanges(current: OwnerContent, next: OwnerChanges): OwnerChanges {
  const changed = diffOwnerContent(current, next).map((change) => change.field);
  return Object.fromEntries(changed.map((field) => [field, next[field]])) as OwnerChanges;
}
