import { describe, expect, it } from "vitest";
import {
  acceptedAddresses,
  comparableHost,
  emailAddressRefusal,
  emailProofDomains,
  emailRefusalMessage,
  registrableHost,
} from "./claim-domains.ts";

describe("registrableHost", () => {
  it("is the host's registered name: one label above its public suffix", () => {
    expect(registrableHost("app.acme.com")).toBe("acme.com");
    expect(registrableHost("WWW.Acme.com.")).toBe("acme.com");
    expect(registrableHost("shop.acme.co.uk")).toBe("acme.co.uk");
    expect(registrableHost("acme.github.io")).toBe("acme.github.io");
    expect(registrableHost("docs.acme.github.io")).toBe("acme.github.io");
  });
  it("knows the whole Public Suffix List: suffixes of three labels, wildcards, shared hosts and IDN", () => {
    expect(registrableHost("tool.acme.pvt.k12.ma.us")).toBe("acme.pvt.k12.ma.us");
    expect(registrableHost("www.city.b.kawasaki.jp")).toBe("city.b.kawasaki.jp");
    expect(registrableHost("app.acme.ac.jp")).toBe("acme.ac.jp");
    expect(registrableHost("acme.pages.dev")).toBe("acme.pages.dev");
    expect(registrableHost("shop.xn--e1afmkfd.xn--p1ai")).toBe("xn--e1afmkfd.xn--p1ai");
  });
  it("has none for an IP address or a bare suffix", () => {
    expect(registrableHost("127.0.0.1")).toBeNull();
    expect(registrableHost("[::1]")).toBeNull();
    expect(registrableHost("github.io")).toBeNull();
    expect(registrableHost("co.uk")).toBeNull();
    expect(registrableHost("pvt.k12.ma.us")).toBeNull();
    expect(registrableHost("b.kawasaki.jp")).toBeNull();
    expect(registrableHost("localhost")).toBeNull();
    expect(registrableHost("a..b.com")).toBeNull();
  });
  it("compares hosts without www. and case", () => {
    expect(comparableHost(" WWW.Example.COM. ")).toBe("example.com");
  });
});

