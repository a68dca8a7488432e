import { collectionFields, collectionFieldsSchema, NO_SLUG_MESSAGE } from "../../core/collections.ts";
import { formFields } from "./form.ts";

// The collection's own fields (title, address, introduction) as the admin's create and edit forms
// send them: read with their messages by field, or the values to store.

export type CollectionFieldErrors = Partial<Record<"title" | "slug" | "intro", string>>;

/** What was typed, to show again with the messages. */
export interface CollectionFieldValues {
  title: string;
  slug: string;
  intro: string;
}

export type CollectionFormResult =
  | { ok: true; fields: { title: string; slug: string; intro: string } }
  | { ok: false; errors: CollectionFieldErrors; values: CollectionFieldValues };

export function readCollectionFields(formData: FormData): CollectionFormResult {
  const raw = formFields(formData);
  const text = (name: string) => (typeof raw[name] === "string" ? raw[name] : "");
  const values = { title: text("title"), slug: text("slug"), intro: text("intro") };
  const parsed = collectionFieldsSchema.safeParse({ title: raw.title, slug: raw.slug, intro: raw.intro });
  if (!parsed.success) {
    const errors: CollectionFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "title" || field === "slug" || field === "intro") && !errors[field]) errors[field] = issue.message;
    }
    return { ok: false, errors, values };
  }
  const fields = collectionFields(parsed.data);
  if (!fields) return { ok: false, errors: { slug: NO_SLUG_MESSAGE }, values };
  return { ok: true, fields };
}

export const DUPLICATE_SLUG_MESSAGE = "Another collection already has this address. Please choose another.";
