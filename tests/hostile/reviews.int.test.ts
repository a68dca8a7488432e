import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../server/platform/config.ts";
import { testEngine } from "../support/database.ts";
import { addVerifiedOwner, REVIEW_FIELDS, reviewConfirmToken } from "../support/reviews.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { startLocalSmtp, type LocalSmtp } from "../support/smtp.ts";
import { seed, type Seeded } from "./fixtures.ts";
import {
  BROWSER,
  get,
  inputsSent,
  post,
  runner,
  urlencoded,
  type HostileCase,
  expectNoProblems as expectHarnessProblems,
  floodLimits,
  refusedPage,
  UNREADABLE_PAGE,
} from "./harness.ts";

// The hostile-input suite for reviews (docs/decisions/051): the review form of tool pages, the
// confirmation link, the admin's queue and an owner's reply. Every input must get the right
// status, the form's own words, and — when refused — leave every table as it was.

const FORM = "application/x-www-form-urlencoded";
const KB8 = "a".repeat(8 * 1024);

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp?.close();
  console.log(`hostile review inputs sent: ${inputsSent()} (${testEngine()})`);
});

/** Limits no flood reaches, mail to the local SMTP server. */
function floodConfig(config: Config) {
  floodLimits(config);
  config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0 };
}

describe("hostile inputs to reviews", () => {
  const getServer = useTestServer({ configure: floodConfig });
  const flood = runner(getServer);
  let s: TestServer;
  let seeded: Seeded;
  let site: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    s = getServer();
    seeded = await seed(s);
    site = { ...BROWSER, Origin: s.url };
    admin = { ...site, Cookie: seeded.cookie };
  });

  const expectNoProblems = (cases: HostileCase[]) => expectHarnessProblems(flood, cases);
  const valid = Object.entries(REVIEW_FIELDS) as [string, string][];
  /** The valid review's fields with `field` set to each of `values` (none: left out). */
  const with_ = (field: string, ...values: string[]): [string, string][] => [
    ...valid.filter(([k]) => k !== field),
    ...values.map((v) => [field, v] as [string, string]),
  ];
  const review = (pairs: [string, string][], headers = site, slug = seeded.approved.slug) =>
    post(`/tool/${slug}`, urlencoded(pairs), FORM, headers);

  it("refuses hostile review posts with the form's own words and writes nothing", async () => {
    const rating = "Please choose a rating from 1 to 5 stars.";
    const cases: HostileCase[] = [
      { name: "review: no rating", request: review(with_("rating")), expect: refusedPage(rating) },
      { name: "review: rating 0", request: review(with_("rating", "0")), expect: refusedPage(rating) },
      { name: "review: rating 6", request: review(with_("rating", "6")), expect: refusedPage(rating) },
      { name: "review: rating abc", request: review(with_("rating", "abc")), expect: refusedPage(rating) },
      { name: "review: rating 4.5", request: review(with_("rating", "4.5")), expect: refusedPage(rating) },
      { name: "review: two ratings", request: review(with_("rating", "1", "5")), expect: refusedPage(rating) },
      { name: "review: rating of 8 KB", request: review(with_("rating", KB8)), expect: refusedPage(rating) },
      {
        name: "review: no text",
        request: review(with_("text")),
        expect: refusedPage("Please write your review."),
      },
      {
        name: "review: text too short",
        request: review(with_("text", "Great!")),
        expect: refusedPage("Please write at least 20 characters."),
      },
      {
        name: "review: text of 2,001 characters",
        request: review(with_("text", "x".repeat(2001))),
        expect: refusedPage("The review must be at most 2,000 characters."),
      },
      {
        name: "review: pros of 8 KB",
        request: review([...valid, ["pros", KB8]]),
        expect: refusedPage("Pros must be at most 500 characters."),
      },
      {
        name: "review: an address for a name",
        request: review([...valid, ["name", "eve@evil.example"]]),
        expect: refusedPage("please do not use an e-mail address"),
      },
      {
        name: "review: no address",
        request: review(with_("email")),
        expect: refusedPage("Please enter your e-mail address"),
      },
      {
        name: "review: malformed address",
        request: review(with_("email", "not an address")),
        expect: refusedPage("Please enter a valid email address."),
      },
      {
        name: "review: address with a header of its own",
        request: review(with_("email", "ada@example.com\r\nBcc: eve@evil.example")),
        expect: refusedPage("Please enter a valid email address."),
      },
      {
        name: "review: address of 300 characters",
        request: review(with_("email", `${"a".repeat(290)}@example.com`)),
        expect: refusedPage("Email is too long."),
      },
      {
        name: "review: NUL in the text",
        request: review(with_("text", "a long enough text with a\u0000NUL inside")),
        expect: refusedPage(/NUL/),
      },
      {
        name: "review: honeypot filled",
        request: review([...valid, ["review_website", "https://spam.example"]]),
        expect: refusedPage("Your review looks automated and was not sent."),
      },
      {
        name: "review: unknown tool",
        request: review(valid, site, "no-such-tool"),
        expect: refusedPage("Tool Not Found", 404),
      },
      {
        name: "review: pending tool",
        request: review(valid, site, seeded.pending.slug),
        expect: refusedPage("Tool Not Found", 404),
      },
      {
        name: "review: another site's Origin",
        request: review(valid, { ...BROWSER, Origin: "https://evil.example" }),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
      {
        name: "review: JSON body",
        request: post(`/tool/${seeded.approved.slug}`, JSON.stringify(REVIEW_FIELDS), "application/json", site),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "review: a body of 300 KB",
        request: review([...valid, ["pad", "x".repeat(300 * 1024)]]),
        expect: { reader: "page", status: 413, message: "too large" },
      },
    ];
    await expectNoProblems(cases);
  });

  it("takes markup as plain text, and refuses forged, replayed and oversized confirmation links", async () => {
    const markup = `<script>alert(1)</script><a href="https://spam.example">cheap</a> "quoted" & 'single'`;
    const before = smtp.received.length;
    await expectNoProblems([
      {
        name: "review: markup in the text",
        request: review(with_("text", markup)),
        expect: { ...refusedPage("Check your inbox", 200), writes: ["reviews", "app_secrets"] },
      },
    ]);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const token = reviewConfirmToken(mail!);
    const forged = `${token.slice(0, 42)}${token.endsWith("A") ? "B" : "A"}`;
    await expectNoProblems([
      {
        name: "confirm: a forged token (GET)",
        request: get(`/review/confirm/${forged}`, site),
        expect: refusedPage("Link not valid", 404),
      },
      {
        name: "confirm: a forged token",
        request: post(`/review/confirm/${forged}`, "", FORM, site),
        expect: refusedPage("Link not valid", 404),
      },
      {
        name: "confirm: a token of 8 KB",
        request: post(`/review/confirm/${KB8}`, "", FORM, site),
        expect: refusedPage("Link not valid", 404),
      },
      {
        name: "confirm: from another site",
        request: post(`/review/confirm/${token}`, "", FORM, { ...BROWSER, Origin: "https://evil.example" }),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
      {
        name: "confirm: the real link",
        request: post(`/review/confirm/${token}`, "", FORM, site),
        expect: { ...refusedPage("Review confirmed", 200), writes: ["reviews", "catalog_state"] },
      },
      {
        name: "confirm: the link replayed",
        request: post(`/review/confirm/${token}`, "", FORM, site),
        expect: refusedPage("Link not valid", 404),
      },
      {
        name: "reviews: the queue shows the markup as text",
        request: get("/admin/reviews", { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 200, layout: true, message: "<script>alert(1)</script>" },
      },
    ]);
    const html = await (
      await fetch(`${s.url}/admin/reviews`, { headers: { ...BROWSER, Cookie: seeded.cookie } })
    ).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain('href="https://spam.example"');
  });

  it("refuses hostile admin and owner posts about reviews", async () => {
    const moderate = (pairs: [string, string][], headers = admin) =>
      post("/admin/reviews", urlencoded(pairs), FORM, headers);
    const waiting = await s.services.database.db
      .selectFrom("reviews")
      .select("id")
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    const ownerToken = await addVerifiedOwner(s.services.database, seeded.other.id, {
      email: "owner@example.org",
      domain: "example.org",
    });
    const reply = (pairs: [string, string][]) => post(`/owner/${ownerToken}`, urlencoded(pairs), FORM, site);
    const cases: HostileCase[] = [
      {
        name: "reviews: no intent",
        request: moderate([["reviewId", waiting.id]]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "reviews: unknown intent",
        request: moderate([
          ["intent", "publish-all"],
          ["reviewId", waiting.id],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "reviews: two intents",
        request: moderate([
          ["intent", "approve"],
          ["intent", "delete"],
          ["reviewId", waiting.id],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "reviews: a rejection without a reason",
        request: moderate([
          ["intent", "reject"],
          ["reviewId", waiting.id],
          ["reason", "   "],
        ]),
        expect: refusedPage("Please give a reason."),
      },
      {
        name: "reviews: a reason of 8 KB",
        request: moderate([
          ["intent", "reject"],
          ["reviewId", waiting.id],
          ["reason", KB8],
        ]),
        expect: refusedPage("The reason must be at most 500 characters."),
      },
      {
        name: "reviews: a path for a review id",
        request: moderate([
          ["intent", "approve"],
          ["reviewId", "../../etc/passwd"],
        ]),
        expect: refusedPage("Nothing to do", 404),
      },
      {
        name: "reviews: a review id of 8 KB",
        request: moderate([
          ["intent", "delete"],
          ["reviewId", KB8],
        ]),
        expect: refusedPage("Nothing to do", 404),
      },
      {
        name: "reviews: a reply that does not wait",
        request: moderate([
          ["intent", "approve-reply"],
          ["reviewId", waiting.id],
        ]),
        expect: refusedPage("Nothing to do", 404),
      },
      {
        name: "reviews: without a session",
        request: moderate(
          [
            ["intent", "approve"],
            ["reviewId", waiting.id],
          ],
          site,
        ),
        expect: { reader: "page", status: 401, message: "Admin Login" },
      },
      {
        name: "reviews: another site's Origin",
        request: moderate(
          [
            ["intent", "approve"],
            ["reviewId", waiting.id],
          ],
          { ...admin, Origin: "https://evil.example" },
        ),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
      {
        name: "helpful: a review still waiting",
        request: review([
          ["intent", "helpful"],
          ["review", waiting.id],
        ]),
        expect: refusedPage("That review is not published on this page."),
      },
      {
        name: "helpful: a review id of 8 KB",
        request: review([
          ["intent", "helpful"],
          ["review", KB8],
        ]),
        expect: refusedPage("That review is not published on this page."),
      },
      {
        name: "helpful: no review",
        request: review([["intent", "helpful"]]),
        expect: refusedPage("That review is not published on this page."),
      },
      {
        name: "helpful: an unknown tool",
        request: review(
          [
            ["intent", "helpful"],
            ["review", waiting.id],
          ],
          site,
          "no-such-tool",
        ),
        expect: refusedPage("Tool Not Found", 404),
      },
      {
        name: "owner reply: to a review of another tool",
        request: reply([
          ["intent", "reply"],
          ["reviewId", waiting.id],
          ["reply", "Thanks!"],
        ]),
        expect: refusedPage("That review is not published on your listing.", 404),
      },
      {
        name: "owner reply: empty",
        request: reply([
          ["intent", "reply"],
          ["reviewId", waiting.id],
          ["reply", "  "],
        ]),
        expect: refusedPage("Please write your reply."),
      },
      {
        name: "owner reply: of 8 KB",
        request: reply([
          ["intent", "reply"],
          ["reviewId", waiting.id],
          ["reply", KB8],
        ]),
        expect: refusedPage("The reply must be at most 1,500 characters."),
      },
    ];
    await expectNoProblems(cases);
  });
});
