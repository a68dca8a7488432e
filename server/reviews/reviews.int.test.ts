import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { BROWSER_UA, decodeEntities, jsonLd, textOf } from "../../tests/support/html.ts";
import {
  addVerifiedOwner,
  confirmReviewLink,
  moderate,
  postReview,
  REVIEW_FIELDS,
  reviewAdminCookie,
  reviewConfirmToken,
} from "../../tests/support/reviews.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { startLocalSmtp, type LocalSmtp } from "../../tests/support/smtp.ts";
import { toolDetailSchema } from "../../core/api-responses.ts";
import { reviewStructuredDataProblems } from "../../tests/support/structured-data.ts";

const clock = { now: Date.UTC(2026, 10, 28, 9) };
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** Posts a review and returns the token of the confirmation mail it made. */
async function writeReview(s: TestServer, slug: string, fields: Record<string, string>, address?: string) {
  const before = smtp.received.length;
  const res = await postReview(s, slug, { ...REVIEW_FIELDS, ...fields }, { address });
  expect(res.status).toBe(200);
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  return { mail: mail!, token: reviewConfirmToken(mail!) };
}

async function reviewRows(s: TestServer, toolId: string) {
  return s.services.database.db
    .selectFrom("reviews")
    .selectAll()
    .where("tool_id", "=", toolId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

async function toolPage(s: TestServer, slug: string, query = "") {
  const res = await fetch(`${s.url}/tool/${slug}${query}`, { headers: { "User-Agent": BROWSER_UA } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("reviews of a tool", () => {
  const getServer = useTestServer({
    env: { TRUST_PROXY: "loopback" },
    configure: (config) => {
      config.rateLimits.reviewAddress = { points: 1000, durationSec: 3600 };
      config.rateLimits.reviewTool = { points: 1000, durationSec: 3600 };
      config.rateLimits.reviewRecipient = { points: 1000, durationSec: 3600 };
      config.rateLimits.confirmationMails = { points: 1000, durationSec: 3600 };
      config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0 };
    },
    now: () => clock.now,
  });
  const listed = makeTool({ name: "Reviewable Listed" });
  const owned = makeTool({ name: "Reviewable Owned" });
  const pending = makeTool({ name: "Reviewable Pending", status: "pending", source: "free_submission" });
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = getServer();
    await addTools(s.services, [listed, owned, pending]);
  });
  beforeEach(async () => {
    await s.services.database.db.deleteFrom("reviews").execute();
    clock.now += 60_000;
    // A session of its own: a test may move the clock past the last one's end.
    admin = await reviewAdminCookie(s);
  });

  it("puts a script-free review form on a public tool page, with an accessible rating group and no rating in the structured data", async () => {
    const html = await toolPage(s, listed.slug);
    expect(html).toContain(`action="/tool/${listed.slug}#write-review"`);
    expect(html.match(/<input [^>]*type="radio"[^>]*name="rating"/g)).toHaveLength(5);
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Your rating of (<!-- -->)?Reviewable Listed<\/legend>/);
    expect(textOf(html)).toContain("No reviews of Reviewable Listed yet.");
    const ld = jsonLd(html) as Record<string, unknown>[];
    const app = ld.find((item) => item["@type"] === "SoftwareApplication")!;
    expect(app).toBeDefined();
    expect(app).not.toHaveProperty("aggregateRating");
    expect(app).not.toHaveProperty("review");
    // A tool not yet public takes no reviews.
    const pendingHtml = await toolPage(s, pending.slug);
    expect(pendingHtml).not.toContain("Write a review");
  });

  it("goes from the form to a mail, a confirmation, moderation and the public page with its average", async () => {
    const { mail, token } = await writeReview(s, listed.slug, { name: "Ana", pros: "Quick", cons: "No dark mode" });
    expect(mail.to).toEqual(["reviewer@example.com"]);
    expect(mail.parsed.subject).toBe("Confirm your review of Reviewable Listed on toolshelf/");
    let [row] = await reviewRows(s, listed.id);
    expect(row).toMatchObject({ status: "unconfirmed", rating: 4, display_name: "Ana", pros: "Quick" });
    // Only a keyed hash of the mailbox is kept, never the address.
    expect(JSON.stringify(row)).not.toContain("reviewer@example.com");
    // Not shown before confirmation and moderation.
    expect(textOf(await toolPage(s, listed.slug))).not.toContain(REVIEW_FIELDS.text);

    const page = await fetch(`${s.url}/review/confirm/${token}`, { headers: { "User-Agent": BROWSER_UA } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    // Opening the link (a mail scanner does) confirms nothing: the button does.
    expect((await reviewRows(s, listed.id))[0]!.status).toBe("unconfirmed");
    const confirmed = await confirmReviewLink(s, token);
    expect(confirmed.status).toBe(200);
    expect(textOf(await confirmed.text())).toContain("Review confirmed");
    [row] = await reviewRows(s, listed.id);
    expect(row).toMatchObject({ status: "pending", confirm_token_hash: null });
    // Used once: the link is spent.
    expect((await confirmReviewLink(s, token)).status).toBe(404);

    const queue = await fetch(`${s.url}/admin/reviews`, { headers: { "User-Agent": BROWSER_UA, cookie: admin } });
    expect(textOf(await queue.text())).toContain(REVIEW_FIELDS.text);
    const approved = await moderate(s, admin, { intent: "approve", reviewId: row!.id });
    expect(approved.status).toBe(200);
    expect(textOf(await approved.text())).toContain("Review published (Reviewable Listed).");

    const html = await toolPage(s, listed.slug);
    const text = textOf(html);
    expect(text).toContain(REVIEW_FIELDS.text);
    expect(text).toContain("4.0 out of 5 from 1 review");
    expect(text).toContain("4 stars 1 (100%)");
    expect(text).toContain("by Ana");
    expect(text).toContain("No dark mode");
    expect(html).not.toContain("reviewer@example.com");

    const app = (jsonLd(html) as Record<string, unknown>[]).find((item) => item["@type"] === "SoftwareApplication")!;
    // What review snippets require, checked; and the check itself catches what they refuse.
    expect(reviewStructuredDataProblems(app)).toEqual([]);
    const { reviewCount: _r, ratingCount: _c, ...uncounted } = app.aggregateRating as Record<string, unknown>;
    expect(reviewStructuredDataProblems({ ...app, aggregateRating: uncounted })).toEqual([
      "aggregateRating: an AggregateRating needs ratingCount or reviewCount",
    ]);
    const [first] = app.review as Record<string, unknown>[];
    expect(
      reviewStructuredDataProblems({
        ...app,
        review: [{ ...first, author: { "@type": "Person", name: "a@b.example" } }],
      }),
    ).toEqual(["review.0.author.name: an author's name must not be an address"]);
    expect(app.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4,
      reviewCount: 1,
      ratingCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect(app.review).toEqual([
      {
        "@type": "Review",
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
        author: { "@type": "Person", name: "Ana" },
        datePublished: new Date(clock.now).toISOString().slice(0, 10),
        reviewBody: REVIEW_FIELDS.text,
      },
    ]);

    // The API, and its count of reviews.
    const api = await fetch(`${s.url}/api/v1/tools/${listed.slug}`);
    const body = (await api.json()) as { data: unknown };
    const detail = toolDetailSchema.parse(body.data);
    expect(detail.rating).toEqual({ average: 4, count: 1 });
    expect(detail.commentsCount).toBe(1);
    // The admin's export, as JSON Lines and CSV.
    const lines = await (await fetch(`${s.url}/api/admin/export.jsonl`, { headers: { cookie: admin } })).text();
    const exported = lines
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; rating: unknown; commentsCount: number })
      .find((record) => record.id === listed.id);
    expect(exported).toMatchObject({ rating: { average: 4, count: 1 }, commentsCount: 1 });
    const csv = await (await fetch(`${s.url}/api/admin/export.csv`, { headers: { cookie: admin } })).text();
    const [header, ...rows] = csv.trim().split("\r\n");
    expect(header!.split(",").slice(-2)).toEqual(["comments_count", "rating_average"]);
    expect(
      rows
        .find((row) => row.includes(listed.id))!
        .split(",")
        .slice(-2),
    ).toEqual(["1", "4"]);

    const audit = await s.services.database.db
      .selectFrom("audit_log")
      .select(["action", "tool_id"])
      .where("action", "in", ["review-approve", "review-reject", "review-delete"])
      .execute();
    expect(audit).toContainEqual({ action: "review-approve", tool_id: listed.id });
  });

  it("keeps one review per mailbox and tool: a newer one, however the address is written, replaces the old", async () => {
    const first = await writeReview(s, listed.slug, { rating: "2", email: "Same.Person+a@gmail.com" });
    await confirmReviewLink(s, first.token);
    const [old] = await reviewRows(s, listed.id);
    await moderate(s, admin, { intent: "approve", reviewId: old!.id });
    expect(textOf(await toolPage(s, listed.slug))).toContain("2.0 out of 5 from 1 review");

    const second = await writeReview(s, listed.slug, {
      rating: "5",
      text: "Changed my mind after the update: now it is great.",
      email: "sameperson@googlemail.com",
    });
    // Until the new one is confirmed, the published one stays.
    expect((await reviewRows(s, listed.id)).map((r) => r.status).sort()).toEqual(["published", "unconfirmed"]);
    await confirmReviewLink(s, second.token);
    const rows = await reviewRows(s, listed.id);
    expect(rows.map((r) => [r.status, r.rating])).toEqual([["pending", 5]]);
    expect(textOf(await toolPage(s, listed.slug))).toContain("No reviews of Reviewable Listed yet.");
    const tool = await s.services.database.db
      .selectFrom("tools")
      .select(["comments_count", "rating_sum"])
      .where("id", "=", listed.id)
      .executeTakeFirstOrThrow();
    expect(tool).toEqual({ comments_count: 0, rating_sum: 0 });
  });

  it("shows a published review's markup as text, in the page and in its structured data, with no link made", async () => {
    const text = `</script><script>alert(1)</script> see https://spam.example and <a href="https://x.example">x</a>`;
    const { token } = await writeReview(s, listed.slug, { text, name: "<b>Eve</b>" });
    await confirmReviewLink(s, token);
    const [row] = await reviewRows(s, listed.id);
    await moderate(s, admin, { intent: "approve", reviewId: row!.id });
    const html = await toolPage(s, listed.slug);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toMatch(/href="https:\/\/(spam|x)\.example/);
    expect(textOf(html)).toContain(text);
    const app = (jsonLd(html) as Record<string, unknown>[]).find((item) => item["@type"] === "SoftwareApplication")!;
    expect((app.review as { reviewBody: string; author: { name: string } }[])[0]).toMatchObject({
      reviewBody: text,
      author: { "@type": "Person", name: "<b>Eve</b>" },
    });
  });

  it("counts a helpful vote once per visitor and orders the most helpful first on request", async () => {
    const ids: string[] = [];
    for (const email of ["older@example.com", "newer@example.com"]) {
      const { token } = await writeReview(s, listed.slug, { email, text: `A review written by ${email} here.` });
      await confirmReviewLink(s, token);
      const row = (await reviewRows(s, listed.id)).find((r) => r.status === "pending")!;
      clock.now += 1000;
      await moderate(s, admin, { intent: "approve", reviewId: row.id });
      ids.push(row.id);
    }
    const vote = (reviewId: string, address: string) =>
      postReview(s, listed.slug, { intent: "helpful", review: reviewId, sort: "helpful", reviews: "1" }, { address });
    const first = await vote(ids[0]!, "198.51.100.50");
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`/tool/${listed.slug}?sort=helpful#review-${ids[0]}`);
    expect((await vote(ids[0]!, "198.51.100.50")).status).toBe(303);
    expect((await vote(ids[0]!, "198.51.100.51")).status).toBe(303);
    expect((await vote("no-such-review", "198.51.100.51")).status).toBe(400);
    const counts = await s.services.database.db
      .selectFrom("reviews")
      .select(["id", "helpful_count"])
      .where("id", "in", ids)
      .execute();
    expect(Object.fromEntries(counts.map((c) => [c.id, c.helpful_count]))).toEqual({ [ids[0]!]: 2, [ids[1]!]: 0 });

    const order = (html: string) => [...html.matchAll(/>A review written by (\w+)@/g)].map((m) => m[1]);
    expect(order(await toolPage(s, listed.slug))).toEqual(["newer", "older"]);
    const helpful = await toolPage(s, listed.slug, "?sort=helpful");
    expect(order(helpful)).toEqual(["older", "newer"]);
    expect(textOf(helpful)).toContain("Helpful (the review by Verified reviewer) · 2");
  });

  it("forgets a review whose link expired unused, and the link then no longer works", async () => {
    const { token } = await writeReview(s, listed.slug, { email: "slow@example.com" });
    const kept = await writeReview(s, listed.slug, { email: "quick@example.com" });
    await confirmReviewLink(s, kept.token);
    clock.now += 48 * 60 * 60 * 1000 + 1;
    expect((await fetch(`${s.url}/review/confirm/${token}`, { headers: { "User-Agent": BROWSER_UA } })).status).toBe(
      404,
    );
    const outcome = await s.services.scheduler.run("unconfirmed-reviews-prune");
    expect(outcome.kind === "finished" && [outcome.run.status, outcome.run.summary]).toEqual([
      "succeeded",
      { forgotten: 1 },
    ]);
    expect((await reviewRows(s, listed.id)).map((r) => r.status)).toEqual(["pending"]);
  });

  it("refuses reviews by the tool's verified owner: at its domain openly, at the owner's own mailbox by mail only", async () => {
    await addVerifiedOwner(
      s.services.database,
      owned.id,
      { email: "founder@gmail.com", domain: new URL(owned.websiteUrl).hostname },
      clock.now,
    );
    const atDomain = await postReview(s, owned.slug, {
      ...REVIEW_FIELDS,
      email: `team@${new URL(owned.websiteUrl).hostname}`,
    });
    expect(atDomain.status).toBe(403);
    expect(decodeEntities(await atDomain.text())).toContain("Reviews by Reviewable Owned’s own team are not accepted");

    const before = smtp.received.length;
    const own = await postReview(s, owned.slug, { ...REVIEW_FIELDS, email: "Founder+x@gmail.com" });
    expect(own.status).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.parsed.subject).toBe("Your review of Reviewable Owned on toolshelf/");
    expect(mail!.parsed.text).toContain("does not take reviews of a tool by its owners");
    expect(await reviewRows(s, owned.id)).toEqual([]);
  });

  it("rejects with a reason, deletes, pages newest first, and shows an owner's reply once approved", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { token } = await writeReview(s, owned.slug, {
        rating: String((i % 5) + 1),
        text: `Review number ${i} with enough words to pass.`,
        email: `person${i}@example.net`,
      });
      await confirmReviewLink(s, token);
      const row = (await reviewRows(s, owned.id)).find((r) => r.text.startsWith(`Review number ${i} `))!;
      ids.push(row.id);
      clock.now += 1000;
      expect((await moderate(s, admin, { intent: "approve", reviewId: row.id })).status).toBe(200);
    }
    const firstPage = textOf(await toolPage(s, owned.slug));
    expect(firstPage).toContain("Review number 11 ");
    expect(firstPage).not.toContain("Review number 1 ");
    expect(firstPage).toContain("Page 1 of 2");
    const second = textOf(await toolPage(s, owned.slug, "?reviews=2"));
    expect(second).toContain("Review number 0 ");
    expect(second).not.toContain("Review number 11 ");

    // A rejection needs its reason.
    const { token } = await writeReview(s, owned.slug, { email: "late@example.net" });
    await confirmReviewLink(s, token);
    const late = (await reviewRows(s, owned.id)).find((r) => r.status === "pending")!;
    expect((await moderate(s, admin, { intent: "reject", reviewId: late.id })).status).toBe(400);
    expect((await moderate(s, admin, { intent: "reject", reviewId: late.id, reason: "Off topic." })).status).toBe(200);
    expect((await reviewRows(s, owned.id)).find((r) => r.id === late.id)).toMatchObject({
      status: "rejected",
      reject_reason: "Off topic.",
    });

    // Deleting a published review counts again.
    expect((await moderate(s, admin, { intent: "delete", reviewId: ids[0]! })).status).toBe(200);
    const counts = await s.services.database.db
      .selectFrom("tools")
      .select(["comments_count"])
      .where("id", "=", owned.id)
      .executeTakeFirstOrThrow();
    expect(counts.comments_count).toBe(11);

    // The owner replies once, through their page; the reply waits, then shows under the review.
    const ownerToken = await addVerifiedOwner(
      s.services.database,
      owned.id,
      { email: "boss@example.org", domain: "example.org" },
      clock.now,
    );
    const reply = (fields: Record<string, string>) =>
      fetch(`${s.url}/owner/${ownerToken}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: s.url,
          "User-Agent": BROWSER_UA,
          Accept: "text/html",
        },
        redirect: "manual",
      });
    const target = ids[11]!;
    const sent = await reply({ intent: "reply", reviewId: target, reply: "Thank you, <b>we</b> fixed it." });
    expect(sent.status).toBe(303);
    expect((await reply({ intent: "reply", reviewId: target, reply: "Again" })).status).toBe(409);
    expect((await reply({ intent: "reply", reviewId: late.id, reply: "Not published" })).status).toBe(404);
    expect(textOf(await toolPage(s, owned.slug))).not.toContain("we fixed it");
    expect((await moderate(s, admin, { intent: "approve-reply", reviewId: target })).status).toBe(200);
    const html = await toolPage(s, owned.slug);
    expect(textOf(html)).toContain("Reply from the owner of Reviewable Owned");
    expect(html).toContain("Thank you, &lt;b&gt;we&lt;/b&gt; fixed it.");
    const actions = await s.services.database.db
      .selectFrom("audit_log")
      .select("action")
      .where("tool_id", "=", owned.id)
      .execute();
    const named = new Set(actions.map((a) => a.action));
    for (const action of ["review-approve", "review-reject", "review-delete", "review-reply-approve"])
      expect(named.has(action as never), action).toBe(true);
  });
});

describe("review limits", () => {
  const getServer = useTestServer({
    env: { TRUST_PROXY: "loopback" },
    configure: (config) => {
      config.rateLimits.reviewAddress = { points: 3, durationSec: 3600 };
      config.rateLimits.reviewTool = { points: 2, durationSec: 3600 };
      config.rateLimits.reviewRecipient = { points: 1, durationSec: 3600 };
      config.rateLimits.confirmationMails = { points: 1000, durationSec: 3600 };
      config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0 };
    },
    now: () => clock.now,
  });
  const tool = makeTool({ name: "Limited Reviews" });
  let s: TestServer;

  beforeAll(async () => {
    s = getServer();
    await addTools(s.services, [tool]);
  });

  it("bounds posts per address, reviews per tool and mails per mailbox", async () => {
    const rows = () =>
      s.services.database.db.selectFrom("reviews").select("id").where("tool_id", "=", tool.id).execute();
    // One mailbox is mailed once: the second post of it is answered alike, but nothing is sent or stored.
    const before = smtp.received.length;
    expect(
      (await postReview(s, tool.slug, { ...REVIEW_FIELDS, email: "one@example.com" }, { address: "198.51.100.1" }))
        .status,
    ).toBe(200);
    await smtp.waitFor(before + 1);
    expect(
      (await postReview(s, tool.slug, { ...REVIEW_FIELDS, email: "ONE+2@example.com" }, { address: "198.51.100.2" }))
        .status,
    ).toBe(200);
    expect(await rows()).toHaveLength(1);
    // The tool's budget: a second review is taken, a third is refused with Retry-After.
    expect(
      (await postReview(s, tool.slug, { ...REVIEW_FIELDS, email: "two@example.com" }, { address: "198.51.100.3" }))
        .status,
    ).toBe(200);
    const refused = await postReview(
      s,
      tool.slug,
      { ...REVIEW_FIELDS, email: "three@example.com" },
      { address: "198.51.100.4" },
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(decodeEntities(await refused.text())).toContain("This tool has received many reviews today.");
    expect(await rows()).toHaveLength(2);
    // One address: every post counts, valid or not.
    for (let i = 0; i < 3; i++) await postReview(s, tool.slug, { intent: "review" }, { address: "198.51.100.9" });
    const flooded = await postReview(
      s,
      tool.slug,
      { ...REVIEW_FIELDS, email: "four@example.com" },
      { address: "198.51.100.9" },
    );
    expect(flooded.status).toBe(429);
    expect(decodeEntities(await flooded.text())).toContain("Too many reviews from your network.");
    await smtp.waitFor(before + 2);
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual(["one@example.com", "two@example.com"]);
  });
});
