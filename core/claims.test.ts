import { describe, expect, it } from "vitest";
import { fastestRun } from "../tests/support/timing.ts";
import {
  answeredByListedSite,
  comparableHost,
  diffOwnerContent,
  emailDomainRefusal,
  registrableHost,
  txtRecordIsCode,
  verificationDnsNames,
  verificationFileHasCode,
  type OwnerContent,
} from "./claims.ts";

describe("registrableHost", () => {
  it("is the host's registered name: one label above its public suffix", () => {
    expect(registrableHost("app.acme.com")).toBe("acme.com");
    expect(registrableHost("WWW.Acme.com.")).toBe("acme.com");
    expect(registrableHost("shop.acme.co.uk")).toBe("acme.co.uk");
    expect(registrableHost("acme.github.io")).toBe("acme.github.io");
    expect(registrableHost("docs.acme.github.io")).toBe("acme.github.io");
  });
  it("has none for an IP address or a bare suffix", () => {
    expect(registrableHost("127.0.0.1")).toBeNull();
    expect(registrableHost("[::1]")).toBeNull();
    expect(registrableHost("github.io")).toBeNull();
    expect(registrableHost("co.uk")).toBeNull();
    expect(registrableHost("localhost")).toBeNull();
  });
  it("compares hosts without www. and case", () => {
    expect(comparableHost(" WWW.Example.COM. ")).toBe("example.com");
  });
});

describe("emailDomainRefusal", () => {
  const site = "https://www.acme.com/product";
  it("accepts the website's domain, a subdomain of it, or a domain it is a subdomain of", () => {
    expect(emailDomainRefusal("acme.com", site)).toBeNull();
    expect(emailDomainRefusal("ACME.com", site)).toBeNull();
    expect(emailDomainRefusal("www.acme.com", site)).toBeNull();
    expect(emailDomainRefusal("team.acme.com", site)).toBeNull();
    expect(emailDomainRefusal("acme.com", "https://app.acme.com")).toBeNull();
    expect(emailDomainRefusal("acme.co.uk", "https://shop.acme.co.uk")).toBeNull();
  });
  it("refuses other domains, look-alikes and siblings", () => {
    expect(emailDomainRefusal("evil.com", site)).toBe("other-domain");
    expect(emailDomainRefusal("acme.com.evil.com", site)).toBe("other-domain");
    expect(emailDomainRefusal("notacme.com", site)).toBe("other-domain");
    expect(emailDomainRefusal("com", site)).toBe("other-domain");
    expect(emailDomainRefusal("mail.acme.com", "https://app.acme.com")).toBe("other-domain");
    expect(emailDomainRefusal("co.uk", "https://acme.co.uk")).toBe("other-domain");
  });
  it("never lets one tenant of a shared host claim another's site", () => {
    expect(emailDomainRefusal("evil.github.io", "https://acme.github.io")).toBe("other-domain");
    expect(emailDomainRefusal("github.io", "https://acme.github.io")).toBe("other-domain");
    expect(emailDomainRefusal("acme.github.io", "https://acme.github.io")).toBeNull();
  });
  it("refuses sites that are a page of a shared host, and sites without a domain", () => {
    expect(emailDomainRefusal("github.com", "https://github.com/acme/tool")).toBe("shared-host");
    expect(emailDomainRefusal("gmail.com", "https://gmail.com")).toBe("shared-host");
    expect(emailDomainRefusal("127.0.0.1", "http://127.0.0.1:8080/")).toBe("no-domain");
    expect(emailDomainRefusal("acme.com", "not a url")).toBe("no-domain");
  });
});

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
    expect(verificationDnsNames("https://app.acme.co.uk")).toEqual(["_toolshelf-verification.app.acme.co.uk", "_toolshelf-verification.acme.co.uk"]);
    expect(verificationDnsNames("https://Docs.Acme.GitHub.io.")).toEqual(["_toolshelf-verification.docs.acme.github.io", "_toolshelf-verification.acme.github.io"]);
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
});

const FIELDS = ["name", "tagline", "description", "categories", "tags", "platforms", "pricingModel", "pricingDetails", "features", "useCases", "integrations", "targetAudience"];
const order = (field: string) => FIELDS.indexOf(field);
