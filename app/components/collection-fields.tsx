import { COLLECTION_LIMITS } from "../../core/collections.ts";
import type { CollectionFieldErrors, CollectionFieldValues } from "../lib/collection-form.ts";
import { Field, inputClass } from "./field.tsx";

/** The admin's fields of a collection: title, address and introduction, with their messages. */
export function CollectionFields({
  idPrefix,
  values,
  errors = {},
}: {
  idPrefix: string;
  values: CollectionFieldValues;
  errors?: CollectionFieldErrors;
}) {
  const control = (name: keyof CollectionFieldValues) => ({
    id: `${idPrefix}-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": `${idPrefix}-${name}-error`,
  });
  return (
    <div className="space-y-3">
      <Field
        id={`${idPrefix}-title`}
        label="Title"
        errorId={`${idPrefix}-title-error`}
        errors={errors.title ? [errors.title] : undefined}
      >
        <input {...control("title")} type="text" required maxLength={COLLECTION_LIMITS.title} className={inputClass} />
      </Field>
      <Field
        id={`${idPrefix}-slug`}
        label="Address"
        hint="The page's address: /collections/… — lower-case letters, digits and hyphens. Left empty, it is made from the title."
        errorId={`${idPrefix}-slug-error`}
        errors={errors.slug ? [errors.slug] : undefined}
      >
        <input {...control("slug")} type="text" maxLength={COLLECTION_LIMITS.slug} className={inputClass} />
      </Field>
      <Field
        id={`${idPrefix}-intro`}
        label="Introduction"
        hint="Shown above the tools. Markdown (**bold**, *emphasis*, [links](https://…), lists, headings) or the simple HTML tool descriptions take; anything else is dropped."
        errorId={`${idPrefix}-intro-error`}
        errors={errors.intro ? [errors.intro] : undefined}
      >
        <textarea {...control("intro")} rows={5} maxLength={COLLECTION_LIMITS.intro} className={inputClass} />
      </Field>
    </div>
  );
}
