import { SUBMIT_HONEYPOT_FIELD, websiteUrlSchema } from "../../core/submission.ts";
import { PROPOSED_LOGO_FIELD, type FillStatus } from "../../core/website-fill.ts";
import { guardPublicForm } from "../platform/http/spam-guard.ts";
import type { RateLimiter } from "../platform/ratelimit/index.ts";
import { proposeFromWebsite, type ProposalDeps } from "./website-proposal.ts";

// A tool form's "Fill from website" (the submit page's and the admin's add-tool): the form's
// fields as sent, with the website's proposals in the fields left empty, and a sentence saying
// what was filled in. Nothing is saved: the person checks and sends the form.

/** The fields a fill may write. */
const FILLED = ["name", "tagline", "description"] as const;

const LIMITED = "Too many websites read from your network. Please try again later, or fill in the form yourself.";

export interface FilledForm {
  /** The form to show again, filled in. */
  formData: FormData;
  fill: FillStatus;
  /** What is wrong with the website field, to show under it. */
  urlError: string | null;
  init: { status: number; headers?: Record<string, string> };
}

/**
 * Reads the website the form names and gives the form back filled in. The person's own text is
 * never overwritten: only empty fields are filled; the website address becomes the site's own
 * canonical address for itself (same site only); a logo found there is proposed (the form uses it
 * unless a file is chosen). Counted against the address's fill limit: every ask fetches a website.
 */
export async function fillForm(
  deps: ProposalDeps & { limiters: { websiteFill: RateLimiter } },
  addressKey: string,
  formData: FormData,
): Promise<FilledForm> {
  const refused = await guardPublicForm(
    { limiter: deps.limiters.websiteFill, addressKey, honeypot: formData.get(SUBMIT_HONEYPOT_FIELD) },
    { limited: LIMITED, automated: "This request looks automated and was not answered." },
  );
  if (refused)
    return { formData, fill: { tone: "error", message: refused.message }, urlError: null, init: refused.init };

  const url = websiteUrlSchema.safeParse(formData.get("websiteUrl") ?? "");
  if (!url.success) {
    const message = url.error.issues[0]?.message ?? "Please enter the website address.";
    const fill = { tone: "error", message: `Nothing was filled in: ${message}` } as const;
    return { formData, fill, urlError: message, init: { status: 400 } };
  }

  const result = await proposeFromWebsite(deps, url.data);
  if (result.kind === "failed")
    return { formData, fill: { tone: "error", message: result.message }, urlError: null, init: { status: 200 } };
  const { proposal } = result;

  const filled = new FormData();
  for (const [name, value] of formData) if (name !== PROPOSED_LOGO_FIELD) filled.append(name, value);
  const names: string[] = [];
  for (const field of FILLED) {
    const typed = formData.get(field);
    if (proposal[field] !== "" && (typeof typed !== "string" || typed.trim() === "")) {
      filled.set(field, proposal[field]);
      names.push(field);
    }
  }
  if (proposal.canonicalUrl !== url.data) filled.set("websiteUrl", proposal.canonicalUrl);
  // A logo proposed by an earlier fill stays unless this one finds another.
  const logo = proposal.logo?.webp.toString("base64") ?? formData.get(PROPOSED_LOGO_FIELD);
  if (typeof logo === "string" && logo !== "") filled.set(PROPOSED_LOGO_FIELD, logo);
  if (proposal.logo) names.push("logo");

  const found = [proposal.name, proposal.tagline, proposal.description].some((text) => text !== "") || proposal.logo;
  const sentences = [
    names.length > 0
      ? `Filled in from the website: ${names.join(", ")}. Please check them before you submit.`
      : found
        ? "The website was read; the fields you had filled in were kept as they are."
        : "Nothing to fill in was found on that page.",
  ];
  if (!proposal.logo && proposal.logoProblem) sentences.push(`${proposal.logoProblem} Please upload a logo.`);
  const fill = { tone: names.length > 0 ? "success" : "info", message: sentences.join(" ") } as const;
  return { formData: filled, fill, urlError: null, init: { status: 200 } };
}
