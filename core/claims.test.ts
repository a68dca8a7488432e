import { describe, expect, it } from "vitest";
import { fastestRun } from "../tests/support/timing.ts";
import { answeredByListedSite, emailAddressRefusal, verificationDnsNames } from "./claim-domains.ts";
import {
  claimEmailSchema,
  diffOwnerContent,
  normalizeOwnerContent,
  ownerChanges,
  txtRecordIsCode,
  verificationFileHasCode,
  type OwnerContent,
} from "./claims.ts";

describe("the website proofs", () => {
  const code = "toolshelf-0123456789abcdefghijklmnopqrstuv";
  it("reads a file's code on a line of its own", () => {
    expect(verificationFileHasCode(`${code}\n`, code)).toBe(true);
    expect(verificationFileHasCode(`other\r\n  ${code}  \r\n`, code)).toBe(true);
    expect(verificationFileHasCode(`x${code}`, code)).toBe(false);
    expect(verificationFileHasCode("", code)).toBe(false);
  });

  it("reads a TXT record that is the code, trimmed, quoted or not", () => {
    expect(txtRecordIsCode(code, code)).toBe(true);
    expect(txtRecordIsCode(`  ${code} `, code)).toBe(true);
    expect(txtRecordIsCode(`"${code}"`, code)).toBe(true);
    expect(txtRecordIsCode(`x${code}`, code)).toBe(false);
    expect(txtRecordIsCode(`${code} ${code}`, code)).toBe(false);
    expect(txtRecordIsCode(`toolshelf-verification=${code}`, code)).toBe(false);
  });

  it("looks for TXT records under the listed host and its registrable domain, never under a public suffix", () => {
    expect(verificationDnsNames("https://www.acme.com/product")).toEqual(["_toolshelf-verification.acme.com"]);
    expect(verificationDnsNames("https://app.acme.co.uk")).toEqual([
      "_toolshelf-verification.app.acme.co.uk",
      "_toolshelf-verification.acme.co.uk",
    ]);
    expect(verificationDnsNames("https://Docs.Acme.GitHub.io.")).toEqual([
      "_toolshelf-verification.docs.acme.github.io",
      "_toolshelf-verification.acme.github.io",
    ]);
    expect(verificationDnsNames("http://127.0.0.1:8080/")).toEqual([]);
    expect(verificationDnsNames("http://[::1]/")).toEqual([]);
    expect(verificationDnsNames("https://github.io")).toEqual([]);
    expect(verificationDnsNames("not a url")).toEqual([]);
  });

  it("counts an answer from the listed origin or its www. twin only", () => {
    const listed = "https://acme.com/product";
    expect(answeredByListedSite("https://acme.com/product", listed)).toBe(true);
    expect(answeredByListedSite("https://ACME.com./home?x=1", listed)).toBe(true);
    expect(answeredByListedSite("https://www.acme.com/", listed)).toBe(true);
    expect(answeredByListedSite("https://acme.com/", "https://www.acme.com/")).toBe(true);
    expect(answeredByListedSite("https://acme.com:443/", listed)).toBe(true);
    // Siblings, look-alikes and deeper twins on the same registrable domain are others' sites.
    expect(answeredByListedSite("https://evil.acme.com/", listed)).toBe(false);
    expect(answeredByListedSite("https://www.www.acme.com/", listed)).toBe(false);
    expect(answeredByListedSite("https://evil.github.io/", "https://acme.github.io/")).toBe(false);
    expect(answeredByListedSite("https://acme.com.evil.example/", listed)).toBe(false);
    expect(answeredByListedSite("https://acme.com/", "https://app.acme.com/")).toBe(false);
    // Another port or a step down to http is another server.
    expect(answeredByListedSite("https://acme.com:8443/", listed)).toBe(false);
    expect(answeredByListedSite("http://acme.com/", listed)).toBe(false);
    expect(answeredByListedSite("http://acme.com:8080/", "http://acme.com:8081/")).toBe(false);
    // An upgrade to https of the same name on the default ports counts; of an address or another port it does not.
    expect(answeredByListedSite("https://acme.com/", "http://acme.com/")).toBe(true);
    expect(answeredByListedSite("https://www.acme.com/", "http://acme.com/")).toBe(true);
    expect(answeredByListedSite("https://acme.com/", "http://acme.com:8080/")).toBe(false);
    expect(answeredByListedSite("https://acme.com:8443/", "http://acme.com/")).toBe(false);
    expect(answeredByListedSite("https://203.0.113.7/", "http://203.0.113.7/")).toBe(false);
    // A website on an address: that address and port only.
    expect(answeredByListedSite("http://203.0.113.7:8080/x", "http://203.0.113.7:8080/")).toBe(true);
    expect(answeredByListedSite("http://203.0.113.7:8081/", "http://203.0.113.7:8080/")).toBe(false);
    expect(answeredByListedSite("http://203.0.113.7/", "http://203.0.113.7:8080/")).toBe(false);
    expect(answeredByListedSite("http://www.203.0.113.7:8080/", "http://203.0.113.7:8080/")).toBe(false);
    expect(answeredByListedSite("not a url", listed)).toBe(false);
  });

  it("compares a host of many dots in linear time", () => {
    const long = `https://a${".".repeat(100_000)}b/`;
    expect(fastestRun(() => answeredByListedSite(long, "https://acme.com/"), 100)).toBeLessThan(100);
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
    lifecycle: "active",
    successor: "",
  };
  it("lists only the changed fields, in form order, old and new as text", () => {
    const changes = diffOwnerContent(base, {
      ...base,
      tagline: "Notes, fast",
      tags: ["notes", "markdown"],
      pricingModel: null,
      features: ["Sync"],
    });
    expect(changes).toEqual(
      [
        { field: "tags", label: "Tags", from: "notes", to: "notes, markdown" },
        { field: "tagline", label: "Tagline", from: "Notes", to: "Notes, fast" },
        { field: "pricingModel", label: "Pricing model", from: "Free", to: "—" },
        { field: "features", label: "Features", from: "—", to: "Sync" },
      ].sort((a, b) => order(a.field) - order(b.field)),
    );
  });
  it("is empty when nothing changed", () => {
    expect(diffOwnerContent(base, { ...base })).toEqual([]);
  });
  it("compares only the fields an edit holds, and an edit holds only the fields it changes", () => {
    expect(diffOwnerContent(base, { tagline: "Notes, fast" })).toEqual([
      { field: "tagline", label: "Tagline", from: "Notes", to: "Notes, fast" },
    ]);
    expect(ownerChanges(base, { ...base, tagline: "Notes, fast", pricingModel: null })).toEqual({
      tagline: "Notes, fast",
      pricingModel: null,
    });
    expect(ownerChanges(base, { ...base })).toEqual({});
  });
  it("names the tool's state as pages do, and its successor, after the content", () => {
    const next = normalizeOwnerContent({ ...base, tagline: "Gone", lifecycle: "discontinued", successor: "inkwell" });
    expect(diffOwnerContent(base, next)).toEqual([
      { field: "tagline", label: "Tagline", from: "Notes", to: "Gone" },
      { field: "lifecycle", label: "Status", from: "Active", to: "Discontinued" },
      { field: "successor", label: "Successor", from: "—", to: "inkwell" },
    ]);
  });
  it("drops the successor of a tool said to be active", () => {
    const was = { ...base, lifecycle: "acquired" as const, successor: "inkwell" };
    expect(ownerChanges(was, normalizeOwnerContent({ ...was, lifecycle: "active" }))).toEqual({
      lifecycle: "active",
      successor: "",
    });
  });
});

const FIELDS = [
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
];
const order = (field: string) => FIELDS.indexOf(field);

describe("claimEmailSchema", () => {
  it("takes an address at an internationalised top-level domain", () => {
    expect(claimEmailSchema.parse({ email: " admin@example.xn--p1ai " })).toEqual({ email: "admin@example.xn--p1ai" });
  });

  it("proves a website at an internationalised domain with an address at it", () => {
    expect(emailAddressRefusal("admin@xn--e1afmkfd.xn--p1ai", "https://пример.рф/")).toBeNull();
  });

  it("refuses one with a line break in it", () => {
    expect(claimEmailSchema.safeParse({ email: "admin@acme.com\r\nBcc: x@y.z" }).error?.issues[0]?.message).toBe(
      "Please enter a valid e-mail address.",
    );
  });
});