describe("emailAddressRefusal", () => {
  const site = "https://www.acme.com/product";
  it("accepts any mailbox at the website's own host, www. and case aside", () => {
    expect(emailAddressRefusal("ada@acme.com", site)).toBeNull();
    expect(emailAddressRefusal("Ada@ACME.com", site)).toBeNull();
    expect(emailAddressRefusal("ada@www.acme.com", site)).toBeNull();
    expect(emailAddressRefusal("ada@app.acme.com", "https://app.acme.com")).toBeNull();
    expect(emailAddressRefusal("ada@acme.co.uk", "https://acme.co.uk")).toBeNull();
    expect(emailAddressRefusal("ada@acme.github.io", "https://acme.github.io")).toBeNull();
  });
  it("accepts only the role mailboxes at the registered domain of a website on a subdomain", () => {
    for (const mailbox of ["admin", "administrator", "webmaster", "hostmaster", "postmaster", "Admin"]) {
      expect(emailAddressRefusal(`${mailbox}@acme.com`, "https://app.acme.com")).toBeNull();
      expect(emailAddressRefusal(`${mailbox}@acme.co.uk`, "https://shop.acme.co.uk")).toBeNull();
    }
    expect(emailAddressRefusal("ada@acme.com", "https://app.acme.com")).toBe("other-domain");
    expect(emailAddressRefusal("support@acme.com", "https://app.acme.com")).toBe("other-domain");
    expect(emailAddressRefusal("admin+claims@acme.com", "https://app.acme.com")).toBe("other-domain");
    expect(emailAddressRefusal("root@acme.com", "https://app.acme.com")).toBe("other-domain");
  });
  it("refuses addresses at deeper subdomains, which services hand out to their users", () => {
    expect(emailAddressRefusal("a1b2c3@boards.trello.com", "https://trello.com")).toBe("other-domain");
    expect(emailAddressRefusal("zap@robot.zapier.com", "https://zapier.com/")).toBe("other-domain");
    expect(emailAddressRefusal("support@anyone.zendesk.com", "https://www.zendesk.com")).toBe("other-domain");
    expect(emailAddressRefusal("issue@intake.linear.app", "https://linear.app")).toBe("other-domain");
    expect(emailAddressRefusal("admin@workspace.slack.com", "https://slack.com")).toBe("other-domain");
    expect(emailAddressRefusal("ada@team.acme.com", site)).toBe("other-domain");
    expect(emailAddressRefusal("admin@x.app.acme.com", "https://app.acme.com")).toBe("other-domain");
  });
  it("refuses a student's address for a university's tool; the university's own role mailbox may", () => {
    const tool = "https://tool.cs.example.edu/";
    expect(emailAddressRefusal("student@cs.example.edu", tool)).toBe("other-domain");
    expect(emailAddressRefusal("student@example.edu", tool)).toBe("other-domain");
    expect(emailAddressRefusal("admin@cs.example.edu", tool)).toBe("other-domain");
    expect(emailAddressRefusal("hostmaster@example.edu", tool)).toBeNull();
    expect(emailAddressRefusal("maintainer@tool.cs.example.edu", tool)).toBeNull();
  });
  it("refuses addresses under a public suffix of three labels above the website", () => {
    const school = "https://acme.pvt.k12.ma.us";
    expect(emailAddressRefusal("admin@pvt.k12.ma.us", school)).toBe("other-domain");
    expect(emailAddressRefusal("admin@k12.ma.us", school)).toBe("other-domain");
    expect(emailAddressRefusal("ada@acme.pvt.k12.ma.us", school)).toBeNull();
    expect(emailAddressRefusal("admin@acme.pvt.k12.ma.us", "https://tool.acme.pvt.k12.ma.us")).toBeNull();
  });
  it("refuses other domains, look-alikes and siblings", () => {
    expect(emailAddressRefusal("ada@evil.com", site)).toBe("other-domain");
    expect(emailAddressRefusal("ada@acme.com.evil.com", site)).toBe("other-domain");
    expect(emailAddressRefusal("ada@notacme.com", site)).toBe("other-domain");
    expect(emailAddressRefusal("ada@com", site)).toBe("other-domain");
    expect(emailAddressRefusal("admin@mail.acme.com", "https://app.acme.com")).toBe("other-domain");
    expect(emailAddressRefusal("admin@co.uk", "https://acme.co.uk")).toBe("other-domain");
    expect(emailAddressRefusal("acme.com", site)).toBe("other-domain");
  });
  it("never lets one tenant of a shared host claim another's site", () => {
    expect(emailAddressRefusal("admin@evil.github.io", "https://acme.github.io")).toBe("other-domain");
    expect(emailAddressRefusal("admin@github.io", "https://acme.github.io")).toBe("other-domain");
    expect(emailAddressRefusal("admin@github.io", "https://docs.acme.github.io")).toBe("other-domain");
  });
  it("refuses sites that are a page of a shared host, and sites without a domain", () => {
    expect(emailAddressRefusal("ada@github.com", "https://github.com/acme/tool")).toBe("shared-host");
    expect(emailAddressRefusal("ada@gmail.com", "https://gmail.com")).toBe("shared-host");
    expect(emailAddressRefusal("ada@github.io", "https://github.io")).toBe("shared-host");
    expect(emailAddressRefusal("ada@127.0.0.1", "http://127.0.0.1:8080/")).toBe("no-domain");
    expect(emailAddressRefusal("ada@acme.com", "not a url")).toBe("no-domain");
  });
});

describe("what the claim page says", () => {
  it("names exactly the addresses that are accepted", () => {
    expect(emailProofDomains("https://www.acme.com")).toEqual({ host: "acme.com", registrable: "acme.com" });
    expect(acceptedAddresses({ host: "acme.com", registrable: "acme.com" })).toBe(
      "an address at acme.com itself (not at a subdomain of it)",
    );
    expect(acceptedAddresses({ host: "app.acme.com", registrable: "acme.com" })).toBe(
      "an address at app.acme.com itself, or admin@acme.com, administrator@acme.com, webmaster@acme.com, hostmaster@acme.com or postmaster@acme.com",
    );
    expect(emailRefusalMessage("https://trello.com")).toBe(
      "Please use an address at trello.com itself (not at a subdomain of it), so we know the website is yours.",
    );
    expect(emailRefusalMessage("https://github.com/acme/tool")).toContain("is on a shared host (github.com)");
    expect(emailRefusalMessage("http://127.0.0.1:8080/")).toContain("has no domain name");
  });
});
