// "Fill from website" on the tool forms (docs/decisions/050): the names the form, its server and
// its script share, and how a proposed logo rides along until the form is sent. No Zod here: the
// page's script imports this (the schema a fill checks is fillSchema, core/submission.ts).

/** The value of the submit button named `intent` that asks for a fill instead of a save. */
export const FILL_INTENT = "fill";

/** The hidden field carrying the logo found on the website: the converted WebP, in base64. */
export const PROPOSED_LOGO_FIELD = "logoFromWebsite";

/** What the form's status line says after a fill. */
export interface FillStatus {
  tone: "success" | "info" | "error";
  message: string;
}

/** The status line's text colour by tone (the form draws it; its script redraws it). */
export const FILL_TONE_CLASSES: Record<FillStatus["tone"], string> = {
  success: "text-green-900",
  info: "text-slate-800",
  error: "text-red-800",
};

/** The name the proposed logo is stored under, as an uploaded file's name would be. */
const PROPOSED_LOGO_NAME = "logo-from-website.webp";

/** Whether a form post asks for a fill (the button's name and value). */
export function isFillIntent(value: FormDataEntryValue | null | undefined): boolean {
  return value === FILL_INTENT;
}

/**
 * The form's data with the proposed logo as its logo file, when no file was chosen: a logo from
 * the website then goes through the same schema and the same content check as an upload (the
 * field is the client's to change, so it is trusted no more than a file). A field that is not
 * base64 is left alone, and the form says a logo is missing.
 */
export function withProposedLogo(formData: FormData): FormData {
  const chosen = formData.get("logo");
  const proposed = formData.get(PROPOSED_LOGO_FIELD);
  if ((chosen instanceof File && chosen.size > 0) || typeof proposed !== "string" || proposed === "") return formData;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(proposed), (c) => c.charCodeAt(0));
  } catch {
    return formData;
  }
  const copy = new FormData();
  for (const [name, value] of formData) if (name !== "logo") copy.append(name, value);
  copy.set("logo", new File([bytes], PROPOSED_LOGO_NAME, { type: "image/webp" }));
  return copy;
}
