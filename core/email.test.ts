import { describe, expect, it } from "vitest";
import { canonicalMailbox, emailFormat } from "./email.ts";

describe("canonicalMailbox", () => {
  it("lower-cases the whole address", () => {
    expect(canonicalMailbox("ALICE@Example.COM")).toBe("alice@example.com");
    expect(canonicalMailbox("  Alice@example.com ")).toBe("alice@example.com");
  });

  it("drops a +tag at any provider", () => {
    expect(canonicalMailbox("alice+1@example.com")).toBe("alice@example.com");
    expect(canonicalMailbox("alice+news+more@example.com")).toBe("alice@example.com");
    expect(canonicalMailbox("Admin+Claim@Acme.test")).toBe("admin@acme.test");
  });

  it("keeps a mailbox that is only a tag as it is", () => {
    expect(canonicalMailbox("+1@example.com")).toBe("+1@example.com");
  });

  it("drops dots at gmail.com and googlemail.com, and reads googlemail.com as gmail.com", () => {
    expect(canonicalMailbox("a.lice@gmail.com")).toBe("alice@gmail.com");
    expect(canonicalMailbox("A.L.I.C.E+x@GoogleMail.com")).toBe("alice@gmail.com");
    expect(canonicalMailbox("alice@googlemail.com")).toBe("alice@gmail.com");
  });

  it("keeps dots elsewhere, where they name another mailbox", () => {
    expect(canonicalMailbox("a.lice@example.com")).toBe("a.lice@example.com");
    expect(canonicalMailbox("a.lice@mail.gmail.com")).toBe("a.lice@mail.gmail.com");
  });

  it("ignores a trailing dot of the domain", () => {
    expect(canonicalMailbox("alice@gmail.com.")).toBe("alice@gmail.com");
  });

  it("gives every variant of one inbox one key", () => {
    const variants = [
      "alice@gmail.com",
      "ALICE@gmail.com",
      "alice+1@gmail.com",
      "a.lice@gmail.com",
      "A.Lice+digest@googlemail.com",
      "alice@GMAIL.COM",
    ];
    expect(new Set(variants.map(canonicalMailbox))).toEqual(new Set(["alice@gmail.com"]));
  });
});

describe("emailFormat", () => {
  const valid = (email: string) => emailFormat("bad").safeParse(email).success;

  it("takes addresses at internationalised top-level domains in their ASCII form", () => {
    expect(valid("user@example.xn--p1ai")).toBe(true);
    expect(valid("user@xn--e1afmkfd.xn--p1ai")).toBe(true);
    expect(valid("user@example.XN--3E0B707E")).toBe(true);
  });

  it("takes what Zod's own check takes", () => {
    for (const email of ["ada@example.com", "a.b+c@sub.example.co.uk", "o'brien@example.ie", "x_y-z@ex-ample.io"])
      expect(valid(email)).toBe(true);
  });

  it("refuses what is not an address, with the form's message", () => {
    for (const email of [
      "a@",
      "@b.c",
      "a@b",
      "a b@c.d",
      "a@b..c",
      "a@example.xn--",
      "a@example.xn-p1ai",
      "a@example.1com",
      "ada@example.com\r\nBcc: x@y.z",
      "a@example.c",
    ]) {
      expect(emailFormat("Please enter a valid e-mail address.").safeParse(email).error?.issues[0]?.message).toBe(
        "Please enter a valid e-mail address.",
      );
    }
  });
});
