import { describe, expect, it } from "vitest";
import { renderReceipt } from "./receipt.ts";

const site = { name: "Toolshelf" };
const base = {
  toolName: "Acme",
  amountCents: 2900,
  waitsForReview: true,
  reviewDueAt: null,
  reportUrl: null,
  reference: "ABCD1234",
};

describe("renderReceipt", () => {
  it("says a priority review's deadline and that it does not buy approval, with no report", () => {
    const mail = renderReceipt(site, {
      ...base,
      kind: "priority-review",
      reviewDueAt: Date.parse("2026-12-08T15:00:00Z"),
    });
    expect(mail.subject).toBe("Payment received: priority review of Acme on Toolshelf");
    expect(mail.text).toContain("Thank you: your payment of $29 is confirmed.");
    expect(mail.text).toContain('We will review "Acme" by 2026-12-08 15:00 UTC.');
    expect(mail.text).toContain("Paying buys a faster review, not approval");
    expect(mail.text).toContain("Transaction reference: ABCD1234");
    expect(mail.text).not.toContain("report");
    expect(mail.html).toContain("Paying buys a faster review, not approval");
  });

  it("links a placement's report and says when its year starts", () => {
    const waiting = renderReceipt(site, {
      ...base,
      kind: "featuring",
      amountCents: 15000,
      reportUrl: "https://example.org/sponsor/abc.def",
    });
    expect(waiting.subject).toBe("Payment received: Acme featured on Toolshelf");
    expect(waiting.text).toContain('"Acme" is featured for 365 days from the day it is approved.');
    expect(waiting.text).toContain("https://example.org/sponsor/abc.def");
    expect(waiting.html).toContain('<a href="https://example.org/sponsor/abc.def">');
    const listed = renderReceipt(site, { ...base, kind: "featuring", waitsForReview: false });
    expect(listed.text).toContain('"Acme" is featured for 365 days from today.');
  });

  it("keeps a hostile tool name on one line and escaped", () => {
    const mail = renderReceipt(site, { ...base, kind: "featuring", toolName: 'Evil\nBcc: x@y <script>"' });
    expect(mail.subject).not.toContain("\n");
    expect(mail.text.split("\n").some((line) => line.startsWith("Bcc:"))).toBe(false);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });
});
