import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  logoFailedMessage,
  splitList,
  submissionSchema,
  submitFailedMessage,
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  websiteKey,
} from "./submission.ts";
import { emptyToolContent } from "./tool.ts";
import { LOGO_LIMITS } from "./uploads.ts";

const png = () => new File([new Uint8Array([1, 2, 3])], "x.png", { type: "image/png" });

/** The fewest fields a submission needs. */
const minimal = () => ({
  name: "Acme",
  tagline: "Makes everything.",
  websiteUrl: "https://acme.com",
  categories: ["ai"],
  logo: png(),
});

/** Field path → its first message (the one the form shows); {} when the input parses. */
function errorsOf(input: Record<string, unknown>): Record<string, string> {
  const result = submissionSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

function formOf(fields: Record<string, string | File | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}

describe("submissionSchema: valid input", () => {
  it("parses a complete submission, trimming and normalising the lists", () => {
    const logo = png();
    const result = submissionSchema.safeParse({
      name: "  Acme Rockets ",
      tagline: " Rockets for everyone. ",
      websiteUrl: " https://www.acme.com/rockets?ref=hunt ",
      description: "  A long story.  ",
      categories: ["ai", "design", "ai"],
      tags: " rockets ,, Space  travel,ROCKETS, space   travel , ",
      platforms: ["Web", "iOS", "Web"],
      pricingModel: "Freemium",
      pricingDetails: " $5 a month ",
      features: "Fast,  fast , Safe",
      useCases: "Travel, ",
      integrations: ",Slack,,GitHub",
      targetAudience: "Astronauts",
      submitterEmail: " ada@example.com ",
      logo,
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: "Acme Rockets",
      tagline: "Rockets for everyone.",
      websiteUrl: "https://www.acme.com/rockets?ref=hunt",
      description: "A long story.",
      categories: ["ai", "design"],
      tags: ["rockets", "Space travel"],
      platforms: ["Web", "iOS"],
      pricingModel: "Freemium",
      pricingDetails: "$5 a month",
      features: ["Fast", "Safe"],
      useCases: ["Travel"],
      integrations: ["Slack", "GitHub"],
      targetAudience: ["Astronauts"],
      submitterEmail: "ada@example.com",
      logo,
      featureAmount: 100,
    });
  });

  it("gives absent optional fields their empty values", () => {
    const result = submissionSchema.safeParse(minimal());
    expect(result.success).toBe(true);
    const { logo, ...rest } = result.data!;
    expect(logo).toBeInstanceOf(File);
    expect(rest).toEqual({
      ...emptyToolContent(),
      name: "Acme",
      tagline: "Makes everything.",
      websiteUrl: "https://acme.com",
      categories: ["ai"],
      submitterEmail: null,
      featureAmount: 100,
    });
  });
});

describe("submissionSchema: messages", () => {
  it("requires at least one category", () => {
    const { categories: _, ...withoutCategories } = minimal();
    expect(errorsOf(withoutCategories)).toEqual({ categories: SUBMISSION_MESSAGES.noCategory });
    expect(errorsOf({ ...minimal(), categories: [] })).toEqual({ categories: "Please select at least one category." });
  });

  it("refuses a name with nothing left for its address", () => {
    expect(errorsOf({ ...minimal(), name: "!!! ???" })).toEqual({ name: "Tool name cannot be empty." });
    expect(errorsOf({ ...minimal(), name: "---" })).toEqual({ name: "Tool name cannot be empty." });
    expect(errorsOf({ ...minimal(), name: "A-1" })).toEqual({});
  });

  it("requires a logo, not empty and at most 5 MB", () => {
    const { logo: _, ...withoutLogo } = minimal();
    expect(errorsOf(withoutLogo)).toEqual({ logo: "Please upload a logo file." });
    expect(errorsOf({ ...minimal(), logo: "x.png" })).toEqual({ logo: "Please upload a logo file." });
    expect(errorsOf({ ...minimal(), logo: new File([], "x.png", { type: "image/png" }) })).toEqual({
      logo: "Logo upload failed: The file is empty. Please try again.",
    });
    expect(errorsOf({ ...minimal(), logo: new File([new Uint8Array(LOGO_LIMITS.maxBytes + 1)], "big.png") })).toEqual({
      logo: "Logo upload failed: The file is larger than 5 MB. Please try again.",
    });
    expect(errorsOf({ ...minimal(), logo: new File([new Uint8Array(LOGO_LIMITS.maxBytes)], "max.png") })).toEqual({});
  });

  it("requires name, tagline and website address", () => {
    expect(errorsOf({ categories: ["ai"], logo: png() })).toEqual({
      name: "Name is required.",
      tagline: "Tagline is required.",
      websiteUrl: "Website URL is required.",
    });
    expect(errorsOf({ ...minimal(), name: "   ", tagline: "", websiteUrl: " " })).toEqual({
      name: "Name is required.",
      tagline: "Tagline is required.",
      websiteUrl: "Website URL is required.",
    });
  });

  it("limits lengths at the boundary", () => {
    expect(SUBMISSION_LIMITS).toMatchObject({ name: 80, tagline: 160, description: 5000 });
    expect(
      errorsOf({ ...minimal(), name: "n".repeat(80), tagline: "t".repeat(160), description: "d".repeat(5000) }),
    ).toEqual({});
    expect(errorsOf({ ...minimal(), name: "n".repeat(81) })).toEqual({ name: "Name must be at most 80 characters." });
    expect(errorsOf({ ...minimal(), tagline: "t".repeat(161) })).toEqual({
      tagline: "Tagline must be at most 160 characters.",
    });
    expect(errorsOf({ ...minimal(), description: "d".repeat(5001) })).toEqual({
      description: "Description must be at most 5,000 characters.",
    });
    // Surrounding spaces do not count.
    expect(errorsOf({ ...minimal(), name: ` ${"n".repeat(80)} ` })).toEqual({});
  });

  it("accepts only full http(s) website addresses", () => {
    const refused = { websiteUrl: "Please enter the full website address, starting with https://." };
    for (const websiteUrl of ["javascript:alert(1)", "ftp://acme.com", "example.com", "http://localhost", "https://"]) {
      expect(errorsOf({ ...minimal(), websiteUrl }), websiteUrl).toEqual(refused);
    }
    for (const websiteUrl of [
      "http://acme.com",
      "https://acme.com",
      "https://www.acme.co.uk/path?x=1",
      "https://acme.com:8443/",
    ]) {
      expect(errorsOf({ ...minimal(), websiteUrl }), websiteUrl).toEqual({});
    }
  });

  it("accepts only categories, platforms and pricing models from the lists", () => {
    expect(errorsOf({ ...minimal(), categories: ["ai", "rockets"] })).toEqual({
      "categories.1": "Please choose categories from the list.",
    });
    // Slugs, not names.
    expect(errorsOf({ ...minimal(), categories: ["Design"] })).toEqual({
      "categories.0": "Please choose categories from the list.",
    });
    expect(errorsOf({ ...minimal(), platforms: ["Web", "Amiga"] })).toEqual({
      "platforms.1": "Please choose platforms from the list.",
    });
    expect(errorsOf({ ...minimal(), pricingModel: "Cheap" })).toEqual({
      pricingModel: "Please choose a pricing model from the list.",
    });
    expect(errorsOf({ ...minimal(), pricingModel: "free" })).toEqual({
      pricingModel: "Please choose a pricing model from the list.",
    });
  });

  it("allows at most 5 categories", () => {
    const five = ["ai", "productivity", "design", "development", "marketing"];
    expect(errorsOf({ ...minimal(), categories: five })).toEqual({});
    expect(errorsOf({ ...minimal(), categories: [...five, "analytics"] })).toEqual({
      categories: "Please choose at most 5 categories.",
    });
  });

  it("allows at most 10 tags of at most 30 characters", () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`).join(", ");
    expect(errorsOf({ ...minimal(), tags: tags(10) })).toEqual({});
    expect(errorsOf({ ...minimal(), tags: tags(11) })).toEqual({ tags: "Tags: at most 10 items." });
    // Repeats count once.
    expect(errorsOf({ ...minimal(), tags: `${tags(10)}, TAG0, tag9` })).toEqual({});
    expect(errorsOf({ ...minimal(), tags: `ok, ${"x".repeat(30)}` })).toEqual({});
    expect(errorsOf({ ...minimal(), tags: `ok, ${"x".repeat(31)}` })).toEqual({
      "tags.1": "Each item of tags must be at most 30 characters.",
    });
  });

  it("limits the other comma lists", () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `item ${i}`).join(",");
    expect(errorsOf({ ...minimal(), features: items(20) })).toEqual({});
    expect(errorsOf({ ...minimal(), useCases: items(21) })).toEqual({ useCases: "Use cases: at most 20 items." });
    expect(errorsOf({ ...minimal(), targetAudience: "y".repeat(151) })).toEqual({
      "targetAudience.0": "Each item of target audience must be at most 150 characters.",
    });
  });

  it("checks the e-mail address only when one is given", () => {
    expect(errorsOf({ ...minimal(), submitterEmail: "ada@" })).toEqual({
      submitterEmail: "Please enter a valid email address, or leave it empty.",
    });
    expect(errorsOf({ ...minimal(), submitterEmail: `${"a".repeat(250)}@example.com` })).toEqual({
      submitterEmail: "Email is too long.",
    });
    expect(submissionSchema.parse({ ...minimal(), submitterEmail: undefined }).submitterEmail).toBeNull();
    expect(submissionSchema.parse({ ...minimal(), submitterEmail: "ada@example.com" }).submitterEmail).toBe(
      "ada@example.com",
    );
  });
});

describe("submissionSchema through conform (FormData, as the server and browser parse it)", () => {
  const fields = () => ({ name: "Acme", tagline: "Makes everything.", websiteUrl: "https://acme.com" });

  it("turns a single category into a list and empty fields into their empty values", () => {
    const submission = parseWithZod(
      formOf({
        ...fields(),
        categories: "design",
        logo: png(),
        submitterEmail: "",
        tags: "",
        pricingModel: "",
        description: "",
      }),
      { schema: submissionSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.categories).toEqual(["design"]);
    expect(submission.value.submitterEmail).toBeNull();
    expect(submission.value.tags).toEqual([]);
    expect(submission.value.pricingModel).toBeNull();
    expect(submission.value.description).toBe("");
  });

  it("keeps several categories in order, once each", () => {
    const submission = parseWithZod(formOf({ ...fields(), categories: ["design", "ai", "design"], logo: png() }), {
      schema: submissionSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.categories).toEqual(["design", "ai"]);
  });

  it("treats an empty file input as no logo, and no category as no category", () => {
    const submission = parseWithZod(formOf({ ...fields(), logo: new File([], "") }), { schema: submissionSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      logo: [SUBMISSION_MESSAGES.noLogo],
      categories: [SUBMISSION_MESSAGES.noCategory],
    });
  });
});

describe("submissionSchema: the optional paid path", () => {
  it("is off unless ticked, with the submit page's default amount", () => {
    const value = submissionSchema.parse(minimal());
    expect(value.feature).toBeUndefined();
    expect(value.featureAmount).toBe(100);
    expect(submissionSchema.parse({ ...minimal(), feature: "on", featureAmount: 250 })).toMatchObject({
      feature: "on",
      featureAmount: 250,
    });
  });

  it("takes whole dollars from 19 to 5000, typed as text", () => {
    expect(submissionSchema.parse({ ...minimal(), featureAmount: "19" }).featureAmount).toBe(19);
    expect(submissionSchema.parse({ ...minimal(), featureAmount: " 5000 " }).featureAmount).toBe(5000);
    for (const amount of ["18", "5001", "19.5", "abc", -20]) {
      expect(errorsOf({ ...minimal(), featureAmount: amount })).toEqual({
        featureAmount: "The feature amount must be a whole number of dollars from $19 to $5,000.",
      });
    }
    expect(errorsOf({ ...minimal(), feature: "yes" })).toEqual({ feature: "Please tick the box or leave it empty." });
  });

  it("reads the checkbox and the amount from a form, an empty amount being the default", () => {
    const fields = {
      name: "Acme",
      tagline: "Makes everything.",
      websiteUrl: "https://acme.com",
      categories: "ai",
      logo: png(),
    };
    const on = parseWithZod(formOf({ ...fields, feature: "on", featureAmount: "150" }), { schema: submissionSchema });
    expect(on.status).toBe("success");
    if (on.status === "success") expect(on.value).toMatchObject({ feature: "on", featureAmount: 150 });
    const empty = parseWithZod(formOf({ ...fields, featureAmount: "" }), { schema: submissionSchema });
    expect(empty.status).toBe("success");
    if (empty.status === "success") {
      expect(empty.value.feature).toBeUndefined();
      expect(empty.value.featureAmount).toBe(100);
    }
    const bad = parseWithZod(formOf({ ...fields, feature: "on", featureAmount: "7" }), { schema: submissionSchema });
    expect(bad.status).toBe("error");
    expect(bad.reply().error).toEqual({ featureAmount: [SUBMISSION_MESSAGES.featureAmount] });
  });
});

describe("splitList", () => {
  it("trims, drops empty items, collapses inner whitespace and keeps the first of repeats", () => {
    expect(splitList("")).toEqual([]);
    expect(splitList(" , ,, ")).toEqual([]);
    expect(splitList(" a ,b,, c ")).toEqual(["a", "b", "c"]);
    expect(splitList("Open  Source,open source, OPEN\tSOURCE ,Closed")).toEqual(["Open Source", "Closed"]);
    expect(splitList("one\n two")).toEqual(["one two"]);
  });
});

describe("websiteKey", () => {
  it("ignores scheme, www., case, trailing slashes, port, query and fragment", () => {
    const key = websiteKey("https://acme.com/tools");
    expect(key).toBe("acme.com/tools");
    for (const same of [
      "http://acme.com/tools",
      "https://www.acme.com/tools",
      "HTTPS://WWW.ACME.COM/Tools/",
      "https://acme.com/tools//",
      "https://acme.com:8080/tools",
      "https://acme.com/tools?ref=producthunt",
      "https://acme.com/tools#pricing",
    ]) {
      expect(websiteKey(same), same).toBe(key);
    }
    expect(websiteKey("https://acme.com/")).toBe("acme.com");
    expect(websiteKey("https://acme.com")).toBe("acme.com");
  });

  it("tells different paths and hosts apart", () => {
    expect(websiteKey("https://acme.com/tools")).not.toBe(websiteKey("https://acme.com/other"));
    expect(websiteKey("https://acme.com/tools")).not.toBe(websiteKey("https://acme.com"));
    expect(websiteKey("https://app.acme.com")).not.toBe(websiteKey("https://acme.com"));
    // Only a leading "www." is dropped.
    expect(websiteKey("https://wwwacme.com")).toBe("wwwacme.com");
  });

  it("falls back to the trimmed lower-cased text for what is not a URL", () => {
    expect(websiteKey("  Not A URL ")).toBe("not a url");
  });
});

describe("messages", () => {
  it("logoFailedMessage does not double a trailing full stop", () => {
    expect(logoFailedMessage("The file is empty")).toBe("Logo upload failed: The file is empty. Please try again.");
    expect(logoFailedMessage("The file is empty.")).toBe("Logo upload failed: The file is empty. Please try again.");
    expect(logoFailedMessage(" Not an image... ")).toBe("Logo upload failed: Not an image. Please try again.");
  });

  it("submitFailedMessage prefixes the reason", () => {
    expect(submitFailedMessage("The form is too large.")).toBe("Error submitting tool: The form is too large.");
  });
});

describe("submissionSchema: one-line fields", () => {
  const oneLine = (label: string) =>
    `${label} must be one line of text, without line breaks, tabs or invisible control characters.`;

  it("refuses line breaks and control characters in the name, the tagline and the website", () => {
    for (const bad of [
      "Acme\r\nBcc: x@y.z",
      "Acme\nRockets",
      "Acme\u2028Rockets",
      "Acme\u2029x",
      "Ac\tme",
      "Ac\u0000me",
      "Ac\u0085me",
      "Acme\u001b[31m",
    ]) {
      expect(errorsOf({ ...minimal(), name: bad }), JSON.stringify(bad)).toEqual({ name: oneLine("Name") });
      expect(errorsOf({ ...minimal(), tagline: `Makes ${bad}` }), JSON.stringify(bad)).toEqual({
        tagline: oneLine("Tagline"),
      });
    }
    expect(errorsOf({ ...minimal(), websiteUrl: "https://acme.com/\r\nrockets" })).toEqual({
      websiteUrl: oneLine("Website URL"),
    });
  });

  it("refuses invisible formatting that makes a name read as another", () => {
    for (const bad of ["\u202Eemoc.emca", "Not\u200Bion", "Acme\u2066x\u2069", "Ac\uFEFFme", "Ac\u00ADme"]) {
      expect(errorsOf({ ...minimal(), name: bad }), JSON.stringify(bad)).toEqual({ name: oneLine("Name") });
    }
  });

  it("refuses them in the items of a list", () => {
    expect(errorsOf({ ...minimal(), tags: "rockets, sp\u202Eace" })).toEqual({
      "tags.1": oneLine("Each item of tags"),
    });
    expect(errorsOf({ ...minimal(), features: "Fast, Sa\u0007fe" })).toEqual({
      "features.1": oneLine("Each item of features"),
    });
  });

  it("trims what only surrounds the value, as for spaces", () => {
    expect(submissionSchema.parse({ ...minimal(), name: "\uFEFFAcme\u2029" }).name).toBe("Acme");
  });

  it("keeps line breaks in the text areas, and takes any script and emoji on one line", () => {
    expect(errorsOf({ ...minimal(), description: "One.\r\n\r\nTwo.", pricingDetails: "Free\nPro: $5" })).toEqual({});
    expect(errorsOf({ ...minimal(), name: "Café 日本 👩‍💻", tagline: "می‌خواهم עברית ‏(beta)" })).toEqual({});
  });

  it("takes a submitter's address at an internationalised top-level domain", () => {
    expect(errorsOf({ ...minimal(), submitterEmail: "maker@example.xn--p1ai" })).toEqual({});
  });
});
