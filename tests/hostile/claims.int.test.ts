import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../server/platform/config.ts";
import { hashToken } from "../../server/claims/service.ts";
import { newId } from "../../server/platform/db/ids.ts";
import { addTools, makeTool } from "../support/catalog.ts";
import { testEngine } from "../support/database.ts";
import { startFakeDns, type FakeDns } from "../support/dns.ts";
import { listenLocal, type LocalServer } from "../support/listen.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { startLocalSmtp, type LocalSmtp } from "../support/smtp.ts";
import { BOUNDARY, files, logoPart, MULTIPART, multipartBody, seed, type Files, type Seeded } from "./fixtures.ts";
import {
  BROWSER,
  get,
  inputsSent,
  post,
  runner,
  urlencoded,
  type HostileCase,
  type Part,
  expectNoProblems as expectHarnessProblems,
  floodLimits,
  type Expect,
  refusedPage,
  UNREADABLE_PAGE,
} from "./harness.ts";

// The hostile-input suite for claiming listings (ADR 032): every form and page of the claim,
// the owner's page and the admin's claims and owner edits. Every input must get the right status,
// the form's own words, and — when refused — leave every table and the uploads folder as they were.

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const KB8 = "a".repeat(8 * 1024);
/** What a one-line field says of a line break or an invisible control character in it. */
const ONE_LINE = (label: string) =>
  `${label} must be one line of text, without line breaks, tabs or invisible control characters.`;

/** What the hostile websites answer, by path; and the DNS answers of the hostile domains. */
const pages = new Map<string, (res: ServerResponse) => void>();
const neighbourPages = new Map<string, (res: ServerResponse) => void>();
const serve = (table: Map<string, (res: ServerResponse) => void>) => (req: { url?: string }, res: ServerResponse) =>
  (table.get(req.url ?? "/") ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);

let smtp: LocalSmtp;
let hostileSite: LocalServer;
let neighbour: LocalServer;
let dns: FakeDns;
beforeAll(async () => {
  smtp = await startLocalSmtp();
  hostileSite = await listenLocal(serve(pages));
  neighbour = await listenLocal(serve(neighbourPages));
  dns = await startFakeDns();
});
afterAll(async () => {
  await smtp?.close();
  await hostileSite?.close();
  await neighbour?.close();
  await dns?.close();
  console.log(`hostile claim inputs sent: ${inputsSent()} (${testEngine()})`);
});

/** Limits no flood reaches; scheduled work off; claimed websites on a closed local port and on hostile local sites; a hostile DNS server. */
function floodConfig(config: Config) {
  floodLimits(config);
  config.mail = { ...config.mail, smtpUrl: smtp.url, retries: 0 };
  config.outboundAllow = ["127.0.0.1:9", `127.0.0.1:${hostileSite.port}`, `127.0.0.1:${neighbour.port}`];
  config.dns = { servers: [dns.server], timeoutMs: 1000 };
}

