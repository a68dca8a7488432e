import { describe, expect, it } from "vitest";
import { claimEmailSchema, diffOwnerContent, ownerChanges, verificationFileHasCode, verificationMetaCodes, type OwnerContent } from "./claims.ts";
import { emailAddressRefusal } from "./claim-domains.ts";

describe("verificationMetaCodes", () => {
  const code = "toolshelf-0123456789abcdefghijklmnopqrstuv";
  it("reads the meta tag whatever its attribute order, quotes and case", () => {
    expect(verificationMetaCodes(`<head><meta name="toolshelf-verification" content="${code}"></head>`)).toEqual([code]);
    expect(verificationMetaCodes(`<META CONTENT='${code}' NAME='Toolshelf-Verification' />`)).toEqual([code]);
    expect(verificationMetaCodes(`<meta name=toolshelf-verification content=${code}>`)).toEqual([code]);
    expect(verificationMetaCodes(`<meta\n  name="toolshelf-verification"\n  content=" ${code} "\n>`)).toEqual([code]);
  });
  it("skips comments, scripts and other meta tags", () => {
    expect(verificationMetaCodes(`<!-- <meta name="toolshelf-verification" content="${code}"> -->`)).toEqual([]);
    expect(verificationMetaCodes(`<script>document.write('<meta name="toolshelf-verification" content="${code}">')</script>`)).toEqual([]);
    expect(verificationMetaCodes(`<meta name="description" content="${code}">`)).toEqual([]);
    expect(verificationMetaCodes(`<meta data-name="toolshelf-verification" content="${code}">`)).toEqual([]);
    expect(verificationMetaCodes("")).toEqual([]);
  });
  it("reads a file's code on a line of its own", () => {
    expect(verificationFileHasCode(`${code}\n`, code)).toBe(true);
    expect(verificationFileHasCode(`other\r\n  ${code}  \r\n`, code)).toBe(true);
    expect(verificationFileHasCode(`x${code}`, code)).toBe(false);
    expect(verificationFileHasCode("", code)).toBe(false);
  });
});

describe("diffOwnerContent", () => {
  const base: OwnerContent = {
    name: "Quillpad",
    tagline: "Notes",
    description: "Old",
    categories: ["productivity"],
    tags: ["notes"],
    platforms: ["Web"],
    pricingModel: "Free",
    pricingDetails: "",
    features: [],
    useCases: [],
    integrations: [],
    targetAudience: [],
  };
  it("lists only the changed fields, in form order, old and new as text", () => {
    const changes = diffOwnerContent(base, { ...base, tagline: "Notes, fast", tags: ["notes", "markdown"], pricingModel: null, features: ["Sync"] });
    expect(changes).toEqual([
      { field: "tags", label: "Tags", from: "notes", to: "notes, markdown" },
      { field: "tagline", label: "Tagline", from: "Notes", to: "Notes, fast" },
      { field: "pricingModel", label: "Pricing model", from: "Free", to: "—" },
      { field: "features", label: "Features", from: "—", to: "Sync" },
    ].sort((a, b) => order(a.field) - order(b.field)));
  });
  it("is empty when nothing changed", () => {
    expect(diffOwnerContent(base, { ...base })).toEqual([]);
  });
  it("compares only the fields an edit holds, and an edit holds only the fields it changes", () => {
    expect(diffOwnerContent(base, { tagline: "Notes, fast" })).toEqual([{ field: "tagline", label: "Tagline", from: "Notes", to: "Notes, fast" }]);
    expect(ownerChanges(base, { ...base, tagline: "Notes, fast", pricingModel: null })).toEqual({ tagline: "Notes, fast", pricingModel: null });
    expect(ownerChanges(base, { ...base })).toEqual({});
  });
});

const FIELDS = ["name", "tagline", "description", "categories", "tags", "platforms", "pricingModel", "pricingDetails", "features", "useCases", "integrations", "targetAudience"];
const order = (field: string) => FIELDS.indexOf(field);

describe("claimEmailSchema", () => {
  it("takes an address at an internationalised top-level domain", () => {
    expect(claimEmailSchema.parse({ email: " admin@example.xn--p1ai " })).toEqual({ email: "admin@example.xn--p1ai" });
  });

  it("proves a website at an internationalised domain with an address at it", () => {
    expect(emailAddressRefusal("admin@xn--e1afmkfd.xn--p1ai", "https://пример.рф/")).toBeNull();
  });

  it("refuses one with a line break in it", () => {
    expect(claimEmailSchema.safeParse({ email: "admin@acme.com\r\nBcc: x@y.z" }).error?.issues[0]?.message).toBe("Please enter a valid e-mail address.");
  });
});
