import { afterAll, beforeAll, describe, it } from "vitest";
import type { Config } from "../../server/platform/config.ts";
import { testEngine } from "../support/database.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { startLocalSmtp, type LocalSmtp } from "../support/smtp.ts";
import { BOUNDARY, seed, type Seeded } from "./fixtures.ts";
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

// The hostile-input suite for reports of a problem with a listing (docs/decisions/049): the
// report form of tool pages and the admin's reports queue. Every input must get the right status,
// the form's own words, and — when refused — leave every table as it was.

const FORM = "application/x-www-form-urlencoded";
const KB8 = "a".repeat(8 * 1024);

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp?.close();
  console.log(`hostile report inputs sent: ${inputsSent()} (${testEngine()})`);
});

/** Limits no flood reaches, mail to the local SMTP server. */
function floodConfig(config: Config) {
  floodLimits(config);
  config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0 };
}

describe("hostile inputs to reports", () => {
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

  it("refuses hostile report posts with the form's own words and writes nothing", async () => {
    const report = (pairs: [string, string][], headers = site, slug = seeded.approved.slug) =>
      post(`/tool/${slug}`, urlencoded(pairs), FORM, headers);
    const cases: HostileCase[] = [
      {
        name: "report: no reason",
        request: report([["note", "Something is off."]]),
        expect: refusedPage("Please choose what is wrong with this listing."),
      },
      {
        name: "report: unknown reason",
        request: report([["reason", "bad-vibes"]]),
        expect: refusedPage("Please choose what is wrong with this listing."),
      },
      {
        name: "report: two reasons",
        request: report([
          ["reason", "other"],
          ["reason", "duplicate"],
        ]),
        expect: refusedPage("Please choose what is wrong with this listing."),
      },
      {
        name: "report: reason of 8 KB",
        request: report([["reason", KB8]]),
        expect: refusedPage("Please choose what is wrong with this listing."),
      },
      {
        name: "report: oversized note",
        request: report([
          ["reason", "other"],
          ["note", "x".repeat(1001)],
        ]),
        expect: refusedPage("The note must be at most 1,000 characters."),
      },
      {
        name: "report: malformed address",
        request: report([
          ["reason", "other"],
          ["email", "not an address"],
        ]),
        expect: refusedPage("Please enter a valid email address, or leave it empty."),
      },
      {
        name: "report: address with a header of its own",
        request: report([
          ["reason", "other"],
          ["email", "ada@example.com\r\nBcc: eve@evil.example"],
        ]),
        expect: refusedPage("Please enter a valid email address, or leave it empty."),
      },
      {
        name: "report: address of 300 characters",
        request: report([
          ["reason", "other"],
          ["email", `${"a".repeat(290)}@example.com`],
        ]),
        expect: refusedPage("Email is too long."),
      },
      {
        name: "report: NUL in the note",
        request: report([
          ["reason", "other"],
          ["note", "a\u0000b"],
        ]),
        expect: refusedPage(/NUL/),
      },
      {
        name: "report: honeypot filled",
        request: report([
          ["reason", "other"],
          ["report_website", "https://spam.example"],
        ]),
        expect: refusedPage("Your report looks automated and was not sent."),
      },
      {
        name: "report: unknown tool",
        request: report([["reason", "other"]], site, "no-such-tool"),
        expect: refusedPage("Tool Not Found", 404),
      },
      {
        name: "report: pending tool",
        request: report([["reason", "other"]], site, seeded.pending.slug),
        expect: refusedPage("Tool Not Found", 404),
      },
      {
        name: "report: rejected tool",
        request: report([["reason", "other"]], site, seeded.rejected.slug),
        expect: refusedPage("Tool Not Found", 404),
      },
      {
        name: "report: another site's Origin",
        request: report([["reason", "other"]], { ...BROWSER, Origin: "https://evil.example" }),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
      {
        name: "report: JSON body",
        request: post(`/tool/${seeded.approved.slug}`, JSON.stringify({ reason: "other" }), "application/json", site),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "report: text body",
        request: post(`/tool/${seeded.approved.slug}`, "reason=other", "text/plain", site),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "report: multipart without its boundary",
        request: post(`/tool/${seeded.approved.slug}`, `--${BOUNDARY}\r\n`, "multipart/form-data", site),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "report: no content type",
        request: post(`/tool/${seeded.approved.slug}`, "reason=other", null, site),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "report: a body of 300 KB",
        request: report([
          ["reason", "other"],
          ["pad", "x".repeat(300 * 1024)],
        ]),
        expect: { reader: "page", status: 413, message: "too large" },
      },
      {
        name: "report: data URL, bad reason",
        request: post(`/tool/${seeded.approved.slug}.data`, "reason=nope", FORM, site),
        expect: { reader: "data", status: [400, 404] },
      },
    ];
    await expectNoProblems(cases);
  });

  it("takes a report with markup in it once, and thanks a second post without storing it", async () => {
    const pairs: [string, string][] = [
      ["reason", "spam-or-harmful"],
      ["note", `<script>alert(1)</script><img src=x onerror=alert(2)> "quoted" & 'single'`],
      ["email", "ada@example.com"],
    ];
    await expectNoProblems([
      {
        name: "report: markup in the note",
        request: post(`/tool/${seeded.approved.slug}`, urlencoded(pairs), FORM, site),
        expect: { ...refusedPage("Thank you: your report was sent.", 200), writes: ["listing_reports", "app_secrets"] },
      },
      {
        name: "report: the same visitor again",
        request: post(`/tool/${seeded.approved.slug}`, urlencoded(pairs), FORM, site),
        expect: refusedPage("You have already reported this tool today.", 409),
      },
      {
        name: "reports: the queue shows the note as text",
        request: get("/admin/reports", { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 200, layout: true, message: "<script>alert(1)</script>" },
      },
    ]);
  });

  it("refuses hostile admin posts about reports", async () => {
    const resolve = (pairs: [string, string][], headers = admin) =>
      post("/admin/reports", urlencoded(pairs), FORM, headers);
    const cases: HostileCase[] = [
      {
        name: "reports: no intent",
        request: resolve([["toolId", seeded.approved.id]]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "reports: intent delete",
        request: resolve([
          ["intent", "delete"],
          ["toolId", seeded.approved.id],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "reports: two intents",
        request: resolve([
          ["intent", "dismissed"],
          ["intent", "rejected"],
          ["toolId", seeded.approved.id],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "reports: no tool",
        request: resolve([["intent", "dismissed"]]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "reports: a tool id of 8 KB",
        request: resolve([
          ["intent", "dismissed"],
          ["toolId", KB8],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "reports: a path for a tool id",
        request: resolve([
          ["intent", "dismissed"],
          ["toolId", "../../etc/passwd"],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "reports: a tool without open reports",
        request: resolve([
          ["intent", "dismissed"],
          ["toolId", seeded.other.id],
        ]),
        expect: refusedPage("Nothing to resolve", 404),
      },
      {
        name: "reports: JSON body",
        request: post("/admin/reports", JSON.stringify({ intent: "dismissed" }), "application/json", admin),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "reports: without a session",
        request: resolve(
          [
            ["intent", "dismissed"],
            ["toolId", seeded.approved.id],
          ],
          site,
        ),
        expect: { reader: "page", status: 401, message: "Admin Login" },
      },
      {
        name: "reports: another site's Origin",
        request: resolve(
          [
            ["intent", "dismissed"],
            ["toolId", seeded.approved.id],
          ],
          { ...admin, Origin: "https://evil.example" },
        ),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
    ];
    await expectNoProblems(cases);
  });
});