describe("hostile inputs to claims", () => {
  const getServer = useTestServer({ configure: floodConfig });
  const flood = runner(getServer);
  let s: TestServer;
  let seeded: Seeded;
  let f: Files;
  let site: Record<string, string>;
  let admin: Record<string, string>;
  const claimed = makeTool({ name: "Hostile Claimed", websiteUrl: "https://hostile-claimed.example" });
  const local = makeTool({ name: "Hostile Local", websiteUrl: "http://127.0.0.1:9/" });
  const onSubdomain = makeTool({ name: "Hostile App", websiteUrl: "https://app.hostile-app.example/" });
  const tenant = makeTool({ name: "Hostile Tenant", websiteUrl: "https://hostile-tenant.github.io/" });
  const university = makeTool({ name: "Hostile Campus Tool", websiteUrl: "https://tool.cs.hostile-university.edu/" });
  const ownerToken = "o".repeat(40) + "wnr";
  const coOwnerToken = "c".repeat(40) + "own";
  let ownerClaim: string;
  let waitingEdit: string;
  let replacedEdit: string;
  const websiteSecret = "w".repeat(40) + "sec";

  beforeAll(async () => {
    s = getServer();
    seeded = await seed(s);
    f = await files();
    site = { ...BROWSER, Origin: s.url };
    admin = { ...site, Cookie: seeded.cookie };
    await addTools(s.services, [claimed, local, onSubdomain, tenant, university]);
    const now = s.services.now();
    const claim = async (values: {
      tool_id: string;
      method: "email" | "website";
      email: string | null;
      domain: string;
      site_code: string | null;
      secret_hash: string | null;
      owner_token_hash: string | null;
      status: "pending" | "verified";
    }) => {
      const id = newId();
      await s.services.database.db
        .insertInto("tool_claims")
        .values({
          id,
          ...values,
          expires_at: now + 3_600_000,
          created_at: now,
          verified_at: values.status === "verified" ? now : null,
          revoked_at: null,
        })
        .execute();
      return id;
    };
    ownerClaim = await claim({
      tool_id: claimed.id,
      method: "email",
      email: "owner@hostile-claimed.example",
      domain: "hostile-claimed.example",
      site_code: null,
      secret_hash: null,
      owner_token_hash: hashToken(ownerToken),
      status: "verified",
    });
    // A co-owner, proven by the website, whose own edit waits; and one of theirs that a newer one replaced.
    const coOwnerClaim = await claim({
      tool_id: claimed.id,
      method: "website",
      email: null,
      domain: "hostile-claimed.example",
      site_code: null,
      secret_hash: null,
      owner_token_hash: hashToken(coOwnerToken),
      status: "verified",
    });
    const edit = async (status: "pending" | "replaced", tagline: string) => {
      const id = newId();
      await s.services.database.db
        .insertInto("owner_edits")
        .values({
          id,
          tool_id: claimed.id,
          claim_id: coOwnerClaim,
          status,
          content: JSON.stringify({ tagline }),
          logo_key: null,
          logo_url: null,
          reason: null,
          created_at: now,
          decided_at: status === "pending" ? null : now,
        })
        .execute();
      return id;
    };
    replacedEdit = await edit("replaced", "The co-owner's first tagline");
    waitingEdit = await edit("pending", "The co-owner's waiting tagline");
    await claim({
      tool_id: local.id,
      method: "website",
      email: null,
      domain: "127.0.0.1",
      site_code: `toolshelf-${"c".repeat(32)}`,
      secret_hash: hashToken(websiteSecret),
      owner_token_hash: null,
      status: "pending",
    });
  });

  const expectNoProblems = (cases: HostileCase[]) => expectHarnessProblems(flood, cases);

  it("refuses hostile claim posts with the form's own words and writes nothing", async () => {
    const claim = (pairs: [string, string][], headers = site, slug = claimed.slug) =>
      post(`/claim/${slug}`, urlencoded(pairs), FORM, headers);
    const email = (address: string) =>
      claim([
        ["intent", "email"],
        ["email", address],
      ]);
    const cases: HostileCase[] = [
      {
        name: "claim: GET an unknown tool",
        request: get("/claim/no-such-tool"),
        expect: refusedPage("nothing to claim", 404),
      },
      {
        name: "claim: GET a pending tool",
        request: get(`/claim/${seeded.pending.slug}`),
        expect: refusedPage("nothing to claim", 404),
      },
      {
        name: "claim: GET a rejected tool",
        request: get(`/claim/${seeded.rejected.slug}`),
        expect: refusedPage("nothing to claim", 404),
      },
      {
        name: "claim: GET a key of 8 KB",
        request: get(`/claim/${KB8}`),
        expect: { reader: "page", status: [404, 414, 431], message: /./ },
      },
      {
        name: "claim: GET with a made-up confirmation",
        request: get(`/claim/${claimed.slug}?confirm=${"z".repeat(43)}`),
        expect: { reader: "page", status: 200, layout: true, message: "has expired or has been used already" },
      },
      {
        name: "claim: GET with a confirmation of 8 KB",
        request: get(`/claim/${claimed.slug}?confirm=${KB8}`),
        expect: { reader: "page", status: 200, layout: true, message: "has expired or has been used already" },
      },
      {
        name: "claim: GET with a made-up website claim",
        request: get(`/claim/${claimed.slug}?claim=${"z".repeat(43)}`),
        expect: {
          reader: "page",
          status: 200,
          layout: true,
          message: "This claim has expired or has been verified already.",
        },
      },
      {
        name: "claim: GET with a script as the claim",
        request: get(`/claim/${claimed.slug}?claim=%3Cscript%3Ealert(1)%3C/script%3E`),
        expect: { reader: "page", status: 200, layout: true, message: "This claim has expired" },
      },
      {
        name: "claim: post to an unknown tool",
        request: claim([["intent", "website"]], site, "no-such-tool"),
        expect: refusedPage("nothing to claim", 404),
      },
      {
        name: "claim: post to a pending tool",
        request: claim(
          [
            ["intent", "email"],
            ["email", "a@example.com"],
          ],
          site,
          seeded.pending.slug,
        ),
        expect: refusedPage("nothing to claim", 404),
      },
      ...["", "EMAIL", "__proto__", "constructor", "website ", "delete", "email\u200b"].map((intent) => ({
        name: `claim: intent ${JSON.stringify(intent)}`,
        request: claim([
          ["intent", intent],
          ["email", "a@hostile-claimed.example"],
        ]),
        expect: refusedPage("The request could not be understood. Please use the forms on this page."),
      })),
      {
        name: "claim: no intent",
        request: claim([["email", "a@hostile-claimed.example"]]),
        expect: refusedPage("The request could not be understood"),
      },
      {
        name: "claim: intent twice",
        request: claim([
          ["intent", "email"],
          ["intent", "website"],
          ["email", "a@hostile-claimed.example"],
        ]),
        expect: refusedPage("The request could not be understood"),
      },
      {
        name: "claim: no address",
        request: claim([["intent", "email"]]),
        expect: refusedPage("Please enter your e-mail address."),
      },
      { name: "claim: empty address", request: email("   "), expect: refusedPage("Please enter your e-mail address.") },
      ...[
        "a@",
        "@hostile-claimed.example",
        "a b@hostile-claimed.example",
        "<script>@hostile-claimed.example",
        "a@hostile-claimed..example",
        "'; drop table tool_claims; --",
      ].map((address) => ({
        name: `claim: address ${JSON.stringify(address)}`,
        request: email(address),
        expect: refusedPage("Please enter a valid e-mail address."),
      })),
      {
        name: "claim: address with an RTL override",
        request: email("\u202Ea@hostile-claimed.example"),
        expect: refusedPage("Please enter a valid e-mail address."),
      },
      {
        name: "claim: address at an internationalised domain other than the site's",
        request: email("a@example.xn--p1ai"),
        expect: refusedPage("Please use an address at hostile-claimed.example"),
      },
      {
        name: "claim: address with a Bcc header",
        request: email("a@hostile-claimed.example\r\nBcc: victim@example.com"),
        expect: refusedPage("Please enter a valid e-mail address."),
      },
      {
        name: "claim: address of 255 characters",
        request: email(`${"a".repeat(231)}@hostile-claimed.example`),
        expect: refusedPage("The e-mail address is too long."),
      },
      {
        name: "claim: address twice",
        request: claim([
          ["intent", "email"],
          ["email", "a@hostile-claimed.example"],
          ["email", "b@hostile-claimed.example"],
        ]),
        expect: refusedPage("Please enter one e-mail address."),
      },
      {
        name: "claim: address at another domain",
        request: email("a@evil.example"),
        expect: refusedPage("Please use an address at hostile-claimed.example"),
      },
      {
        name: "claim: address at a look-alike domain",
        request: email("a@hostile-claimed.example.evil.example"),
        expect: refusedPage("Please use an address at hostile-claimed.example"),
      },
      {
        name: "claim: address at a suffix of the domain",
        request: email("a@example"),
        expect: refusedPage(/valid e-mail address|Please use an address at/),
      },
      {
        name: "claim: address at the domain's parent suffix",
        request: email("a@claimed.example"),
        expect: refusedPage("Please use an address at hostile-claimed.example"),
      },
      ...[
        "a@boards.hostile-claimed.example",
        "admin@boards.hostile-claimed.example",
        "support@anyone.www.hostile-claimed.example",
        "a@x.y.hostile-claimed.example",
      ].map((address) => ({
        name: `claim: address at a deeper subdomain ${JSON.stringify(address)}`,
        request: email(address),
        expect: refusedPage("Please use an address at hostile-claimed.example itself (not at a subdomain of it)"),
      })),
      ...[
        "support@hostile-app.example",
        "admin+claims@hostile-app.example",
        "admin.@hostile-app.example",
        "root@hostile-app.example",
        "admin@mail.hostile-app.example",
        "admin@x.app.hostile-app.example",
      ].map((address) => ({
        name: `claim: not a role mailbox of the registered domain ${JSON.stringify(address)}`,
        request: claim(
          [
            ["intent", "email"],
            ["email", address],
          ],
          site,
          onSubdomain.slug,
        ),
        expect: refusedPage(
          /valid e-mail address|Please use an address at app\.hostile-app\.example itself, or admin@hostile-app\.example, administrator@hostile-app\.example, webmaster@hostile-app\.example, hostmaster@hostile-app\.example or postmaster@hostile-app\.example/,
        ),
      })),
      ...["admin@github.io", "admin@evil.github.io", "a@github.io"].map((address) => ({
        name: `claim: another tenant of a shared host ${JSON.stringify(address)}`,
        request: claim(
          [
            ["intent", "email"],
            ["email", address],
          ],
          site,
          tenant.slug,
        ),
        expect: refusedPage("Please use an address at hostile-tenant.github.io itself (not at a subdomain of it)"),
      })),
      ...[
        "student@cs.hostile-university.edu",
        "student@hostile-university.edu",
        "admin@cs.hostile-university.edu",
        "admin@edu",
      ].map((address) => ({
        name: `claim: a university's address that is not the tool's ${JSON.stringify(address)}`,
        request: claim(
          [
            ["intent", "email"],
            ["email", address],
          ],
          site,
          university.slug,
        ),
        expect: refusedPage(
          /valid e-mail address|Please use an address at tool\.cs\.hostile-university\.edu itself, or admin@hostile-university\.edu/,
        ),
      })),
      ...[
        '"admin"@hostile-app.example',
        "admin@hostile-app.example.",
        "admin@[127.0.0.1]",
        "admin@hostile-аpp.example",
        "admin%hostile-app.example@evil.example",
      ].map((address) => ({
        name: `claim: a disguised role address ${JSON.stringify(address)}`,
        request: claim(
          [
            ["intent", "email"],
            ["email", address],
          ],
          site,
          onSubdomain.slug,
        ),
        expect: refusedPage(/valid e-mail address|Please use an address at app\.hostile-app\.example itself/),
      })),
      {
        name: "claim: by e-mail for a website on an address",
        request: claim(
          [
            ["intent", "email"],
            ["email", "a@127.0.0.1"],
          ],
          site,
          local.slug,
        ),
        expect: refusedPage(/valid e-mail address|no domain name/),
      },
      {
        name: "claim: address with a NUL",
        request: email("a@hostile-claimed.example\u0000"),
        expect: refusedPage(/cannot be used \(NUL\)/),
      },
      {
        name: "claim: verify without a claim",
        request: claim([["intent", "verify"]]),
        expect: refusedPage("This link is incomplete."),
      },
      {
        name: "claim: verify with an 8 KB claim",
        request: claim([
          ["intent", "verify"],
          ["claim", KB8],
        ]),
        expect: refusedPage("This link is incomplete."),
      },
      {
        name: "claim: verify with a script as the claim",
        request: claim([
          ["intent", "verify"],
          ["claim", "<script>alert(1)</script>"],
        ]),
        expect: refusedPage("This link is incomplete."),
      },
      {
        name: "claim: verify a made-up claim",
        request: claim([
          ["intent", "verify"],
          ["claim", "z".repeat(43)],
        ]),
        expect: refusedPage("This claim has expired or has been verified already.", 410),
      },
      {
        name: "claim: verify another tool's claim",
        request: claim([
          ["intent", "verify"],
          ["claim", websiteSecret],
        ]),
        expect: refusedPage("This claim has expired or has been verified already.", 410),
      },
      {
        name: "claim: confirm without a token",
        request: claim([["intent", "confirm"]]),
        expect: refusedPage("This link is incomplete."),
      },
      {
        name: "claim: confirm a made-up token",
        request: claim([
          ["intent", "confirm"],
          ["token", "z".repeat(43)],
        ]),
        expect: refusedPage("This confirmation link has expired or has been used already.", 410),
      },
      {
        name: "claim: confirm with a website secret",
        request: claim(
          [
            ["intent", "confirm"],
            ["token", websiteSecret],
          ],
          site,
          local.slug,
        ),
        expect: refusedPage("This confirmation link has expired or has been used already.", 410),
      },
      {
        name: "claim: confirm tokens twice",
        request: claim([
          ["intent", "confirm"],
          ["token", "z".repeat(43)],
          ["token", "y".repeat(43)],
        ]),
        expect: refusedPage("This link is incomplete."),
      },
      {
        name: "claim: new owner link for a bad address",
        request: claim([
          ["intent", "owner-link"],
          ["email", "nope"],
        ]),
        expect: refusedPage("Please enter a valid e-mail address."),
      },
      {
        name: "claim: new owner link for a stranger",
        request: claim([
          ["intent", "owner-link"],
          ["email", "eve@evil.example"],
        ]),
        expect: { reader: "page", status: 200, layout: true, message: "If eve@evil.example owns this listing" },
      },
      {
        name: "claim: JSON body",
        request: post(
          `/claim/${claimed.slug}`,
          JSON.stringify({ intent: "email", email: "a@hostile-claimed.example" }),
          JSON_TYPE,
          site,
        ),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "claim: text/plain",
        request: post(`/claim/${claimed.slug}`, "intent=email", "text/plain", site),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "claim: multipart without a boundary",
        request: post(`/claim/${claimed.slug}`, "x", "multipart/form-data", site),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "claim: body of 300 KB",
        request: claim([
          ["intent", "email"],
          ["email", "a@hostile-claimed.example"],
          ["pad", "x".repeat(300 * 1024)],
        ]),
        expect: { reader: "page", status: 413, message: "too large" },
      },
      {
        name: "claim: another site's Origin",
        request: claim([["intent", "website"]], { ...BROWSER, Origin: "https://evil.example" }),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
      {
        name: "claim: data URL, bad intent",
        request: post(`/claim/${claimed.slug}.data`, "intent=nope", FORM, site),
        expect: { reader: "data", status: 400 },
      },
      {
        name: "claim: data URL, JSON",
        request: post(`/claim/${claimed.slug}.data`, "{", JSON_TYPE, site),
        expect: { reader: "data", status: 400 },
      },
      // Last: a check of the website that fails is logged by design (the audit log of failed verifications).
      {
        name: "claim: verify a website that does not answer",
        request: claim(
          [
            ["intent", "verify"],
            ["claim", websiteSecret],
          ],
          site,
          local.slug,
        ),
        expect: { ...refusedPage("We did not find your code on 127.0.0.1", 422), records: ["audit_log"] },
      },
    ];
    await expectNoProblems(cases);
  });

  it("refuses hostile owner pages and edits with the form's own words and writes nothing", async () => {
    const fields: Record<string, string | string[]> = {
      name: claimed.name,
      tagline: claimed.tagline,
      description: claimed.description,
      categories: claimed.categories,
      tags: claimed.tags.join(", "),
      platforms: claimed.platforms,
      pricingModel: claimed.pricingModel ?? "",
      pricingDetails: claimed.pricingDetails,
      features: claimed.features.join(", "),
      useCases: claimed.useCases.join(", "),
      integrations: claimed.integrations.join(", "),
      targetAudience: claimed.targetAudience.join(", "),
    };
    const parts = (change: Record<string, string | string[] | undefined> = {}, logo: Part | null = null): Part[] => {
      const merged = { ...fields, ...change };
      const list: Part[] = [];
      for (const [name, value] of Object.entries(merged)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) list.push({ name, value: item });
      }
      return logo ? [...list, logo] : list;
    };
    const edit = (body: Buffer | string, type: string | null = MULTIPART, headers = site, token = ownerToken) =>
      post(`/owner/${token}`, body, type, headers);
    const withParts = (change: Record<string, string | string[] | undefined> = {}, logo: Part | null = null) =>
      edit(multipartBody(parts(change, logo)));
    const gone = refusedPage("This owner link does not work", 404);
    const cases: HostileCase[] = [
      { name: "owner: GET a made-up link", request: get(`/owner/${"z".repeat(43)}`), expect: gone },
      {
        name: "owner: GET a link of 8 KB",
        request: get(`/owner/${KB8}`),
        expect: { reader: "page", status: [404, 414, 431], message: /./ },
      },
      {
        name: "owner: GET a script as the link",
        request: get("/owner/%3Cscript%3Ealert(1)%3C%2Fscript%3E"),
        expect: gone,
      },
      { name: "owner: GET the hash of a link", request: get(`/owner/${hashToken(ownerToken)}`), expect: gone },
      {
        name: "owner: post to a made-up link",
        request: edit(multipartBody(parts({ tagline: "Hijacked" })), MULTIPART, site, "z".repeat(43)),
        expect: gone,
      },
      { name: "owner: nothing changed", request: withParts(), expect: refusedPage("Nothing was changed") },
      {
        name: "owner: only the website changed (not the owner's to change)",
        request: withParts({ websiteUrl: "https://evil.example" }),
        expect: refusedPage("Nothing was changed"),
      },
      {
        name: "owner: status and slug posted",
        request: withParts({ status: "verified", slug: "hijack", id: seeded.approved.id }),
        expect: refusedPage("Nothing was changed"),
      },
      { name: "owner: empty name", request: withParts({ name: "" }), expect: refusedPage("Name is required.") },
      {
        name: "owner: name of 81 characters",
        request: withParts({ name: "n".repeat(81) }),
        expect: refusedPage("Name must be at most 80 characters."),
      },
      {
        name: "owner: no tagline",
        request: withParts({ tagline: undefined }),
        expect: refusedPage("Tagline is required."),
      },
      {
        name: "owner: tagline of 161 characters",
        request: withParts({ tagline: "t".repeat(161) }),
        expect: refusedPage("Tagline must be at most 160 characters."),
      },
      {
        name: "owner: description of 5,001 characters",
        request: withParts({ description: "d".repeat(5001) }),
        expect: refusedPage("Description must be at most 5,000 characters."),
      },
      {
        name: "owner: no category",
        request: withParts({ categories: undefined }),
        expect: refusedPage("Please select at least one category."),
      },
      {
        name: "owner: unknown category",
        request: withParts({ categories: ["productivity", "weapons"] }),
        expect: refusedPage("Please choose categories from the list."),
      },
      {
        name: "owner: six categories",
        request: withParts({ categories: ["ai", "design", "finance", "health", "security", "social"] }),
        expect: refusedPage("Please choose at most 5 categories."),
      },
      {
        name: "owner: unknown platform",
        request: withParts({ platforms: "Amiga" }),
        expect: refusedPage("Please choose platforms from the list."),
      },
      {
        name: "owner: unknown pricing model",
        request: withParts({ pricingModel: "Pay what you want" }),
        expect: refusedPage("Please choose a pricing model from the list."),
      },
      {
        name: "owner: 21 features",
        request: withParts({ features: Array.from({ length: 21 }, (_, i) => `f${i}`).join(", ") }),
        expect: refusedPage("Features: at most 20 items."),
      },
      {
        name: "owner: 11 tags",
        request: withParts({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(", ") }),
        expect: refusedPage("Tags: at most 10 items."),
      },
      {
        name: "owner: name with a NUL",
        request: withParts({ name: "Hostile\u0000Claimed" }),
        expect: refusedPage(/could not be read/i),
      },
      {
        name: "owner: name with CRLF",
        request: withParts({ name: "Hostile\r\nClaimed" }),
        expect: refusedPage(ONE_LINE("Name")),
      },
      {
        name: "owner: name with an RTL override",
        request: withParts({ name: "\u202Edemialc" }),
        expect: refusedPage(ONE_LINE("Name")),
      },
      {
        name: "owner: tagline with a line separator",
        request: withParts({ tagline: "New\u2028line" }),
        expect: refusedPage(ONE_LINE("Tagline")),
      },
      {
        name: "owner: a feature with a zero-width space",
        request: withParts({ features: "Fast, Sa\u200Bfe" }),
        expect: refusedPage(ONE_LINE("Each item of features")),
      },
      {
        name: "owner: SVG logo",
        request: withParts({ tagline: "New" }, logoPart(f.svg, "logo.svg", "image/svg+xml")),
        expect: refusedPage("SVG images are not accepted"),
      },
      {
        name: "owner: GIF polyglot logo",
        request: withParts({ tagline: "New" }, logoPart(f.gifPolyglot, "logo.png")),
        expect: refusedPage("GIF images are not accepted"),
      },
      {
        name: "owner: HTML as a PNG logo",
        request: withParts({ tagline: "New" }, logoPart(f.html, "logo.png")),
        expect: refusedPage("Only PNG, JPEG and WebP images are accepted."),
      },
      {
        name: "owner: truncated PNG logo",
        request: withParts({ tagline: "New" }, logoPart(f.truncatedPng)),
        expect: refusedPage("Logo upload failed"),
      },
      {
        name: "owner: pixel bomb logo",
        request: withParts({ tagline: "New" }, logoPart(f.pngBomb)),
        expect: refusedPage("too many pixels"),
      },
      {
        name: "owner: logo over 5 MB",
        request: withParts({ tagline: "New" }, logoPart(f.justOverLogoLimit)),
        expect: refusedPage("The file is larger than 5 MB", 413),
      },
      {
        name: "owner: body of 6 MB",
        request: withParts({ tagline: "New" }, logoPart(f.sixMegabytes)),
        expect: { reader: "page", status: 413, message: /larger than 5 MB|too large/i },
      },
      {
        name: "owner: multipart without a boundary",
        request: edit(multipartBody(parts({ tagline: "New" })), "multipart/form-data"),
        expect: refusedPage("The form could not be read."),
      },
      {
        name: "owner: multipart never closed",
        request: edit(multipartBody(parts({ tagline: "New" }), { close: false })),
        expect: refusedPage("The form could not be read."),
      },
      {
        name: "owner: garbage after the boundary",
        request: edit(Buffer.from(`--${BOUNDARY}\r\n\u0000\u0001garbage`)),
        expect: refusedPage("The form could not be read."),
      },
      {
        name: "owner: JSON body",
        request: edit(JSON.stringify({ ...fields, tagline: "New" }), JSON_TYPE),
        expect: refusedPage("The form could not be read."),
      },
      {
        name: "owner: URL-encoded, nothing changed",
        request: edit(
          urlencoded(
            Object.entries(fields).flatMap(([k, v]) =>
              Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]],
            ),
          ),
          FORM,
        ),
        expect: refusedPage("Nothing was changed"),
      },
      {
        name: "owner: another site's Origin",
        request: edit(multipartBody(parts({ tagline: "New" })), MULTIPART, {
          ...BROWSER,
          Origin: "https://evil.example",
        }),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
      {
        name: "owner: data URL, JSON",
        request: post(`/owner/${ownerToken}.data`, "{", JSON_TYPE, site),
        expect: { reader: "data", status: 400 },
      },
    ];
    await expectNoProblems(cases);
  });

  it("keeps co-owners' edits apart whatever an owner posts", async () => {
    const form = (extra: [string, string][]): [string, string][] => [
      ["name", claimed.name],
      ["tagline", "The owner's own tagline"],
      ["description", claimed.description],
      ...claimed.categories.map((c): [string, string] => ["categories", c]),
      ["tags", claimed.tags.join(", ")],
      ...claimed.platforms.map((p): [string, string] => ["platforms", p]),
      ["pricingModel", claimed.pricingModel ?? ""],
      ["pricingDetails", claimed.pricingDetails],
      ["features", claimed.features.join(", ")],
      ["useCases", claimed.useCases.join(", ")],
      ["integrations", claimed.integrations.join(", ")],
      ["targetAudience", claimed.targetAudience.join(", ")],
      ...extra,
    ];
    const edit = (extra: [string, string][]) => post(`/owner/${ownerToken}`, urlencoded(form(extra)), FORM, site);
    const saved: Expect = {
      reader: "page",
      status: 303,
      location: `/owner/${ownerToken}?sent=1`,
      writes: ["owner_edits", "audit_log"],
    };
    const cases: HostileCase[] = [
      {
        name: "co-owner: the other owner's edit named as this one's",
        request: edit([
          ["id", waitingEdit],
          ["editId", waitingEdit],
        ]),
        expect: saved,
      },
      {
        name: "co-owner: the other owner's claim named as this one's",
        request: edit([
          ["claimId", "x"],
          ["claim_id", "x"],
          ["owner", "website hostile-claimed.example"],
        ]),
        expect: saved,
      },
      {
        name: "co-owner: status and decision fields",
        request: edit([
          ["status", "approved"],
          ["intent", "owner-approve"],
          ["replaced", "true"],
        ]),
        expect: saved,
      },
      {
        name: "co-owner: GET the owner page",
        request: get(`/owner/${ownerToken}`),
        expect: {
          reader: "page",
          status: 200,
          layout: true,
          message: /Waiting for review Changes sent on .*: Tagline\./,
        },
      },
      {
        name: "co-owner: approve a replaced edit",
        request: post(
          "/admin/moderation",
          urlencoded([
            ["intent", "owner-approve"],
            ["id", replacedEdit],
          ]),
          FORM,
          admin,
        ),
        expect: refusedPage("That edit was decided already", 404),
      },
      {
        name: "co-owner: reject a replaced edit",
        request: post(
          "/admin/moderation",
          urlencoded([
            ["intent", "owner-reject"],
            ["id", replacedEdit],
          ]),
          FORM,
          admin,
        ),
        expect: refusedPage("That edit was decided already", 404),
      },
    ];
    await expectNoProblems(cases);
    const { db } = s.services.database;
    // The other owner's edit waits as it was; this owner has one edit waiting, their own.
    const waiting = await db
      .selectFrom("owner_edits")
      .select(["id", "claim_id", "content"])
      .where("tool_id", "=", claimed.id)
      .where("status", "=", "pending")
      .orderBy("claim_id")
      .execute();
    expect(waiting).toHaveLength(2);
    expect(waiting.find((e) => e.id === waitingEdit)?.content).toBe(
      JSON.stringify({ tagline: "The co-owner's waiting tagline" }),
    );
    expect(waiting.filter((e) => e.claim_id === ownerClaim).map((e) => JSON.parse(e.content) as unknown)).toEqual([
      { tagline: "The owner's own tagline" },
    ]);
    const page = await fetch(`${s.url}/owner/${ownerToken}`, { headers: BROWSER }).then((r) => r.text());
    expect(page).not.toContain("waiting tagline");
    const coOwnerPage = await fetch(`${s.url}/owner/${coOwnerToken}`, { headers: BROWSER }).then((r) => r.text());
    expect(coOwnerPage).not.toContain("own tagline");
  });

  it("refuses hostile admin posts about claims and owners' edits", async () => {
    const revoke = (pairs: [string, string][], headers = admin) =>
      post("/admin/claims", urlencoded(pairs), FORM, headers);
    const moderate = (pairs: [string, string][]) => post("/admin/moderation", urlencoded(pairs), FORM, admin);
    const cases: HostileCase[] = [
      {
        name: "claims: no intent",
        request: revoke([["id", "abc"]]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "claims: intent delete",
        request: revoke([
          ["intent", "delete"],
          ["id", "abc"],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "claims: no id",
        request: revoke([["intent", "revoke"]]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "claims: id of 8 KB",
        request: revoke([
          ["intent", "revoke"],
          ["id", KB8],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "claims: SQL as the id",
        request: revoke([
          ["intent", "revoke"],
          ["id", "' OR 1=1 --"],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "claims: ids twice",
        request: revoke([
          ["intent", "revoke"],
          ["id", "abc"],
          ["id", "def"],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "claims: unknown claim",
        request: revoke([
          ["intent", "revoke"],
          ["id", "nosuchclaim"],
        ]),
        expect: refusedPage("Nothing to revoke", 404),
      },
      {
        name: "claims: JSON body",
        request: post("/admin/claims", JSON.stringify({ intent: "revoke", id: "x" }), JSON_TYPE, admin),
        expect: refusedPage(/could not be read/i),
      },
      {
        name: "claims: without a session",
        request: revoke(
          [
            ["intent", "revoke"],
            ["id", "abc"],
          ],
          site,
        ),
        expect: { reader: "page", status: 401, message: "Admin Login" },
      },
      {
        name: "claims: another site's Origin",
        request: revoke(
          [
            ["intent", "revoke"],
            ["id", "abc"],
          ],
          { ...admin, Origin: "https://evil.example" },
        ),
        expect: { reader: "page", status: [400, 403], message: /this site/i },
      },
      {
        name: "claims: page 0",
        request: get("/admin/claims?page=0", { ...BROWSER, Cookie: seeded.cookie }),
        expect: refusedPage("No such page of claims.", 404),
      },
      {
        name: "owner edits: approve without an id",
        request: moderate([["intent", "owner-approve"]]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "owner edits: approve an 8 KB id",
        request: moderate([
          ["intent", "owner-approve"],
          ["id", KB8],
        ]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "owner edits: approve an unknown edit",
        request: moderate([
          ["intent", "owner-approve"],
          ["id", "nosuchedit"],
        ]),
        expect: refusedPage("That edit was decided already, or its listing is gone.", 404),
      },
      {
        name: "owner edits: reject an unknown edit",
        request: moderate([
          ["intent", "owner-reject"],
          ["id", "nosuchedit"],
          ["reason", "<script>alert(1)</script>"],
        ]),
        expect: refusedPage("That edit was decided already", 404),
      },
      {
        name: "owner edits: reason of 501 characters",
        request: moderate([
          ["intent", "owner-reject"],
          ["id", "nosuchedit"],
          ["reason", "r".repeat(501)],
        ]),
        expect: refusedPage("The reason must be at most 500 characters."),
      },
      {
        name: "owner edits: ids twice",
        request: moderate([
          ["intent", "owner-approve"],
          ["id", "a"],
          ["id", "b"],
        ]),
        expect: refusedPage(),
      },
    ];
    await expectNoProblems(cases);
  });

  it("judges hostile websites and DNS answers with plain words, quickly, and writes only the failed attempt", async () => {
    const size = 512 * 1024;
    const body = (text: string) => (res: ServerResponse) =>
      res.writeHead(200, { "content-type": "text/html" }).end(text);
    const to = (location: string) => (res: ServerResponse) => res.writeHead(302, { location }).end();
    const fill = (unit: string, prefix: string) => (prefix + unit.repeat(Math.ceil(size / unit.length))).slice(0, size);
    const code = `toolshelf-${"d".repeat(32)}`;
    const tag = `<meta name="toolshelf-verification" content="${code}">`;
    pages.set("/name-run", body(`${fill("a", "<head><meta ").slice(0, size - 1)}>`));
    pages.set("/metas", body(fill("<meta ", "<head>")));
    pages.set(
      "/attributes",
      body(`<head><meta ${Array.from({ length: size / 4 }, (_, i) => i.toString(36)).join(" ")}`.slice(0, size)),
    );
    pages.set("/templates", body(fill("<template>", "<head>")));
    pages.set("/noscripts", body(fill("<noscript></noscrip", "<head>")));
    pages.set("/binary", body(randomBytes(size).toString("latin1")));
    pages.set(
      "/hidden",
      body(
        `<head><title>${tag}</title><noscript>${tag}</noscript><!-- ${tag} --><meta name="x" content='${tag}'></head><body>${tag}</body>`,
      ),
    );
    pages.set("/after-64kb", body(`<head><script>${"x".repeat(64 * 1024)}</script>${tag}</head>`));
    pages.set("/neighbour", to(`${neighbour.url}/`));
    neighbourPages.set("/", body(`<head>${tag}</head>`));
    pages.set("/internal", to("http://localhost:5432/"));
    pages.set("/metadata", to("http://169.254.169.254/latest/meta-data/"));
    pages.set("/loop", to("/loop"));
    const dnsName = (label: string) => `_toolshelf-verification.${label}.hostile-dns.example`;
    dns.answers.set(dnsName("servfail"), { rcode: 2 });
    dns.answers.set(dnsName("refused"), { rcode: 5 });
    dns.answers.set(dnsName("silent"), { silent: true });
    dns.answers.set(dnsName("many"), {
      txt: Array.from({ length: 300 }, (_, i) => [`record ${i} ${"x".repeat(100)}`]),
    });
    dns.answers.set(dnsName("binary"), { txt: [[randomBytes(255)], [Buffer.from([0, 0xff, 0xfe])]] });
    dns.answers.set(dnsName("near-miss"), { txt: [[`${code}x`], [`x${code}`], [`toolshelf-verification=${code}`]] });
    dns.answers.set(dnsName("garbage"), { raw: (query) => Buffer.concat([query.subarray(0, 2), randomBytes(64)]) });
    dns.answers.set("_toolshelf-verification.other.hostile-dns.example", { txt: [[code]] });

    const cases: HostileCase[] = [];
    const verifyAt = async (name: string, websiteUrl: string, message: string | RegExp) => {
      const tool = makeTool({ name: `Hostile Proof ${name}`, websiteUrl });
      await addTools(s.services, [tool]);
      const secret = randomBytes(32).toString("base64url");
      const now = s.services.now();
      await s.services.database.db
        .insertInto("tool_claims")
        .values({
          id: newId(),
          tool_id: tool.id,
          method: "website",
          email: null,
          domain: new URL(websiteUrl).hostname,
          site_code: code,
          secret_hash: hashToken(secret),
          owner_token_hash: null,
          status: "pending",
          expires_at: now + 3_600_000,
          created_at: now,
          verified_at: null,
          revoked_at: null,
        })
        .execute();
      const request = post(
        `/claim/${tool.slug}?claim=${secret}`,
        urlencoded([
          ["intent", "verify"],
          ["claim", secret],
        ]),
        FORM,
        site,
      );
      cases.push({
        name: `verify: ${name}`,
        request,
        expect: { ...refusedPage(message, 422), records: ["audit_log"] },
      });
    };
    const home = (path: string) => `${hostileSite.url}${path}`;
    const noTag = "the code is not there: no toolshelf-verification meta tag in its head.";
    const unreached = /Meta tag \([^)]*\): it could not be reached, or it redirected to an address we do not fetch\./;
    await verifyAt(
      "a run of name characters in one meta tag",
      home("/name-run"),
      `Meta tag (${home("/name-run")}): ${noTag}`,
    );
    await verifyAt("512 KB of unclosed meta tags", home("/metas"), noTag);
    await verifyAt("a meta tag of distinct attributes", home("/attributes"), noTag);
    await verifyAt("nested templates", home("/templates"), noTag);
    await verifyAt("unclosed noscripts", home("/noscripts"), noTag);
    await verifyAt("512 KB of random bytes", home("/binary"), noTag);
    await verifyAt("the code where a browser does not read it", home("/hidden"), noTag);
    await verifyAt("the code after 64 KB", home("/after-64kb"), noTag);
    await verifyAt(
      "a redirect to another port of the address",
      home("/neighbour"),
      `it redirected to ${neighbour.url}, which is not the listed website.`,
    );
    await verifyAt("a redirect to an internal name", home("/internal"), unreached);
    await verifyAt("a redirect to the cloud's metadata", home("/metadata"), unreached);
    await verifyAt("a redirect loop", home("/loop"), "it redirected more than 3 times.");
    await verifyAt(
      "DNS: SERVFAIL",
      "https://servfail.hostile-dns.example/",
      `DNS TXT record (${dnsName("servfail")}): the DNS lookup failed.`,
    );
    await verifyAt(
      "DNS: REFUSED",
      "https://refused.hostile-dns.example/",
      `DNS TXT record (${dnsName("refused")}): the DNS lookup failed.`,
    );
    await verifyAt(
      "DNS: no answer",
      "https://silent.hostile-dns.example/",
      `DNS TXT record (${dnsName("silent")}): the DNS did not answer within a second.`,
    );
    await verifyAt(
      "DNS: 300 records over TCP",
      "https://many.hostile-dns.example/",
      `DNS TXT record (${dnsName("many")}): the code is not there: none of its 300 TXT records is the code.`,
    );
    await verifyAt(
      "DNS: binary records",
      "https://binary.hostile-dns.example/",
      `DNS TXT record (${dnsName("binary")}): the code is not there: none of its 2 TXT records is the code.`,
    );
    await verifyAt(
      "DNS: near misses",
      "https://near-miss.hostile-dns.example/",
      `DNS TXT record (${dnsName("near-miss")}): the code is not there: none of its 3 TXT records is the code.`,
    );
    await verifyAt(
      "DNS: a garbled answer",
      "https://garbage.hostile-dns.example/",
      `DNS TXT record (${dnsName("garbage")}): the DNS lookup failed.`,
    );
    await verifyAt(
      "DNS: the code at a sibling's name",
      "https://sibling.hostile-dns.example/",
      "DNS TXT record (_toolshelf-verification.hostile-dns.example): there is no TXT record there.",
    );

    const started = performance.now();
    await expectNoProblems(cases);
    // The websites answer at once and the slowest DNS answer is none (a second): nothing waits long on what it reads.
    expect(performance.now() - started).toBeLessThan(cases.length * 1500);
    expect(dns.asked.some((question) => question.name === "_toolshelf-verification.other.hostile-dns.example")).toBe(
      false,
    );
  });
});
