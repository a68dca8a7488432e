import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { contactSchema } from "../../core/contact.ts";
import { submissionSchema } from "../../core/submission.ts";
import { z } from "../../core/zod.ts";
import { formConstraint } from "./constraint.ts";

describe("formConstraint", () => {
  const submit = formConstraint(submissionSchema);

  it("marks only the submit form's truly required fields required", () => {
    const required = Object.entries(submit)
      .filter(([name, c]) => !name.endsWith("[]") && c.required)
      .map(([name]) => name)
      .sort();
    expect(required).toEqual(["categories", "logo", "name", "tagline", "websiteUrl"]);
  });

  it("leaves the comma-separated lists optional and single (no `multiple` on a text input)", () => {
    for (const name of ["tags", "features", "useCases", "integrations", "targetAudience"]) {
      expect(submit[name], name).toEqual({ required: false });
    }
  });

  it("keeps the checkbox groups multiple", () => {
    expect(submit.categories).toMatchObject({ required: true, multiple: true });
    expect(submit.platforms).toMatchObject({ required: false, multiple: true });
  });

  it("follows the schema: a logo optional when editing, every contact field required", () => {
    const edit = formConstraint(submissionSchema.partial({ logo: true }));
    expect(edit.logo?.required).toBe(false);
    expect(edit.name?.required).toBe(true);
    const contact = formConstraint(contactSchema);
    for (const name of ["name", "email", "subject", "message"]) expect(contact[name]?.required, name).toBe(true);
  });

  it("changes nothing else of Conform's reading", () => {
    expect(formConstraint(contactSchema)).toEqual(getZodConstraint(contactSchema));
    const schema = z.object({ kind: z.enum(["a", "b"]), note: z.string().optional() });
    expect(formConstraint(schema)).toEqual(getZodConstraint(schema));
    const {
      tags: _tags,
      features: _features,
      useCases: _useCases,
      integrations: _integrations,
      targetAudience: _audience,
      ...rest
    } = submit;
    const {
      tags: _t,
      features: _f,
      useCases: _u,
      integrations: _i,
      targetAudience: _a,
      ...conform
    } = getZodConstraint(submissionSchema);
    expect(rest).toEqual(conform);
  });
});
