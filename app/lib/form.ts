import { data } from "react-router";

// Reading the body of a page form post. A browser always sends a form; a script may send
// anything (JSON, text, a multipart body without its boundary), which must be a 400 with words of
// ours, never a 500 from the parser.

export const UNREADABLE_FORM = "The form could not be read. Please send it again from the page.";

/**
 * The posted form; a body that is not a form, or a field with a NUL character (no one types it,
 * and PostgreSQL text cannot hold it), is answered 400 with the site's error page.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(UNREADABLE_FORM, { status: 400 });
  }
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000")))
      throw data(NUL_IN_FORM, { status: 400 });
  }
  return form;
}

export const NUL_IN_FORM =
  "The form contains a character that cannot be used (NUL). Please remove it and send the form again.";

/**
 * A form's fields for a schema: one value as a string, a repeated name as an array (which a schema
 * of single values refuses), so `a=1&a=2` is never read as whichever came last.
 */
export function formFields(formData: FormData): Record<string, string | string[]> {
  // fromEntries defines own properties, so a field named __proto__ is only a field.
  return Object.fromEntries(
    [...new Set(formData.keys())].map((name) => {
      const values = formData.getAll(name).map((value) => (typeof value === "string" ? value : ""));
      return [name, values.length === 1 ? values[0]! : values];
    }),
  );
}
