import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "../../core/categories.ts";
import type { Config } from "../../server/platform/config.ts";
import { testEngine } from "../support/database.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { signPayload, startStripeFake, stripeEvent, type StripeFake } from "../support/stripe-fake.ts";
import {
  BOUNDARY,
  files,
  formParts,
  logoPart,
  MULTIPART,
  multipartBody,
  seed,
  toolFields,
  type Files,
  type Seeded,
} from "./fixtures.ts";
import {
  BROWSER,
  countAll,
  get,
  inputsSent,
  post,
  runner,
  SCRIPT,
  urlencoded,
  type HostileCase,
  type Outgoing,
  expectNoProblems as expectHarnessProblems,
  floodLimits,
} from "./harness.ts";

// A standing hostile-input suite: hundreds of malformed or malicious inputs, sent to every form
// and endpoint of the real app on a real database. Every input must get no 5xx, a clear answer
// (the documented JSON error for scripts, the site's own page for browsers) and, when refused,
// leave every table and the uploads folder as they were. Each case is named; a failure lists
// every input that broke, with what it got.

const WEBHOOK_SECRET = "whsec_hostile";
const FORM = "application/x-www-form-urlencoded";

/** A valid contact form's body, for inputs whose trouble is elsewhere (headers, framing, limits). */
const contact = urlencoded([
  ["name", "Ada"],
  ["email", "ada@example.com"],
  ["subject", "Hi"],
  ["message", "Hello"],
]);
const JSON_TYPE = "application/json";
const KB8 = "a".repeat(8 * 1024);
/** What a one-line field says of a line break or an invisible control character in it. */
const ONE_LINE = (label: string) =>
  `${label} must be one line of text, without line breaks, tabs or invisible control characters.`;

let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(async () => {
  await fake?.close();
  console.log(`hostile inputs sent: ${inputsSent()} (${testEngine()})`);
});

/** Limits no flood reaches; scheduled work off; Product Hunt pointed at a closed port. */
function floodConfig(config: Config) {
  floodLimits(config);
  config.productHunt = {
    ...config.productHunt,
    baseUrl: "http://127.0.0.1:9",
    apiUrl: "http://127.0.0.1:9/graphql",
    autoImport: false,
    fetchProxies: [],
  };
  config.payments = {
    mode: "stripe",
    secretKey: "sk_test_hostile",
    webhookSecret: WEBHOOK_SECRET,
    apiBase: fake.apiBase,
  };
}

describe("hostile inputs", () => {
  const getServer = useTestServer({ configure: floodConfig });
  const flood = runner(getServer, { background: ["search_terms"] });
  let s: TestServer;
  let seeded: Seeded;
  let f: Files;
  /** The headers of a page form posted from this site. */
  let site: Record<string, string>;
  /** …and by the signed-in admin. */
  let admin: Record<string, string>;

  beforeAll(async () => {
    s = getServer();
    seeded = await seed(s);
    f = await files();
    site = { ...BROWSER, Origin: s.url };
    admin = { ...site, Cookie: seeded.cookie };
    // The visitor-cookie key is made on the first like; made now, it is no write of a later input.
    const warm = await fetch(`${s.url}/like/${seeded.approved.id}`, {
      method: "POST",
      body: "intent=unlike",
      headers: { "Content-Type": FORM, Accept: JSON_TYPE, Origin: s.url },
    });
    expect(warm.status).toBe(200);
    expect((await countAll(s)).app_secrets).toBeGreaterThan(0);
  });

  const expectNoProblems = (cases: HostileCase[]) => expectHarnessProblems(flood, cases);

  // ——— Paths ———

  it("answers hostile paths with the site's own page, never an error or another site", async () => {
    const notFound = { reader: "page", status: 404, layout: true, message: /Page Not Found/ } as const;
    const toolNotFound = { reader: "page", status: 404, layout: true, message: /Tool Not Found/ } as const;
    const badAddress = { reader: "page", status: 400, layout: true, message: /address/i } as const;
    const markdownNotFound = { reader: "resource", status: 404, message: "Tool not found." } as const;
    const invalidUtf8 = [
      "/%C0%AF",
      "/%FF",
      "/%C3%28",
      "/%E2%82",
      "/%ED%A0%80",
      "/%F0%28%8C%BC",
      "/%F8%88%80%80%80",
      "/%",
      "/%zz",
      "/%E0%80%AF",
    ];
    const cases: HostileCase[] = [
      ...invalidUtf8.map((path) => ({ name: `invalid UTF-8 path ${path}`, request: get(path), expect: badAddress })),
      {
        name: "invalid UTF-8 in a sitemap's address (a resource, not a page)",
        request: get("/sitemaps/%FF.xml"),
        expect: { reader: "resource", status: 400, message: /address could not be read/ },
      },
      ...[
        "/tool/%FF",
        "/tool/%C0%AF",
        "/browse/%FF",
        "/browse/all/%FF",
        "/search/%FF%FE",
        "/submission/%FF",
        "/test-checkout/%FF",
        "/about%FF",
        "/contact%C0",
      ].map((path) => ({ name: `invalid UTF-8 in ${path}`, request: get(path), expect: badAddress })),
      {
        name: "invalid UTF-8 path asked for as JSON",
        request: get("/tool/%FF", SCRIPT),
        expect: { reader: "json", status: 400, code: "invalid-argument", message: /address could not be read/ },
      },
      {
        name: "invalid UTF-8 in an admin path, signed in",
        request: get("/admin/tools/%FF", { ...BROWSER, Cookie: seeded.cookie }),
        expect: badAddress,
      },
      {
        name: "invalid UTF-8 in a .data path",
        request: get("/tool/%FF.data"),
        expect: { reader: "data", status: 400 },
      },
      { name: "traversal ..%2f to /etc/passwd", request: get("/..%2f..%2f..%2fetc%2fpasswd"), expect: notFound },
      { name: "traversal %2e%2e/", request: get("/%2e%2e/"), expect: { reader: "page", status: [200, 404] } },
      {
        name: "traversal /tool/..%2f..%2fpackage.json",
        request: get("/tool/..%2f..%2fpackage.json"),
        expect: toolNotFound,
      },
      { name: "traversal raw /../../etc/passwd", request: get("/../../etc/passwd"), expect: notFound },
      {
        name: "traversal in uploads",
        request: get("/uploads/..%2f..%2f..%2fetc%2fpasswd"),
        expect: { reader: "page", status: [400, 403, 404] },
      },
      {
        name: "traversal in uploads with %2e%2e",
        request: get("/uploads/%2e%2e/%2e%2e/toolshelf.db"),
        expect: { reader: "page", status: [400, 403, 404] },
      },
      {
        name: "traversal in assets",
        request: get("/assets/..%2f..%2fserver%2findex.js"),
        expect: { reader: "page", status: [400, 403, 404] },
      },
      {
        name: "a missing upload",
        request: get("/uploads/logos/nothing-here.webp"),
        expect: { reader: "page", status: 404, message: /not found|does not exist/i },
      },
      {
        name: "a missing asset",
        request: get("/assets/nothing-here.js"),
        expect: { reader: "page", status: 404, message: /not found|does not exist/i },
      },
      // Tool images (docs/decisions/026): public tools only, GET only, never a drawing for a hostile name.
      ...[
        `/og/${seeded.pending.slug}.png`,
        `/og/${seeded.rejected.slug}.png`,
        "/og/nope.png",
        `/og/${KB8}.png`,
        "/og/..%2f..%2fetc%2fpasswd",
        "/og/__proto__.png",
        `/og/${encodeURIComponent("x' OR '1'='1")}.png`,
        "/og/%E2%80%AEevil.png",
        "/og/",
      ].map((path) => ({
        name: `tool image ${path.slice(0, 60)}`,
        request: get(path),
        expect: { reader: "page" as const, status: 404, message: /No public tool has this image|not found/i },
      })),
      {
        name: "tool image with a NUL",
        request: get("/og/a%00b.png"),
        expect: { reader: "page", status: 400, message: /address/i },
      },
      {
        name: "tool image with invalid UTF-8",
        request: get("/og/%FF.png"),
        expect: { reader: "page", status: 400, message: /address/i },
      },
      {
        name: "POST a tool image",
        request: post(`/og/${seeded.approved.slug}.png`, "a=1", FORM, site),
        expect: { reader: "page", status: 405 },
      },
      // Badges (docs/decisions/032): public tools only, answered as SVGs that say why.
      ...[
        `/badge/${seeded.pending.slug}.svg`,
        `/badge/${seeded.rejected.slug}.svg`,
        "/badge/nope.svg",
        `/badge/${KB8}.svg`,
        "/badge/..%2f..%2fetc%2fpasswd",
        "/badge/__proto__.svg",
        `/badge/${encodeURIComponent("x' OR '1'='1")}.svg`,
        "/badge/%E2%80%AEevil.svg",
        "/badge/",
      ].map((path) => ({
        name: `badge ${path.slice(0, 60)}`,
        request: get(path),
        expect: { reader: "resource" as const, status: 404, message: /No public tool on .* has this badge\./ },
      })),
      ...["?theme=%3Cscript%3E", `?theme=${KB8}`, "?theme=dark&theme=dark", "?theme=%F0%9F%8C%99"].map((query) => ({
        name: `badge theme ${query.slice(0, 40)}`,
        request: get(`/badge/${seeded.approved.slug}.svg${query}`),
        // A theme it does not know draws the default badge; the value itself is never drawn.
        expect: { reader: "resource" as const, status: 200, message: /aria-label="Listed on [^"]*, 0 likes"/ },
      })),
      {
        name: "badge with invalid UTF-8",
        request: get("/badge/%FF.svg"),
        expect: { reader: "page", status: 400, message: /address/i },
      },
      {
        name: "badge theme with a NUL",
        request: get(`/badge/${seeded.approved.slug}.svg?theme=%00`),
        expect: { reader: "page", status: 400, message: /address/i },
      },
      {
        name: "POST a badge",
        request: post(`/badge/${seeded.approved.slug}.svg`, "a=1", FORM, site),
        expect: { reader: "resource", status: 405, message: "This badge can only be read (GET)." },
      },
      { name: "8 KB path", request: get(`/${KB8}`), expect: notFound },
      { name: "8 KB tool key", request: get(`/tool/${KB8}`), expect: toolNotFound },
      { name: "8 KB browse filter", request: get(`/browse/${KB8}`), expect: notFound },
      {
        name: "8 KB submission token",
        request: get(`/submission/${KB8}`),
        expect: { reader: "page", status: 404, layout: true },
      },
      {
        name: "8 KB sitemap file",
        request: get(`/sitemaps/${KB8}`),
        expect: { reader: "resource", status: 404, message: /not found/i },
      },
      {
        name: "8 KB test checkout id",
        request: get(`/test-checkout/${KB8}`),
        expect: { reader: "page", status: 404, layout: true },
      },
      {
        name: "scheme-relative //evil.example",
        request: get("//evil.example"),
        expect: { reader: "page", status: [200, 404] },
      },
      {
        name: "scheme-relative //evil.example/path",
        request: get("//evil.example/path"),
        expect: { reader: "page", status: [200, 404] },
      },
      {
        name: "backslash /\\evil.example",
        request: get("/\\evil.example"),
        expect: { reader: "page", status: [200, 404] },
      },
      { name: "encoded backslash /%5Cevil.example", request: get("/%5Cevil.example"), expect: notFound },
      { name: "encoded slashes /%2F%2Fevil.example", request: get("/%2F%2Fevil.example"), expect: notFound },
      {
        name: "absolute-form request target",
        request: get("http://evil.example/"),
        expect: { reader: "page", status: [200, 400, 404] },
      },
      // A NUL is no character of an address (and PostgreSQL text cannot hold it).
      { name: "null byte /%00", request: get("/%00"), expect: badAddress },
      { name: "null byte in tool key", request: get("/tool/a%00b"), expect: badAddress },
      { name: "null byte in browse filter", request: get("/browse/%00"), expect: badAddress },
      { name: "null byte in submission token", request: get("/submission/%00"), expect: badAddress },
      {
        name: "null byte in sitemap file",
        request: get("/sitemaps/%00.xml"),
        expect: { reader: "resource", status: 400, message: /address could not be read/ },
      },
      { name: "null byte in test checkout id", request: get("/test-checkout/%00"), expect: badAddress },
      { name: "null byte in a query value", request: get("/browse/all?sort=recent%00"), expect: badAddress },
      { name: "null byte in a query name", request: get("/?a%00b=1"), expect: badAddress },
      { name: "CRLF in path", request: get("/tool/a%0D%0ASet-Cookie:%20x=1"), expect: toolNotFound },
      { name: "RTL override in tool key", request: get("/tool/%E2%80%AEevil"), expect: toolNotFound },
      { name: "tool key __proto__", request: get("/tool/__proto__"), expect: toolNotFound },
      { name: "tool key constructor", request: get("/tool/constructor"), expect: toolNotFound },
      { name: "tool key SQL", request: get(`/tool/${encodeURIComponent("x' OR '1'='1")}`), expect: toolNotFound },
      {
        name: "tool key of a rejected tool's id",
        request: get(`/tool/${seeded.rejected.slug}`),
        expect: { reader: "page", status: [200, 404] },
      },
      {
        name: "browse page -1",
        request: get("/browse/all?page=-1"),
        expect: { reader: "page", status: 301, location: "/browse/all" },
      },
      {
        name: "browse page 1e9",
        request: get("/browse/all?page=1e9"),
        expect: { reader: "page", status: 301, location: "/browse/all" },
      },
      {
        name: "browse page 9999999",
        request: get("/browse/all?page=9999999"),
        expect: { reader: "page", status: [200, 404] },
      },
      {
        name: "browse page twice",
        request: get("/browse/all?page=2&page=3"),
        expect: { reader: "page", status: [200, 301, 404] },
      },
      { name: "browse sort %00", request: get("/browse/all?sort=%00"), expect: badAddress },
      {
        name: "browse sort %01",
        request: get("/browse/all?sort=%01"),
        expect: { reader: "page", status: 301, location: "/browse/all" },
      },
      {
        name: "browse unknown sort in path",
        request: get("/browse/all/__proto__"),
        expect: { reader: "page", status: [200, 301, 404] },
      },
      {
        name: "home ?featured=<script>",
        request: get("/?featured=%3Cscript%3Ealert(1)%3C/script%3E"),
        expect: { reader: "page", status: 200 },
      },
      { name: "home with 8 KB query", request: get(`/?${KB8}=1`), expect: { reader: "page", status: 200 } },
      {
        name: "payment-success with 8 KB session id",
        request: get(`/payment-success?session_id=${KB8}`),
        expect: { reader: "page", status: 200, layout: true },
      },
      {
        name: "payment-success with check=NaN",
        request: get("/payment-success?session_id=cs_x&check=NaN"),
        expect: { reader: "page", status: 200, layout: true },
      },
      { name: "payment-success with %00 session", request: get("/payment-success?session_id=%00"), expect: badAddress },
      {
        name: "payment-cancel with a hostile tool id",
        request: get("/payment-cancel?tool_id=%3Cscript%3E"),
        expect: { reader: "page", status: 200, layout: true },
      },
      {
        name: "submit confirmation with a hostile slug",
        request: get("/submit-tool?submitted=%00&status=..%2f"),
        expect: badAddress,
      },
      {
        name: "submit confirmation with an unknown slug",
        request: get("/submit-tool?submitted=..%2f..%2f&status=%3Cscript%3E"),
        expect: { reader: "page", status: 200, layout: true },
      },
      {
        name: "admin login redirectTo //evil.example",
        request: get("/admin/login?redirectTo=//evil.example"),
        expect: { reader: "page", status: 200, layout: true },
      },
      {
        name: "admin tools with a bad status",
        request: get("/admin/tools?status=__proto__", { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 404, layout: true },
      },
      {
        name: "admin tools page=-1",
        request: get("/admin/tools?page=-1", { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 404, layout: true },
      },
      {
        name: "admin moderation page=abc",
        request: get("/admin/moderation?page=abc", { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 404, layout: true },
      },
      {
        name: "admin audit page=1e9",
        request: get("/admin/audit?page=1e9", { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 404, layout: true },
      },
      {
        name: "admin messages with 8 KB open id",
        request: get(`/admin/messages?open=${KB8}&confirm=x%01&page=-5`, { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 200, layout: true },
      },
      {
        name: "admin messages with a NUL open id",
        request: get("/admin/messages?open=%00&confirm=x%00", { ...BROWSER, Cookie: seeded.cookie }),
        expect: badAddress,
      },
      {
        name: "admin tools search with a NUL",
        request: get("/admin/tools?q=a%00b", { ...BROWSER, Cookie: seeded.cookie }),
        expect: badAddress,
      },
      {
        name: "admin tools search of 8 KB with LIKE wildcards",
        request: get(`/admin/tools?q=${"%25_".repeat(2000)}`, { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 200, layout: true },
      },
      {
        name: "admin orders with a bad status and page",
        request: get("/admin/orders?status=constructor&page=NaN", { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 200, layout: true },
      },
      {
        name: "admin tool edit of an unknown id",
        request: get("/admin/tools/nope", { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 404, layout: true },
      },
      {
        name: "admin page without a session",
        request: get("/admin/dashboard"),
        expect: { reader: "page", status: 401, layout: true, message: "Admin Login" },
      },
      {
        name: "PUT a page",
        request: { method: "PUT", path: "/", headers: BROWSER },
        expect: { reader: "page", status: 405, layout: true },
      },
      {
        name: "DELETE a tool page",
        request: { method: "DELETE", path: `/tool/${seeded.approved.slug}`, headers: BROWSER },
        expect: { reader: "page", status: 405, layout: true },
      },
      {
        name: "PATCH the contact page",
        request: { method: "PATCH", path: "/contact", headers: { ...BROWSER, Origin: s.url } },
        expect: { reader: "page", status: [400, 405], layout: true },
      },
      {
        name: "POST the home page",
        request: post("/", "a=1", FORM, site),
        expect: { reader: "page", status: 405, layout: true },
      },
      {
        name: "POST a tool page without a report's fields",
        request: post(`/tool/${seeded.approved.slug}`, "a=1", FORM, site),
        expect: {
          reader: "page",
          status: 400,
          layout: true,
          message: "Please choose what is wrong with this listing.",
        },
      },
      {
        name: "POST robots.txt",
        request: post("/robots.txt", "a=1", FORM, site),
        expect: { reader: "resource", status: 405, message: /method|not allowed/i },
      },
      {
        name: "POST sitemap.xml",
        request: post("/sitemap.xml", "a=1", FORM, site),
        expect: { reader: "resource", status: 405, message: /method|not allowed/i },
      },
      {
        name: "POST feed.xml",
        request: post("/feed.xml", "a=1", FORM, site),
        expect: { reader: "resource", status: 405, message: /method|not allowed/i },
      },
      // A tool page as Markdown and /llms.txt: odd keys name no tool, and none gets a server error.
      { name: "Markdown of a NUL key", request: get("/tool/%00.md"), expect: badAddress },
      { name: "Markdown of an invalid UTF-8 key", request: get("/tool/%FF.md"), expect: badAddress },
      { name: "Markdown of ..", request: get("/tool/...md"), expect: markdownNotFound },
      { name: "Markdown of a traversal", request: get("/tool/..%2f..%2fpackage.json.md"), expect: markdownNotFound },
      { name: "Markdown of an 8 KB key", request: get(`/tool/${KB8}.md`), expect: markdownNotFound },
      { name: "Markdown of .md.md", request: get(`/tool/${seeded.approved.slug}.md.md`), expect: markdownNotFound },
      {
        name: "Markdown of a SQL key",
        request: get(`/tool/${encodeURIComponent("x' OR '1'='1")}.md`),
        expect: markdownNotFound,
      },
      { name: "Markdown of a pending tool", request: get(`/tool/${seeded.pending.slug}.md`), expect: markdownNotFound },
      {
        name: "Markdown of a rejected tool",
        request: get(`/tool/${seeded.rejected.slug}.md`),
        expect: markdownNotFound,
      },
      // Only the suffix: a tool page's key ".md", which names no tool.
      { name: "Markdown without a key", request: get("/tool/.md"), expect: toolNotFound },
      {
        name: "Markdown by id",
        request: get(`/tool/${seeded.approved.id}.md`),
        expect: { reader: "resource", status: 301, location: `/tool/${seeded.approved.slug}.md` },
      },
      {
        name: "Markdown's data URL",
        request: get(`/tool/${seeded.approved.slug}.md.data`, { ...BROWSER, Accept: "*/*" }),
        // React Router's own client may ask for any route's data: the same text, in its data stream.
        expect: { reader: "data", status: 200, message: "# Hostile Approved" },
      },
      {
        name: "POST a tool's Markdown",
        request: post(`/tool/${seeded.approved.slug}.md`, "a=1", FORM, site),
        expect: { reader: "resource", status: 405, message: /method|not allowed/i },
      },
      {
        name: "POST llms.txt",
        request: post("/llms.txt", "a=1", FORM, site),
        expect: { reader: "resource", status: 405, message: /method|not allowed/i },
      },
      { name: "llms.txt with a NUL in its query", request: get("/llms.txt?x=%00"), expect: badAddress },
      // React Router's data URLs, with bad parameters.
      ...[
        ["/tool/nope.data", 404],
        ["/tool/%00.data", 400],
        [`/tool/${KB8}.data`, 404],
        ["/browse/nope.data", 404],
        ["/browse/all/nope.data?page=-1", [200, 202, 301, 404]],
        ["/search/x.data?page=abc", [200, 202, 301]],
        [`/search/${KB8}.data`, 400],
        ["/submission/bad.data", 404],
        ["/test-checkout/nope.data", 404],
        ["/payment-success.data?session_id=%00", 400],
        ["/payment-success.data?session_id=cs_nope", 200],
        ["/admin/tools/nope.data", 401],
        ["/admin/dashboard.data", 401],
        ["/sitemaps/x.data", [404]],
        ["/.data", [200, 404]],
        ["/_root.data", [200, 404]],
        ["/nope.data", 404],
        ["/tool/x.data?_routes=routes%2Fadmin%2Flayout", [200, 400, 403, 404]],
        ["/tool/x.data?_routes=%00", [200, 400, 404]],
        ["/contact.data?_routes=root,root,root", [200, 400]],
        ["/about.data", 200],
      ].map(([path, status]) => ({
        name: `data URL ${String(path).slice(0, 60)}`,
        request: get(String(path), { ...BROWSER, Accept: "*/*" }),
        expect: { reader: "data" as const, status: status as number | number[] },
      })),
      ...[
        ["/tool/nope.data", 404],
        ["/admin/tools/nope.data", 404],
        ["/admin/moderation.data?page=abc", 404],
        ["/admin/tools.data?status=__proto__", 404],
        ["/admin/messages.data?open=%00", 400],
        ["/admin/messages.data?open=nope", 200],
      ].map(([path, status]) => ({
        name: `data URL ${String(path)} signed in`,
        request: get(String(path), { ...BROWSER, Accept: "*/*", Cookie: seeded.cookie }),
        expect: { reader: "data" as const, status: status as number },
      })),
    ];
    await expectNoProblems(cases);
  });

  // ——— Headers ———

  it("answers hostile headers clearly: huge and malformed cookies, bad Accept, bad Content-Length", async () => {
    const origin = new URL(s.url).host;
    const cases: HostileCase[] = [
      {
        name: "8 KB junk cookie on the home page",
        request: get("/", { ...BROWSER, Cookie: `junk=${KB8}` }),
        expect: { reader: "page", status: 200 },
      },
      {
        name: "8 KB admin cookie",
        request: get("/admin/dashboard", { ...BROWSER, Cookie: `ts_admin=${KB8}` }),
        expect: { reader: "page", status: 401, message: "Admin Login" },
      },
      {
        name: "200 cookies",
        request: get("/", { ...BROWSER, Cookie: Array.from({ length: 200 }, (_, i) => `c${i}=${i}`).join("; ") }),
        expect: { reader: "page", status: 200 },
      },
      {
        name: "cookie header of semicolons",
        request: get("/admin/dashboard", { ...BROWSER, Cookie: ";;;;;;;=;=;" }),
        expect: { reader: "page", status: 401 },
      },
      {
        name: "admin cookie with bad percent-escapes",
        request: get("/admin/dashboard", { ...BROWSER, Cookie: "ts_admin=%ZZ%FF%00" }),
        expect: { reader: "page", status: 401 },
      },
      {
        name: "admin cookie quoted",
        request: get("/admin/dashboard", { ...BROWSER, Cookie: `ts_admin="${"A".repeat(43)}"` }),
        expect: { reader: "page", status: 401 },
      },
      {
        name: "admin cookie of the right shape, never issued",
        request: get("/admin/dashboard", { ...BROWSER, Cookie: `ts_admin=${"A".repeat(43)}` }),
        expect: { reader: "page", status: 401 },
      },
      {
        name: "admin cookie twice, the first one bogus",
        request: get("/admin/dashboard", { ...BROWSER, Cookie: `ts_admin=bogus; ${seeded.cookie}` }),
        expect: { reader: "page", status: 401 },
      },
      {
        name: "cookie with a name only",
        request: get("/admin/dashboard", { ...BROWSER, Cookie: "ts_admin" }),
        expect: { reader: "page", status: 401 },
      },
      {
        name: "admin API with a bogus cookie",
        request: get("/api/admin/stats", { ...SCRIPT, Cookie: `ts_admin=${"B".repeat(43)}` }),
        expect: { reader: "json", status: 401, code: "unauthenticated" },
      },
      {
        name: "admin API with an 8 KB cookie",
        request: get("/api/admin/stats", { ...SCRIPT, Cookie: `ts_admin=${KB8}` }),
        expect: { reader: "json", status: 401, code: "unauthenticated" },
      },
      {
        name: "like with a forged visitor cookie",
        request: post(`/like/${seeded.other.id}`, "intent=lick", FORM, {
          ...SCRIPT,
          Origin: s.url,
          Cookie: "ts_visitor=forged.signature",
        }),
        expect: { reader: "json", status: 400 },
      },
      {
        name: "Accept of garbage on a page",
        request: get("/", { ...BROWSER, Accept: ";;;q=abc,,/" }),
        expect: { reader: "page", status: 200 },
      },
      {
        name: "Accept q=2 on a missing page",
        request: get("/nope", { ...BROWSER, Accept: "text/html;q=2, application/json;q=-1" }),
        expect: { reader: "page", status: 404 },
      },
      {
        name: "8 KB Accept",
        request: get("/nope", { ...BROWSER, Accept: `text/html,${"x/y,".repeat(2000)}` }),
        expect: { reader: "page", status: 404 },
      },
      {
        name: "Accept image/png on a missing page",
        request: get("/nope", { ...BROWSER, Accept: "image/png" }),
        expect: { reader: "page", status: 404 },
      },
      {
        name: "Accept-Language of garbage",
        request: get("/", { ...BROWSER, "Accept-Language": "*;q=xx,,,ü" }),
        expect: { reader: "page", status: 200 },
      },
      {
        name: "Accept-Encoding of garbage",
        request: get("/about", { ...BROWSER, "Accept-Encoding": "gzip;q=abc, br;q=-1, *;q=2" }),
        expect: { reader: "page", status: 200 },
      },
      {
        name: "Range of garbage on an asset-less page",
        request: get("/about", { ...BROWSER, Range: "bytes=999999-1" }),
        expect: { reader: "page", status: [200, 416] },
      },
      {
        name: "If-None-Match of garbage",
        request: get("/", { ...BROWSER, "If-None-Match": '"x", W/"', "If-Modified-Since": "yesterday" }),
        expect: { reader: "page", status: [200, 304] },
      },
      {
        name: "X-Forwarded-For of garbage",
        request: get("/", { ...BROWSER, "X-Forwarded-For": "not-an-ip, ::zz, 999.1.1.1" }),
        expect: { reader: "page", status: 200 },
      },
      {
        name: "X-Request-Id of 8 KB",
        request: get("/nope", { ...BROWSER, "X-Request-Id": KB8 }),
        expect: { reader: "page", status: 404 },
      },
      {
        name: "Host of another site on a form post",
        request: post("/contact", "name=", FORM, { ...BROWSER, Host: "evil.example", Origin: "http://evil.example" }),
        expect: { reader: "page", status: 400 },
      },
      {
        name: "Content-Type of garbage on the contact form",
        request: post("/contact", contact, "x/y; ;; boundary", site),
        expect: { reader: "page", status: [400, 415], message: /could not be read/i },
      },
      {
        name: "form declared as UTF-16",
        request: post("/contact", contact, `${FORM}; charset=utf-16`, site),
        expect: { reader: "page", status: [303, 400, 415], writes: ["contacts"] },
      },
      {
        name: "chunked body without Content-Length on the contact form",
        request: {
          method: "POST",
          path: "/contact",
          headers: { ...site, "Content-Type": FORM, "Transfer-Encoding": "chunked" },
          body: contact,
        },
        expect: { reader: "page", status: 411, message: "length" },
      },
      {
        name: "Content-Length on a GET with a body",
        request: {
          raw: `GET /about HTTP/1.1\r\nHost: ${origin}\r\nAccept: text/html\r\nConnection: close\r\nContent-Length: 5\r\n\r\nhello`,
        },
        expect: { reader: "page", status: 200 },
      },
    ];
    await expectNoProblems(cases);
  });

  it("answers requests Node's HTTP parser refuses before the app sees them with a short page saying why", async () => {
    const origin = new URL(s.url).host;
    const rawPost = (path: string, headers: string[], body: string) =>
      `POST ${path} HTTP/1.1\r\nHost: ${origin}\r\nOrigin: ${s.url}\r\nUser-Agent: ${BROWSER["User-Agent"]}\r\nAccept: text/html\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join("")}\r\n${body}`;
    const cases: HostileCase[] = [
      {
        name: "Content-Length of 20 digits",
        request: {
          raw: rawPost("/contact", ["Content-Type: " + FORM, "Content-Length: 99999999999999999999"], contact),
        },
        expect: { reader: "page", status: [400, 413], message: /request/i },
      },
      {
        name: "Content-Length larger than the body, then silence",
        request: {
          raw: rawPost("/contact", ["Content-Type: " + FORM, "Content-Length: 5000"], contact),
          halfClose: true,
          waitMs: 1500,
        },
        expect: { reader: "page", status: 400, message: /request/i },
      },
      {
        name: "Content-Length not a number",
        request: { raw: rawPost("/contact", ["Content-Type: " + FORM, "Content-Length: abc"], contact) },
        expect: { reader: "page", status: 400, message: /request/i },
      },
      {
        name: "Content-Length negative",
        request: { raw: rawPost("/contact", ["Content-Type: " + FORM, "Content-Length: -1"], contact) },
        expect: { reader: "page", status: 400, message: /request/i },
      },
      {
        name: "two different Content-Lengths",
        request: {
          raw: rawPost("/contact", ["Content-Type: " + FORM, "Content-Length: 5", "Content-Length: 50"], contact),
        },
        expect: { reader: "page", status: 400, message: /request/i },
      },
      {
        name: "Content-Length with Transfer-Encoding",
        request: {
          raw: rawPost(
            "/contact",
            ["Content-Type: " + FORM, `Content-Length: ${contact.length}`, "Transfer-Encoding: chunked"],
            contact,
          ),
        },
        expect: { reader: "page", status: 400, message: /request/i },
      },
      {
        name: "a 20 KB cookie",
        request: {
          raw: `GET / HTTP/1.1\r\nHost: ${origin}\r\nAccept: text/html\r\nConnection: close\r\nCookie: junk=${"x".repeat(20 * 1024)}\r\n\r\n`,
        },
        expect: { reader: "page", status: 431, message: /cookie|header/i },
      },
      {
        name: "a request line of garbage",
        request: { raw: "HELLO\r\n\r\n" },
        expect: { reader: "page", status: 400, message: /request/i },
      },
      {
        name: "a header without a colon",
        request: { raw: `GET / HTTP/1.1\r\nHost: ${origin}\r\nthis is not a header\r\n\r\n` },
        expect: { reader: "page", status: 400, message: /request/i },
      },
      {
        name: "an unknown method FOO",
        request: { raw: `FOO / HTTP/1.1\r\nHost: ${origin}\r\nAccept: text/html\r\nConnection: close\r\n\r\n` },
        expect: { reader: "page", status: [400, 405, 501], message: /request|method/i },
      },
      {
        name: "a 64 KB search URL",
        request: {
          raw: `GET /api/v1/search?q=${"b".repeat(64 * 1024)} HTTP/1.1\r\nHost: ${origin}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`,
        },
        expect: { reader: "page", status: [414, 431], message: /long|large/i },
      },
    ];
    await expectNoProblems(cases);
  });

  // ——— Contact ———

  it("refuses hostile contact messages with the form's own words and stores none", async () => {
    const valid: [string, string][] = [
      ["name", "Ada"],
      ["email", "ada@example.com"],
      ["subject", "Hi"],
      ["message", "Hello there"],
    ];
    const withField = (name: string, value: string | null, extra: [string, string][] = []) =>
      urlencoded([
        ...valid.filter(([k]) => k !== name),
        ...(value === null ? [] : [[name, value] as [string, string]]),
        ...extra,
      ]);
    const refused = (message?: string | RegExp) => ({ reader: "page" as const, status: 400, layout: true, message });
    const contact = (body: string | Buffer, type: string | null = FORM, headers = site) =>
      post("/contact", body, type, headers);
    const cases: HostileCase[] = [
      { name: "contact: empty body", request: contact(""), expect: refused("Name is required.") },
      {
        name: "contact: only whitespace",
        request: contact(urlencoded(valid.map(([k]) => [k, " \t\n "]))),
        expect: refused("Email is required."),
      },
      {
        name: "contact: name of 101 characters",
        request: contact(withField("name", "n".repeat(101))),
        expect: refused("Name must be at most 100 characters."),
      },
      {
        name: "contact: subject of 151 characters",
        request: contact(withField("subject", "s".repeat(151))),
        expect: refused("Subject must be at most 150 characters."),
      },
      {
        name: "contact: message of 5,001 characters",
        request: contact(withField("message", "m".repeat(5001))),
        expect: refused("Message must be at most 5,000 characters."),
      },
      {
        name: "contact: email of 255 characters",
        request: contact(withField("email", `${"e".repeat(243)}@example.com`)),
        expect: refused("Email is too long."),
      },
      {
        name: "contact: message of 200 KB",
        request: contact(withField("message", "m".repeat(200 * 1024))),
        expect: refused("Message must be at most 5,000 characters."),
      },
      {
        name: "contact: body of 300 KB",
        request: contact(withField("message", "m".repeat(300 * 1024))),
        expect: { reader: "page", status: 413, message: "too large" },
      },
      ...[
        "a@",
        "@b.c",
        "a@b",
        "<script>@x.y",
        "a b@c.d",
        "a@b..c",
        "ada@example.com\r\nBcc: x@y.z",
        "'; drop table contacts; --",
      ].map((email) => ({
        name: `contact: email ${JSON.stringify(email)}`,
        request: contact(withField("email", email)),
        expect: refused("Please enter a valid email address."),
      })),
      {
        name: "contact: email with a NUL",
        request: contact(withField("email", "ada@example.com\u0000")),
        expect: refused(/cannot be used \(NUL\)/),
      },
      {
        name: "contact: name with a NUL",
        request: contact(withField("name", "A\u0000da")),
        expect: refused(/cannot be used \(NUL\)/),
      },
      {
        name: "contact: name with CRLF and a header",
        request: contact(withField("name", "Ada\r\nBcc: victim@example.com")),
        expect: refused(ONE_LINE("Name")),
      },
      {
        name: "contact: name with an escape sequence",
        request: contact(withField("name", "Ada\u001b[2J")),
        expect: refused(ONE_LINE("Name")),
      },
      {
        name: "contact: subject with a line separator",
        request: contact(withField("subject", "Hi\u2028there")),
        expect: refused(ONE_LINE("Subject")),
      },
      {
        name: "contact: subject with an RTL override",
        request: contact(withField("subject", "\u202Eecioval")),
        expect: refused(ONE_LINE("Subject")),
      },
      {
        name: "contact: subject with a C1 control",
        request: contact(withField("subject", "Hi\u0085there")),
        expect: refused(ONE_LINE("Subject")),
      },
      {
        name: "contact: a field name with a NUL",
        request: contact(withField("subject", null, [["sub\u0000ject", "Hi"]])),
        expect: refused(/cannot be used \(NUL\)/),
      },
      {
        name: "contact: honeypot filled",
        request: contact(withField("company_website", null, [["company_website", "http://spam.example"]])),
        expect: refused("looks automated"),
      },
      {
        name: "contact: a field missing",
        request: contact(withField("subject", null)),
        expect: refused("Subject is required."),
      },
      {
        name: "contact: wrong field names",
        request: contact(
          urlencoded([
            ["Name", "Ada"],
            ["e-mail", "ada@example.com"],
            ["subject ", "Hi"],
            ["msg", "Hello"],
          ]),
        ),
        expect: refused("Name is required."),
      },
      { name: "contact: every field twice", request: contact(urlencoded([...valid, ...valid])), expect: refused() },
      {
        name: "contact: name as an array key",
        request: contact(withField("name", null, [["name[]", "Ada"]])),
        expect: refused("Name is required."),
      },
      {
        name: "contact: __proto__ fields",
        request: contact(
          withField("name", null, [
            ["__proto__", "x"],
            ["constructor", "y"],
            ["__proto__[name]", "Ada"],
          ]),
        ),
        expect: refused("Name is required."),
      },
      {
        name: "contact: non-UTF-8 bytes, no email",
        request: contact(
          Buffer.concat([
            Buffer.from("name=%FF%FE%C0&subject=%C3%28&message="),
            Buffer.from([0xff, 0xfe]),
            Buffer.from("&email="),
          ]),
        ),
        expect: refused("Email is required."),
      },
      {
        name: "contact: 10,000 parameters",
        request: contact(
          withField(
            "email",
            null,
            Array.from({ length: 10_000 }, (_, i) => [`p${i}`, "x"] as [string, string]),
          ),
        ),
        expect: refused("Email is required."),
      },
      {
        name: "contact: JSON body",
        request: contact(JSON.stringify(Object.fromEntries(valid)), JSON_TYPE),
        expect: { reader: "page", status: [400, 415], layout: true, message: /could not be read/i },
      },
      {
        name: "contact: JSON body declared as a form",
        request: contact(JSON.stringify(Object.fromEntries(valid))),
        expect: refused("Name is required."),
      },
      {
        name: "contact: text/plain",
        request: contact("name=Ada\nemail=ada@example.com", "text/plain"),
        expect: { reader: "page", status: [400, 415], layout: true, message: /could not be read/i },
      },
      {
        name: "contact: no Content-Type",
        request: contact(urlencoded(valid), null),
        expect: { reader: "page", status: [400, 415], layout: true, message: /could not be read/i },
      },
      {
        name: "contact: multipart without a boundary",
        request: contact(multipartBody(formParts({ name: "Ada" })), "multipart/form-data"),
        expect: { reader: "page", status: [400, 415], layout: true, message: /could not be read/i },
      },
      {
        name: "contact: multipart never closed",
        request: contact(
          multipartBody(formParts({ name: "Ada", email: "ada@example.com" }), { close: false }),
          MULTIPART,
        ),
        expect: { reader: "page", status: [400, 415], layout: true, message: /could not be read/i },
      },
      {
        name: "contact: multipart with a missing field",
        request: contact(multipartBody(formParts({ name: "Ada", email: "ada@example.com", subject: "Hi" })), MULTIPART),
        expect: refused("Message is required."),
      },
      {
        name: "contact: XML",
        request: contact("<contact><name>Ada</name></contact>", "application/xml"),
        expect: { reader: "page", status: [400, 415], layout: true, message: /could not be read/i },
      },
      {
        name: "contact: data URL with garbage",
        request: post("/contact.data", "name=", FORM, site),
        expect: { reader: "data", status: 400 },
      },
      {
        name: "contact: data URL with JSON",
        request: post("/contact.data", "{", JSON_TYPE, site),
        expect: { reader: "data", status: [400, 415] },
      },
      {
        name: "contact: RTL override and zero-width name, no message",
        request: contact(withField("message", null, [["name", "\u202Eevil\u200B"]]).replace(/^name=Ada&/, "")),
        expect: refused("Message is required."),
      },
    ];
    await expectNoProblems(cases);
  });

  // ——— Submit ———

  it("refuses hostile tool submissions (multipart and not) with a clear message and stores nothing", async () => {
    let n = 0;
    const website = () => `https://hostile-${++n}.example.com`;
    const submit = (body: Buffer | string, type: string | null = MULTIPART, path = "/submit-tool") =>
      post(path, body, type, site);
    const form = (
      change: Record<string, string | string[] | undefined>,
      logo: ReturnType<typeof logoPart> | null = logoPart(f.png),
    ) => submit(multipartBody(formParts(toolFields(website()), change, logo)));
    const refused = (message?: string | RegExp, status: number | number[] = 400) => ({
      reader: "page" as const,
      status,
      layout: true,
      message,
    });
    const saved = {
      reader: "page" as const,
      status: 303,
      location: /^\/submit-tool\/[A-Za-z0-9_-]{43}$/,
      writes: ["tools", "tool_categories", "tool_tags", "jobs", "uploads"] as const,
    };
    const manyTags = Array.from({ length: 10_000 }, (_, i) => `tag${i}`).join(",");
    const cases: HostileCase[] = [
      { name: "submit: empty multipart", request: submit(multipartBody([])), expect: refused("Name is required.") },
      {
        name: "submit: no body",
        request: submit("", MULTIPART),
        expect: refused(/could not be read|Name is required/),
      },
      {
        name: "submit: missing boundary",
        request: submit(multipartBody(formParts(toolFields(website()), {}, logoPart(f.png))), "multipart/form-data"),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: empty boundary",
        request: submit(
          multipartBody(formParts(toolFields(website()), {}, logoPart(f.png))),
          "multipart/form-data; boundary=",
        ),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: boundary of 200 characters",
        request: submit(
          multipartBody(formParts(toolFields(website()), {}, logoPart(f.png))),
          `multipart/form-data; boundary=${"b".repeat(200)}`,
        ),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: boundary other than the body's",
        request: submit(
          multipartBody(formParts(toolFields(website()), {}, logoPart(f.png))),
          "multipart/form-data; boundary=other",
        ),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: a boundary that never ends",
        request: submit(multipartBody(formParts(toolFields(website()), {}, logoPart(f.png)), { close: false })),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: a body cut inside a part",
        request: submit(multipartBody(formParts(toolFields(website()), {}, logoPart(f.png))).subarray(0, 400)),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: garbage after the boundary line",
        request: submit(Buffer.from(`--${BOUNDARY}\r\n\u0000\u0001garbage without headers`)),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: a part header of 20 KB",
        request: submit(
          multipartBody(
            formParts(toolFields(website()), { name: undefined }, logoPart(f.png)).concat([
              { name: "name", value: "Quillpad", headers: [`X-Pad: ${"p".repeat(20 * 1024)}`] },
            ]),
          ),
        ),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: 300 parts",
        request: submit(
          multipartBody(
            formParts(toolFields(website()), { features: Array.from({ length: 300 }, () => "x") }, logoPart(f.png)),
          ),
        ),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: 0-byte logo",
        request: form({}, logoPart(Buffer.alloc(0))),
        expect: refused("Logo upload failed: The file is empty"),
      },
      { name: "submit: no logo part", request: form({}, null), expect: refused("Please upload a logo file.") },
      {
        name: "submit: logo as a text field",
        request: form({ logo: "logo.png" }, null),
        expect: refused("Please upload a logo file."),
      },
      {
        name: "submit: 6 MB logo",
        request: form({}, logoPart(f.sixMegabytes)),
        expect: { reader: "page", status: 413, message: "Logo upload failed: The file is larger than 5 MB" },
      },
      {
        name: "submit: logo just over 5 MB",
        request: form({}, logoPart(f.justOverLogoLimit)),
        expect: refused("Logo upload failed: The file is larger than 5 MB", 413),
      },
      {
        name: "submit: GIF/HTML/JS polyglot",
        request: form({}, logoPart(f.gifPolyglot, "logo.gif", "image/gif")),
        expect: refused("GIF images are not accepted"),
      },
      {
        name: "submit: GIF polyglot named .png",
        request: form({}, logoPart(f.gifPolyglot, "logo.png", "image/png")),
        expect: refused("GIF images are not accepted"),
      },
      {
        name: "submit: SVG named .png",
        request: form({}, logoPart(f.svg, "logo.png", "image/png")),
        expect: refused("SVG images are not accepted"),
      },
      {
        name: "submit: HTML named .png",
        request: form({}, logoPart(f.html, "logo.png", "image/png")),
        expect: refused("Only PNG, JPEG and WebP images are accepted"),
      },
      {
        name: "submit: PNG claiming 10 gigapixels",
        request: form({}, logoPart(f.pngBomb)),
        expect: refused("too many pixels"),
      },
      {
        name: "submit: truncated PNG",
        request: form({}, logoPart(f.truncatedPng)),
        expect: refused("not a readable PNG, JPEG or WebP image"),
      },
      {
        name: "submit: JPEG magic then garbage",
        request: form({}, logoPart(f.jpegMagicOnly, "logo.jpg", "image/jpeg")),
        expect: refused("not a readable PNG, JPEG or WebP image"),
      },
      {
        name: "submit: JPEG declared as PNG, name empty",
        request: form({ name: "" }, logoPart(f.jpeg, "logo.png", "image/png")),
        expect: refused("Name is required."),
      },
      {
        name: "submit: a second logo after an empty one",
        request: submit(
          multipartBody(formParts(toolFields(website()), {}, logoPart(Buffer.alloc(0))).concat([logoPart(f.png)])),
        ),
        expect: refused("Logo upload failed: The file is empty"),
      },
      {
        name: "submit: PNG with trailing HTML (re-encoded, saved)",
        request: form({ name: "Trailing Html Logo" }, logoPart(f.pngWithHtml)),
        expect: saved,
      },
      {
        name: "submit: file name climbing out of the folder (saved under our own key)",
        request: form({ name: "Climbing Name" }, logoPart(f.png, "../../../../etc/passwd.png")),
        expect: saved,
      },
      {
        name: "submit: file name with CRLF and quotes",
        request: form({ name: "" }, logoPart(f.png, 'a"\r\nContent-Type: text/html\r\n\r\n<script>.png')),
        expect: refused(/Name is required|could not be read/),
      },
      {
        name: "submit: wrong field names",
        request: submit(
          multipartBody([
            { name: "Name", value: "Quillpad" },
            { name: "website_url", value: website() },
            { name: "category", value: "ai" },
            logoPart(f.png),
          ]),
        ),
        expect: refused("Name is required."),
      },
      {
        name: "submit: name twice",
        request: form({ name: ["Quillpad", "Other"] }),
        expect: refused("Name is required."),
      },
      { name: "submit: features twice", request: form({ features: ["a", "b"] }), expect: refused() },
      { name: "submit: description twice", request: form({ description: ["a", "b"] }), expect: refused() },
      {
        name: "submit: websiteUrl twice",
        request: form({ websiteUrl: [website(), website()] }),
        expect: refused("Website URL is required."),
      },
      {
        name: "submit: a part without a name",
        request: submit(
          multipartBody([
            { name: "", value: "x", headers: [] },
            ...formParts(toolFields(website()), { tagline: undefined }, logoPart(f.png)),
          ]),
        ),
        expect: refused("Tagline is required."),
      },
      {
        name: "submit: category not in the list",
        request: form({ categories: ["hacking"] }),
        expect: refused("Please choose categories from the list."),
      },
      {
        name: "submit: categories __proto__ and constructor",
        request: form({ categories: ["__proto__", "constructor"] }),
        expect: refused("Please choose categories from the list."),
      },
      {
        name: "submit: category with a null byte",
        request: form({ categories: ["ai\u0000"] }),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: tagline with a null byte",
        request: form({ tagline: "Notes\u0000 that write" }),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: name with CRLF and a header",
        request: form({ name: "Quillpad\r\nBcc: victim@example.com" }),
        expect: refused(ONE_LINE("Name")),
      },
      {
        name: "submit: name with a lone LF",
        request: form({ name: "Quillpad\nClick here" }),
        expect: refused(ONE_LINE("Name")),
      },
      {
        name: "submit: name with an RTL override",
        request: form({ name: "\u202Edaplliuq" }),
        expect: refused(ONE_LINE("Name")),
      },
      {
        name: "submit: name with a zero-width space",
        request: form({ name: "Quill\u200Bpad" }),
        expect: refused(ONE_LINE("Name")),
      },
      {
        name: "submit: tagline with a paragraph separator",
        request: form({ tagline: "Notes\u2029that write" }),
        expect: refused(ONE_LINE("Tagline")),
      },
      {
        name: "submit: tagline with a tab",
        request: form({ tagline: "Notes\tthat write" }),
        expect: refused(ONE_LINE("Tagline")),
      },
      {
        name: "submit: website with a line break",
        request: form({ websiteUrl: "https://hostile-crlf.example.com/\r\nx" }),
        expect: refused(ONE_LINE("Website URL")),
      },
      {
        name: "submit: a tag with a bidi isolate",
        request: form({ tags: "notes, wri\u2066ting\u2069" }),
        expect: refused(ONE_LINE("Each item of tags")),
      },
      {
        name: "submit: URL-encoded with a null byte",
        request: submit("name=a%00b", FORM),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: six categories",
        request: form({ categories: CATEGORY_SLUGS.slice(0, 6) as string[] }),
        expect: refused("Please choose at most 5 categories."),
      },
      {
        name: "submit: no category",
        request: form({ categories: undefined }),
        expect: refused("Please select at least one category."),
      },
      {
        name: "submit: categories as a comma list",
        request: form({ categories: "ai,productivity" }),
        expect: refused("Please choose categories from the list."),
      },
      { name: "submit: 10,000 tags", request: form({ tags: manyTags }), expect: refused("Tags: at most 10 items.") },
      {
        name: "submit: 10,000 tag fields",
        request: form({ tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`) }),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: tag of 31 characters",
        request: form({ tags: "t".repeat(31) }),
        expect: refused("Each item of tags must be at most 30 characters."),
      },
      {
        name: "submit: 21 features",
        request: form({ features: Array.from({ length: 21 }, (_, i) => `f${i}`).join(",") }),
        expect: refused("Features: at most 20 items."),
      },
      {
        name: "submit: name of 81 characters",
        request: form({ name: "n".repeat(81) }),
        expect: refused("Name must be at most 80 characters."),
      },
      {
        name: "submit: name of 1 MB",
        request: form({ name: "n".repeat(1024 * 1024) }),
        expect: refused("Name must be at most 80 characters."),
      },
      {
        name: "submit: name of punctuation only",
        request: form({ name: "!!! ??? ..." }),
        expect: refused("Tool name cannot be empty."),
      },
      {
        name: "submit: name of control characters",
        request: form({ name: "\u0001\u0002\u0003" }),
        expect: refused(ONE_LINE("Name")),
      },
      {
        name: "submit: name of zero-width characters",
        request: form({ name: "\u200B\u200C\u200D\uFEFF" }),
        expect: refused(ONE_LINE("Name")),
      },
      {
        name: "submit: name of joiners only",
        request: form({ name: "\u200C\u200D" }),
        expect: refused("Tool name cannot be empty."),
      },
      {
        name: "submit: tagline of 161 characters",
        request: form({ tagline: "t".repeat(161) }),
        expect: refused("Tagline must be at most 160 characters."),
      },
      {
        name: "submit: description of 5,001 characters",
        request: form({ description: "d".repeat(5001) }),
        expect: refused("Description must be at most 5,000 characters."),
      },
      {
        name: "submit: pricing details of 501 characters",
        request: form({ pricingDetails: "p".repeat(501) }),
        expect: refused("Pricing details must be at most 500 characters."),
      },
      ...[
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "http://localhost",
        "http://[::1]/",
        "ftp://files.example.com",
        "https://",
        `https://${"a".repeat(2050)}.example.com`,
        "not a url",
        "//evil.example.com",
        "https://exa mple.com",
      ].map((url) => ({
        name: `submit: website ${url.slice(0, 50)}`,
        request: form({ websiteUrl: url }),
        expect: refused(/Please enter the full website address|Website URL must be at most/),
      })),
      {
        name: "submit: email not an address",
        request: form({ submitterEmail: "maker@" }),
        expect: refused("Please enter a valid email address, or leave it empty."),
      },
      {
        name: "submit: email with a header injection",
        request: form({ submitterEmail: "a@b.co\r\nBcc: victim@example.com" }),
        expect: refused("Please enter a valid email address, or leave it empty."),
      },
      {
        name: "submit: pricing model not in the list",
        request: form({ pricingModel: "Free'; --" }),
        expect: refused("Please choose a pricing model from the list."),
      },
      {
        name: "submit: platform not in the list",
        request: form({ platforms: ["Web", "Amiga"] }),
        expect: refused("Please choose platforms from the list."),
      },
      ...["-1", "NaN", "1e309", "19.5", "0x20", "5001", "18", "Infinity", "1,000", " "].map((amount) => ({
        name: `submit: feature amount ${JSON.stringify(amount)}`,
        request: form({ feature: "on", featureAmount: amount }),
        expect: refused("The feature amount must be a whole number of dollars"),
      })),
      {
        name: "submit: feature box with another value",
        request: form({ feature: "yes" }),
        expect: refused("Please tick the box or leave it empty."),
      },
      {
        name: "submit: honeypot filled",
        request: form({ company_url: "http://spam.example" }),
        expect: refused("looks automated"),
      },
      {
        name: "submit: non-UTF-8 bytes in a field",
        request: submit(
          multipartBody([
            { name: "name", value: Buffer.from([0xff, 0xfe, 0x51, 0xc0, 0xaf]) },
            ...formParts(toolFields(website()), { name: undefined, tagline: undefined }, logoPart(f.png)),
          ]),
        ),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: non-UTF-8 category",
        request: submit(
          multipartBody([
            { name: "categories", value: Buffer.from([0x61, 0xff, 0x69]) },
            ...formParts(toolFields(website()), { categories: undefined }, logoPart(f.png)),
          ]),
        ),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: JSON body",
        request: submit(JSON.stringify(toolFields(website())), JSON_TYPE),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: JSON body declared as multipart",
        request: submit(JSON.stringify(toolFields(website()))),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: URL-encoded form without the file",
        request: submit(
          urlencoded(
            Object.entries(toolFields(website())).flatMap(([k, v]) =>
              Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]],
            ),
          ),
          FORM,
        ),
        expect: refused("Please upload a logo file."),
      },
      {
        name: "submit: text/plain garbage",
        request: submit("\u0000\u0001garbage", "text/plain"),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: no Content-Type",
        request: submit("name=x", null),
        expect: refused("The form could not be read."),
      },
      {
        name: "submit: chunked without Content-Length",
        request: {
          method: "POST",
          path: "/submit-tool",
          headers: { ...site, "Content-Type": MULTIPART, "Transfer-Encoding": "chunked" },
          body: multipartBody(formParts(toolFields(website()), {}, logoPart(f.png))),
        },
        expect: { reader: "page", status: 411, message: "length" },
      },
      {
        name: "submit: the /submit address, name too long",
        request: post(
          "/submit",
          multipartBody(formParts(toolFields(website()), { name: "n".repeat(81) }, logoPart(f.png))),
          MULTIPART,
          site,
        ),
        expect: refused("Name must be at most 80 characters."),
      },
      {
        name: "submit: data URL, category not in the list",
        request: post(
          "/submit-tool.data",
          multipartBody(formParts(toolFields(website()), { categories: ["nope"] }, logoPart(f.png))),
          MULTIPART,
          site,
        ),
        expect: { reader: "data", status: 400, message: "Please choose categories from the list." },
      },
      {
        name: "submit: data URL, JSON",
        request: post("/submit.data", "{}", JSON_TYPE, site),
        expect: { reader: "data", status: 400 },
      },
      {
        name: "submit: data URL, 6 MB logo (read past, answered with the form)",
        request: post(
          "/submit-tool.data",
          multipartBody(formParts(toolFields(website()), {}, logoPart(f.sixMegabytes))),
          MULTIPART,
          site,
        ),
        expect: { reader: "data", status: 413, message: "larger than 5 MB" },
      },
      {
        name: "submit: a website already listed",
        request: form({ websiteUrl: seeded.approved.websiteUrl }),
        expect: refused("This website is already listed", 409),
      },
      {
        name: "submit: a website already listed, www. and case changed",
        request: form({ websiteUrl: seeded.approved.websiteUrl.replace("https://", "HTTPS://WWW.").toUpperCase() }),
        expect: refused("This website is already listed", 409),
      },
    ];
    await expectNoProblems(cases);
  });

  // ——— Likes ———

  it("refuses hostile likes: bad ids, bad intents, huge bodies, JSON where a form is expected", async () => {
    const like = (
      path: string,
      body: string | Buffer,
      type: string | null = FORM,
      headers: Record<string, string> = { ...SCRIPT, Origin: s.url },
    ) => post(path, body, type, headers);
    const json = (status: number, message?: string | RegExp) => ({ reader: "json" as const, status, message });
    const page = (status: number, message?: string | RegExp) => ({ reader: "page" as const, status, message });
    const id = seeded.approved.id;
    const cases: HostileCase[] = [
      {
        name: "like: unknown id",
        request: like("/like/nope", "intent=like"),
        expect: json(404, "No public tool has this id."),
      },
      {
        name: "like: pending tool",
        request: like(`/like/${seeded.pending.id}`, "intent=like"),
        expect: json(404, "No public tool has this id."),
      },
      {
        name: "like: rejected tool",
        request: like(`/like/${seeded.rejected.id}`, "intent=like"),
        expect: json(404, "No public tool has this id."),
      },
      {
        name: "like: the tool's slug, not its id",
        request: like(`/like/${seeded.approved.slug}`, "intent=like"),
        expect: json(404, "No public tool has this id."),
      },
      { name: "like: no id", request: like("/like/", "intent=like"), expect: page(405) },
      {
        name: "like: null byte id",
        request: like("/like/%00", "intent=like"),
        expect: json(400, /address could not be read/),
      },
      { name: "like: 8 KB id", request: like(`/like/${KB8}`, "intent=like"), expect: json(404) },
      { name: "like: invalid UTF-8 id", request: like("/like/%FF", "intent=like"), expect: json(400) },
      { name: "like: traversal id", request: like("/like/..%2f..%2fadmin", "intent=like"), expect: json(404) },
      {
        name: "like: SQL id",
        request: like(`/like/${encodeURIComponent("' OR 1=1 --")}`, "intent=like"),
        expect: json(404),
      },
      { name: "like: id __proto__", request: like("/like/__proto__", "intent=like"), expect: json(404) },
      { name: "like: two path segments", request: like(`/like/${id}/extra`, "intent=like"), expect: page(405) },
      ...["lick", "LIKE", "", "like ", "toggle\u0000", "__proto__", "constructor", "1", "true"].map((intent) => ({
        name: `like: intent ${JSON.stringify(intent)}`,
        request: like(`/like/${id}`, urlencoded([["intent", intent]])),
        expect: json(400, "Intent must be like, unlike or toggle."),
      })),
      {
        name: "like: intent twice",
        request: like(`/like/${id}`, "intent=like&intent=unlike"),
        expect: json(400, "Intent must be like, unlike or toggle."),
      },
      {
        name: "like: intent[]",
        request: like(`/like/${id}`, "intent[]=like"),
        expect: { reader: "json", status: [200, 400], writes: ["likes"] },
      },
      {
        name: "like: 11 parameters",
        request: like(`/like/${id}`, Array.from({ length: 11 }, (_, i) => `p${i}=1`).join("&")),
        expect: json(413, "The form has too many fields."),
      },
      {
        name: "like: 11 parameters, a browser",
        request: like(`/like/${id}`, Array.from({ length: 11 }, (_, i) => `p${i}=1`).join("&"), FORM, {
          ...BROWSER,
          Origin: s.url,
        }),
        expect: page(413, "The form has too many fields."),
      },
      {
        name: "like: body of 5 KB",
        request: like(`/like/${id}`, `intent=like&pad=${"x".repeat(5 * 1024)}`),
        expect: json(413, "The request is too large."),
      },
      {
        name: "like: body of 1 MB",
        request: like(`/like/${id}`, `intent=like&pad=${"x".repeat(1024 * 1024)}`),
        expect: json(413, "The request is too large."),
      },
      {
        name: "like: body of 1 MB from a browser",
        request: like(`/like/${id}`, `intent=like&pad=${"x".repeat(1024 * 1024)}`, FORM, { ...BROWSER, Origin: s.url }),
        expect: page(413, "The request is too large."),
      },
      // Not a form: refused (415 unsupported-media-type), never read as "toggle".
      {
        name: "like: JSON body",
        request: like(`/like/${id}`, JSON.stringify({ intent: "unlike" }), JSON_TYPE),
        expect: { reader: "json", status: 415, code: "unsupported-media-type" },
      },
      {
        name: "like: JSON garbage",
        request: like(`/like/${id}`, "{intent:", JSON_TYPE),
        expect: { reader: "json", status: 415, code: "unsupported-media-type" },
      },
      {
        name: "like: JSON from a browser",
        request: like(`/like/${id}`, JSON.stringify({ intent: "like" }), JSON_TYPE, { ...BROWSER, Origin: s.url }),
        expect: { reader: "page", status: 415 },
      },
      {
        name: "like: text/plain",
        request: like(`/like/${id}`, "intent=like", "text/plain"),
        expect: { reader: "json", status: 415, code: "unsupported-media-type" },
      },
      {
        name: "like: multipart",
        request: like(`/like/${id}`, multipartBody([{ name: "intent", value: "like" }]), MULTIPART),
        expect: { reader: "json", status: 415, code: "unsupported-media-type" },
      },
      {
        name: "like: form with a bad charset",
        request: like(`/like/${id}`, "intent=like", `${FORM}; charset=klingon`),
        expect: json(415),
      },
      {
        name: "like: another site's page",
        request: like(`/like/${id}`, "intent=like", FORM, { ...SCRIPT, Origin: "https://evil.example" }),
        expect: json(403, "Likes are only accepted from this site's pages."),
      },
      {
        name: "like: Origin null",
        request: like(`/like/${id}`, "intent=like", FORM, { ...SCRIPT, Origin: "null" }),
        expect: json(403),
      },
      {
        name: "like: another site's page, browser",
        request: like(`/like/${id}`, "intent=like", FORM, { ...BROWSER, Origin: "https://evil.example" }),
        expect: page(403, "Likes are only accepted from this site's pages."),
      },
      {
        name: "like: bad intent from a browser",
        request: like(`/like/${id}`, "intent=lick", FORM, {
          ...BROWSER,
          Origin: s.url,
          Referer: "https://evil.example/x",
        }),
        expect: page(400, "Intent must be like, unlike or toggle."),
      },
      {
        name: "like: unknown id from a browser, Referer //evil",
        request: like("/like/nope", "intent=like", FORM, {
          ...BROWSER,
          Origin: s.url,
          Referer: `${s.url}//evil.example`,
        }),
        expect: page(404),
      },
      { name: "like: GET", request: get(`/like/${id}`, SCRIPT), expect: page(404) },
      {
        name: "like: PUT",
        request: {
          method: "PUT",
          path: `/like/${id}`,
          headers: { ...SCRIPT, Origin: s.url, "Content-Type": FORM },
          body: "intent=like",
        },
        expect: page(405),
      },
      // Accepted, so the rest above are refused for what they are, not for want of a good request.
      {
        name: "like: a good like (accepted)",
        request: like(`/like/${id}`, "intent=like"),
        expect: { reader: "json", status: 200, writes: ["likes"] },
      },
      {
        name: "like: a good unlike from a browser, Referer of another site (accepted)",
        request: like(`/like/${id}`, "intent=unlike", FORM, {
          ...BROWSER,
          Origin: s.url,
          Referer: "https://evil.example/",
        }),
        expect: { reader: "page", status: 303, location: `/tool/${encodeURIComponent(id)}`, writes: ["likes"] },
      },
    ];
    await expectNoProblems(cases);
  });

  // ——— Checkout ———

  it("refuses hostile checkouts: wrong types and amounts, unknown tools, any content type", async () => {
    const id = seeded.approved.id;
    const checkout = (body: unknown, headers: Record<string, string> = { ...SCRIPT, Origin: s.url }) =>
      post("/api/checkout-session", typeof body === "string" ? body : JSON.stringify(body), JSON_TYPE, headers);
    const refusedJson = (message?: string | RegExp, status = 400) => ({ reader: "json" as const, status, message });
    const amountMessage = "amount must be a whole number of dollars from 19 to 5000.";
    const amounts: [string, unknown][] = [
      ["negative", -50],
      ["zero", 0],
      ["below the minimum", 18],
      ["above the maximum", 5001],
      ["huge", 1e21],
      ["float", 25.5],
      ["tiny float", 19.000001],
      ["string float", "25.5"],
      ["string negative", "-25"],
      ["NaN string", "NaN"],
      ["Infinity string", "Infinity"],
      ["hex string", "0x20"],
      ["exponent string", "1e3"],
      ["string with spaces inside", "2 5"],
      ["empty string", ""],
      ["true", true],
      ["null", null],
      ["array", [50]],
      ["object", { value: 50 }],
      ["8 KB digits", "9".repeat(8 * 1024)],
    ];
    const cases: HostileCase[] = [
      ...amounts.map(([what, amount]) => ({
        name: `checkout: amount ${what}`,
        request: checkout({ toolId: id, amount }),
        expect: what === "8 KB digits" ? refusedJson("The request is too large.", 413) : refusedJson(amountMessage),
      })),
      {
        name: "checkout: amount 1e309 (Infinity once parsed)",
        request: checkout(`{"toolId":"${id}","amount":1e309}`),
        expect: refusedJson(amountMessage),
      },
      { name: "checkout: amount missing", request: checkout({ toolId: id }), expect: refusedJson(amountMessage) },
      {
        name: "checkout: toolId missing",
        request: checkout({ amount: 50 }),
        expect: refusedJson("toolId is required."),
      },
      {
        name: "checkout: toolId a number",
        request: checkout({ toolId: 42, amount: 50 }),
        expect: refusedJson("toolId is required."),
      },
      {
        name: "checkout: toolId an array",
        request: checkout({ toolId: [id], amount: 50 }),
        expect: refusedJson("toolId is required."),
      },
      {
        name: "checkout: toolId an object",
        request: checkout({ toolId: { $ne: null }, amount: 50 }),
        expect: refusedJson("toolId is required."),
      },
      {
        name: "checkout: toolId of 101 characters",
        request: checkout({ toolId: "t".repeat(101), amount: 50 }),
        expect: refusedJson("toolId is too long."),
      },
      {
        name: "checkout: toolId blank",
        request: checkout({ toolId: "   ", amount: 50 }),
        expect: refusedJson("toolId is required."),
      },
      {
        name: "checkout: unknown tool",
        request: checkout({ toolId: "nope", amount: 50 }),
        expect: refusedJson("No tool has this id."),
      },
      {
        name: "checkout: rejected tool",
        request: checkout({ toolId: seeded.rejected.id, amount: 50 }),
        expect: refusedJson("No tool has this id."),
      },
      {
        name: "checkout: SQL tool id",
        request: checkout({ toolId: "' OR '1'='1", amount: 50 }),
        expect: refusedJson("toolId is not a tool's id."),
      },
      {
        name: "checkout: tool id with a null byte",
        request: checkout({ toolId: `${id}\u0000`, amount: 50 }),
        expect: refusedJson("toolId is not a tool's id."),
      },
      {
        name: "checkout: __proto__ carrying the fields",
        request: checkout(`{"__proto__":{"toolId":"${id}","amount":50}}`),
        expect: refusedJson("toolId is required."),
      },
      {
        name: "checkout: constructor.prototype carrying the fields",
        request: checkout({ constructor: { prototype: { toolId: id, amount: 50 } } }),
        expect: refusedJson("toolId is required."),
      },
      { name: "checkout: JSON array", request: checkout([{ toolId: id, amount: 50 }]), expect: refusedJson() },
      { name: "checkout: JSON string", request: checkout('"hello"'), expect: refusedJson() },
      { name: "checkout: JSON null", request: checkout("null"), expect: refusedJson() },
      { name: "checkout: JSON number", request: checkout("42"), expect: refusedJson() },
      { name: "checkout: garbage JSON", request: checkout('{"toolId":'), expect: refusedJson(/could not be read/) },
      { name: "checkout: empty JSON body", request: checkout(""), expect: refusedJson() },
      {
        name: "checkout: JSON nested 5,000 deep",
        request: checkout(`${"[".repeat(5000)}${"]".repeat(5000)}`),
        expect: refusedJson("The request is too large.", 413),
      },
      {
        name: "checkout: JSON of 5 KB",
        request: checkout({ toolId: id, amount: 50, pad: "x".repeat(5 * 1024) }),
        expect: refusedJson("The request is too large.", 413),
      },
      {
        name: "checkout: JSON of 2 MB",
        request: checkout({ toolId: id, amount: 50, pad: "x".repeat(2 * 1024 * 1024) }),
        expect: refusedJson("The request is too large.", 413),
      },
      {
        name: "checkout: JSON declared UTF-16",
        request: post(
          "/api/checkout-session",
          JSON.stringify({ toolId: id, amount: 50 }),
          `${JSON_TYPE}; charset=utf-16`,
          { ...SCRIPT, Origin: s.url },
        ),
        expect: refusedJson(),
      },
      {
        name: "checkout: JSON sent as text/plain",
        request: post("/api/checkout-session", JSON.stringify({ toolId: id, amount: 50 }), "text/plain", {
          ...SCRIPT,
          Origin: s.url,
        }),
        expect: refusedJson(),
      },
      {
        name: "checkout: garbage content type",
        request: post("/api/checkout-session", "\u0000\u0001\u0002", "application/octet-stream", {
          ...SCRIPT,
          Origin: s.url,
        }),
        expect: refusedJson(),
      },
      {
        name: "checkout: no content type",
        request: post("/api/checkout-session", "toolId=x&amount=50", null, { ...SCRIPT, Origin: s.url }),
        expect: refusedJson(),
      },
      {
        name: "checkout: multipart",
        request: post(
          "/api/checkout-session",
          multipartBody([
            { name: "toolId", value: id },
            { name: "amount", value: "50" },
          ]),
          MULTIPART,
          { ...SCRIPT, Origin: s.url },
        ),
        expect: refusedJson(),
      },
      {
        name: "checkout: form with amount -1",
        request: post(
          "/api/checkout-session",
          urlencoded([
            ["toolId", id],
            ["amount", "-1"],
          ]),
          FORM,
          { ...SCRIPT, Origin: s.url },
        ),
        expect: refusedJson(amountMessage),
      },
      {
        name: "checkout: form with amount twice",
        request: post("/api/checkout-session", "toolId=x&amount=50&amount=60", FORM, { ...SCRIPT, Origin: s.url }),
        expect: refusedJson(),
      },
      {
        name: "checkout: form with 11 parameters",
        request: post("/api/checkout-session", Array.from({ length: 11 }, (_, i) => `p${i}=1`).join("&"), FORM, {
          ...SCRIPT,
          Origin: s.url,
        }),
        expect: refusedJson("The form has too many fields.", 413),
      },
      {
        name: "checkout: form with amount[]",
        request: post("/api/checkout-session", `toolId=${id}&amount[]=50`, FORM, { ...SCRIPT, Origin: s.url }),
        expect: refusedJson(amountMessage),
      },
      {
        name: "checkout: browser form with a NaN amount",
        request: post(
          "/api/checkout-session",
          urlencoded([
            ["toolId", id],
            ["amount", "NaN"],
          ]),
          FORM,
          { ...BROWSER, Origin: s.url },
        ),
        expect: { reader: "page", status: 400, message: amountMessage },
      },
      {
        name: "checkout: browser form for an unknown tool",
        request: post(
          "/api/checkout-session",
          urlencoded([
            ["toolId", "nope"],
            ["amount", "50"],
          ]),
          FORM,
          { ...BROWSER, Origin: s.url, Referer: "https://evil.example/" },
        ),
        expect: { reader: "page", status: 400, message: "No tool has this id." },
      },
      {
        name: "checkout: browser form of 5 KB (an /api/ address: JSON)",
        request: post("/api/checkout-session", `toolId=${id}&amount=50&pad=${"x".repeat(5000)}`, FORM, {
          ...BROWSER,
          Origin: s.url,
        }),
        expect: refusedJson("The request is too large.", 413),
      },
      {
        name: "checkout: another site's page",
        request: checkout({ toolId: id, amount: 50 }, { ...SCRIPT, Origin: "https://evil.example" }),
        expect: refusedJson("Payments are only started from this site's pages.", 403),
      },
      {
        name: "checkout: Origin null",
        request: checkout({ toolId: id, amount: 50 }, { ...SCRIPT, Origin: "null" }),
        expect: refusedJson(undefined, 403),
      },
      { name: "checkout: GET", request: get("/api/checkout-session", SCRIPT), expect: refusedJson(undefined, 404) },
      {
        name: "checkout: PUT",
        request: {
          method: "PUT",
          path: "/api/checkout-session",
          headers: { ...SCRIPT, Origin: s.url, "Content-Type": JSON_TYPE },
          body: "{}",
        },
        expect: refusedJson(undefined, 404),
      },
      {
        name: "checkout: status of an 8 KB session id",
        request: get(`/api/checkout-session/${KB8}`, SCRIPT),
        expect: { reader: "json", status: 200, message: "unknown" },
      },
      {
        name: "checkout: status of a %00 session id",
        request: get("/api/checkout-session/%00", SCRIPT),
        expect: { reader: "json", status: 400, message: /address could not be read/ },
      },
      {
        name: "checkout: status of an invalid UTF-8 session id",
        request: get("/api/checkout-session/%FF", SCRIPT),
        expect: refusedJson(),
      },
      {
        name: "checkout: status of a traversal session id",
        request: get("/api/checkout-session/..%2f..%2fv1%2fcheckout%2fsessions", SCRIPT),
        expect: { reader: "json", status: 200, message: "unknown" },
      },
      {
        name: "checkout: candidates with q[]",
        request: get("/api/feature-candidates?q[]=x&q[]=y", SCRIPT),
        expect: { reader: "json", status: 200 },
      },
      {
        name: "checkout: candidates with 8 KB q",
        request: get(`/api/feature-candidates?q=${KB8}`, SCRIPT),
        expect: { reader: "json", status: 200 },
      },
      {
        name: "checkout: candidates with % and _ wildcards",
        request: get("/api/feature-candidates?q=%25%25_%5C", SCRIPT),
        expect: { reader: "json", status: 200 },
      },
      {
        name: "checkout: candidates with a null byte",
        request: get("/api/feature-candidates?q=a%00b", SCRIPT),
        expect: { reader: "json", status: 400, message: /address could not be read/ },
      },
      // The bounds, accepted (an order each), so the refusals above are about what they are.
      {
        name: "checkout: amount 19 (accepted)",
        request: checkout({ toolId: id, amount: 19 }),
        expect: { reader: "json", status: 200, writes: ["orders"] },
      },
      {
        name: 'checkout: amount "5000" for a pending tool (accepted)',
        request: checkout({ toolId: seeded.pending.id, amount: "5000" }),
        expect: { reader: "json", status: 200, writes: ["orders"] },
      },
    ];
    await expectNoProblems(cases);
  });

  // ——— Stripe webhooks ———

  it("answers hostile Stripe webhooks without a server error, acting on none", async () => {
    const hook = (body: string | Buffer, signature: string | null, headers: Record<string, string> = {}): Outgoing =>
      post("/webhooks/stripe", body, JSON_TYPE, {
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        Accept: "*/*; q=0.5, application/xml",
        ...(signature === null ? {} : { "Stripe-Signature": signature }),
        ...headers,
      });
    const signed = (body: string) => hook(body, signPayload(body, WEBHOOK_SECRET));
    const badSignature = { reader: "json" as const, status: 400, code: "invalid-argument" as const };
    // A well-signed event: answered 200 (recorded, nothing else) or 400, never a 5xx.
    const ignored = { reader: "json" as const, status: [200, 400], writes: ["payment_events"] as const };
    const event = stripeEvent("checkout.session.completed", {
      id: "cs_hostile",
      object: "checkout.session",
      metadata: {},
    });
    const body = JSON.stringify(event);
    const shapes: [string, unknown][] = [
      ["an empty object", {}],
      ["an array", [event]],
      ["a string", "checkout.session.completed"],
      ["null", null],
      ["no id", { ...event, id: undefined }],
      ["no type", { ...event, type: undefined }],
      ["a numeric id", { ...event, id: 42 }],
      ["an object type", { ...event, type: { $ne: null } }],
      ["an 8 KB type", { ...event, type: KB8 }],
      ["an 8 KB id", { ...event, id: `evt_${KB8}` }],
      ["completed, no data", { ...event, data: undefined }],
      ["completed, data null", { ...event, data: null }],
      ["completed, no object", { ...event, data: {} }],
      ["completed, object a string", { ...event, data: { object: "cs_x" } }],
      ["completed, session id a number", { ...event, id: "evt_h1", data: { object: { id: 123 } } }],
      ["completed, session id an object", { ...event, id: "evt_h2", data: { object: { id: { toString: 1 } } } }],
      ["completed, session id traversal", { ...event, id: "evt_h3", data: { object: { id: "../../v1/customers" } } }],
      ["completed, session id with a null byte", { ...event, id: "evt_h4", data: { object: { id: "cs_\u0000" } } }],
      [
        "async succeeded, no object",
        { ...event, id: "evt_h5", type: "checkout.session.async_payment_succeeded", data: {} },
      ],
      ["expired, no object", { ...event, id: "evt_h6", type: "checkout.session.expired", data: {} }],
      [
        "expired, orderId an object",
        {
          ...event,
          id: "evt_h7",
          type: "checkout.session.expired",
          data: { object: { metadata: { orderId: { $ne: null } } } },
        },
      ],
      [
        "expired, orderId a number",
        {
          ...event,
          id: "evt_h8",
          type: "checkout.session.expired",
          data: { object: { metadata: { orderId: 7 }, client_reference_id: 7 } },
        },
      ],
      [
        "expired, metadata a string",
        { ...event, id: "evt_h9", type: "checkout.session.expired", data: { object: { metadata: "x" } } },
      ],
      ["refunded, no object", { ...event, id: "evt_h10", type: "charge.refunded", data: {} }],
      [
        "refunded, amounts as strings",
        {
          ...event,
          id: "evt_h11",
          type: "charge.refunded",
          data: { object: { payment_intent: "pi_x", amount: "a", amount_refunded: "b", refunded: "yes" } },
        },
      ],
      [
        "refunded, payment_intent an object without id",
        {
          ...event,
          id: "evt_h12",
          type: "charge.refunded",
          data: { object: { payment_intent: {}, amount: 1, amount_refunded: 1, refunded: true } },
        },
      ],
      [
        "refunded, payment_intent a number",
        {
          ...event,
          id: "evt_h13",
          type: "charge.refunded",
          data: { object: { payment_intent: 5, amount: 1, amount_refunded: 1, refunded: true } },
        },
      ],
      ["an unknown type", { ...event, id: "evt_h14", type: "hostile.event" }],
      ["type __proto__", { ...event, id: "evt_h15", type: "__proto__" }],
    ];
    const cases: HostileCase[] = [
      { name: "webhook: unsigned", request: hook(body, null), expect: badSignature },
      { name: "webhook: empty signature", request: hook(body, ""), expect: badSignature },
      { name: "webhook: signature of garbage", request: hook(body, "garbage"), expect: badSignature },
      {
        name: "webhook: signature without v1",
        request: hook(body, `t=${Math.floor(Date.now() / 1000)}`),
        expect: badSignature,
      },
      {
        name: "webhook: signature with a bad timestamp",
        request: hook(body, "t=abc,v1=deadbeef"),
        expect: badSignature,
      },
      { name: "webhook: signature of 8 KB", request: hook(body, `t=1,v1=${KB8}`), expect: badSignature },
      {
        name: "webhook: signed with another secret",
        request: hook(body, signPayload(body, "whsec_other")),
        expect: badSignature,
      },
      {
        name: "webhook: signed an hour ago",
        request: hook(body, signPayload(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)),
        expect: badSignature,
      },
      {
        name: "webhook: signed for another body",
        request: hook(body.replace("cs_hostile", "cs_other"), signPayload(body, WEBHOOK_SECRET)),
        expect: badSignature,
      },
      {
        name: "webhook: signature header twice",
        request: hook(body, null, {
          "Stripe-Signature": [signPayload(body, "whsec_other"), signPayload(body, WEBHOOK_SECRET)],
        } as unknown as Record<string, string>),
        expect: { reader: "json", status: [200, 400], writes: ["payment_events"] },
      },
      {
        name: "webhook: unsigned body of 2 MB",
        request: hook(`{"pad":"${"x".repeat(2 * 1024 * 1024)}"}`, "t=1,v1=00"),
        expect: { reader: "json", status: 413, code: "content-too-large", message: "The request is too large." },
      },
      {
        name: "webhook: signed body of 2 MB",
        request: signed(`{"pad":"${"x".repeat(2 * 1024 * 1024)}"}`),
        expect: { reader: "json", status: 413, code: "content-too-large", message: "The request is too large." },
      },
      {
        name: "webhook: signed garbage JSON",
        request: signed('{"id": "evt_'),
        expect: { reader: "json", status: 400 },
      },
      { name: "webhook: signed empty body", request: signed(""), expect: { reader: "json", status: 400 } },
      {
        name: "webhook: signed non-UTF-8 body",
        request: hook(
          Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
          signPayload(Buffer.from([0xff, 0xfe, 0x7b, 0x7d]).toString("latin1"), WEBHOOK_SECRET),
        ),
        expect: { reader: "json", status: 400 },
      },
      {
        name: "webhook: signed, sent as a form",
        request: post("/webhooks/stripe", body, FORM, { "Stripe-Signature": signPayload(body, WEBHOOK_SECRET) }),
        expect: { reader: "json", status: [200, 400], writes: ["payment_events"] },
      },
      {
        name: "webhook: GET",
        request: get("/webhooks/stripe", { Accept: "*/*" }),
        expect: { reader: "page", status: [404, 405] },
      },
      ...shapes.map(([what, shape]) => ({
        name: `webhook: signed event with ${what}`,
        request: signed(JSON.stringify(shape) ?? "null"),
        expect: ignored,
      })),
    ];
    await expectNoProblems(cases);
  });

  // ——— Admin forms ———

  it("refuses hostile moderation posts with a valid admin session", async () => {
    const moderate = (pairs: [string, string][], headers = admin) =>
      post("/admin/moderation", urlencoded(pairs), FORM, headers);
    const refused = (message?: string | RegExp, status = 400) => ({
      reader: "page" as const,
      status,
      layout: true,
      message,
    });
    const nothing = {
      reader: "page" as const,
      status: 200,
      layout: true,
      message: /Nothing to (approve|reject|delete)/,
    };
    const crossSite = { reader: "page" as const, status: [400, 403], message: /this site/i };
    const pid = seeded.pending.id;
    const cases: HostileCase[] = [
      ...["", "APPROVE", "approve2", "publish", "__proto__", "constructor", "delete\u0000", "approve,delete"].map(
        (intent) => ({
          name: `moderation: intent ${JSON.stringify(intent)}`,
          request: moderate([
            ["intent", intent],
            ["ids", pid],
          ]),
          expect: refused(),
        }),
      ),
      { name: "moderation: no intent", request: moderate([["ids", pid]]), expect: refused() },
      {
        name: "moderation: intent twice",
        request: moderate([
          ["intent", "approve"],
          ["intent", "delete"],
          ["ids", pid],
          ["confirm", "on"],
        ]),
        expect: refused(),
      },
      {
        name: "moderation: approve without ids",
        request: moderate([["intent", "approve"]]),
        expect: refused("Select at least one tool."),
      },
      {
        name: "moderation: approve with an empty id",
        request: moderate([
          ["intent", "approve"],
          ["ids", "  "],
        ]),
        expect: refused(),
      },
      {
        name: "moderation: approve with an 8 KB id",
        request: moderate([
          ["intent", "approve"],
          ["ids", KB8],
        ]),
        expect: refused(),
      },
      {
        name: "moderation: approve 201 ids",
        request: moderate([
          ["intent", "approve"],
          ...Array.from({ length: 201 }, (_, i) => ["ids", `id${i}`] as [string, string]),
        ]),
        expect: refused("At most 200 tools at a time."),
      },
      {
        name: "moderation: reject with a reason of 501 characters",
        request: moderate([
          ["intent", "reject"],
          ["ids", pid],
          ["reason", "r".repeat(501)],
        ]),
        expect: refused("The reason must be at most 500 characters."),
      },
      {
        name: "moderation: delete without confirming",
        request: moderate([
          ["intent", "delete"],
          ["ids", pid],
        ]),
        expect: refused("Tick “I understand” to confirm the deletion."),
      },
      {
        name: "moderation: delete with confirm=yes",
        request: moderate([
          ["intent", "delete"],
          ["ids", pid],
          ["confirm", "yes"],
        ]),
        expect: refused("Tick “I understand” to confirm the deletion."),
      },
      {
        name: "moderation: formKey of 8 KB and no intent",
        request: moderate([
          ["formKey", KB8],
          ["ids", pid],
        ]),
        expect: refused(),
      },
      {
        name: "moderation: approve unknown ids",
        request: moderate([
          ["intent", "approve"],
          ["ids", "nope"],
          ["ids", "' OR 1=1 --"],
          ["ids", "%00"],
        ]),
        expect: nothing,
      },
      {
        name: "moderation: approve ids with a NUL",
        request: moderate([
          ["intent", "approve"],
          ["ids", "nope\u0000"],
        ]),
        expect: refused(/cannot be used \(NUL\)/),
      },
      {
        name: "moderation: reject an unknown id",
        request: moderate([
          ["intent", "reject"],
          ["ids", "nope"],
          ["reason", "<script>alert(1)</script>"],
        ]),
        expect: nothing,
      },
      {
        name: "moderation: delete unknown ids",
        request: moderate([
          ["intent", "delete"],
          ["ids", "nope"],
          ["ids", "__proto__"],
          ["confirm", "on"],
        ]),
        expect: nothing,
      },
      {
        name: "moderation: approve the approved tool",
        request: moderate([
          ["intent", "approve"],
          ["ids", seeded.approved.id],
        ]),
        expect: nothing,
      },
      {
        name: "moderation: reject the rejected tool",
        request: moderate([
          ["intent", "reject"],
          ["ids", seeded.rejected.id],
        ]),
        expect: nothing,
      },
      {
        name: "moderation: JSON body",
        request: post("/admin/moderation", JSON.stringify({ intent: "approve", ids: [pid] }), JSON_TYPE, admin),
        expect: refused(/could not be read/i, 400),
      },
      {
        name: "moderation: text/plain",
        request: post("/admin/moderation", "intent=approve", "text/plain", admin),
        expect: refused(/could not be read/i, 400),
      },
      {
        name: "moderation: multipart without a boundary",
        request: post("/admin/moderation", "x", "multipart/form-data", admin),
        expect: refused(/could not be read/i, 400),
      },
      {
        name: "moderation: body of 300 KB",
        request: moderate([
          ["intent", "approve"],
          ["ids", pid],
          ["pad", "x".repeat(300 * 1024)],
        ]),
        expect: { reader: "page", status: 413, message: "too large" },
      },
      {
        name: "moderation: no Origin",
        request: moderate(
          [
            ["intent", "approve"],
            ["ids", pid],
          ],
          { ...BROWSER, Cookie: seeded.cookie },
        ),
        expect: refused("Admin changes are only accepted from this site's pages.", 403),
      },
      {
        name: "moderation: another site's Origin",
        request: moderate(
          [
            ["intent", "approve"],
            ["ids", pid],
          ],
          { ...admin, Origin: "https://evil.example" },
        ),
        expect: crossSite,
      },
      {
        name: "moderation: Origin null with our Referer",
        request: moderate(
          [
            ["intent", "approve"],
            ["ids", pid],
          ],
          { ...admin, Origin: "null", Referer: `${s.url}/admin/moderation` },
        ),
        expect: crossSite,
      },
      {
        name: "moderation: without a session",
        request: moderate(
          [
            ["intent", "approve"],
            ["ids", pid],
          ],
          site,
        ),
        expect: { reader: "page", status: 401, message: "Admin Login" },
      },
      {
        name: "moderation: data URL, bad intent",
        request: post("/admin/moderation.data", "intent=nope", FORM, admin),
        expect: { reader: "data", status: 400 },
      },
      {
        name: "moderation: data URL, JSON",
        request: post("/admin/moderation.data", "{", JSON_TYPE, admin),
        expect: { reader: "data", status: 400 },
      },
    ];
    await expectNoProblems(cases);
  });

  it("refuses hostile tool edits, deletes and additions with a valid admin session", async () => {
    let n = 0;
    const website = () => `https://hostile-admin-${++n}.example.com`;
    const editPath = `/admin/tools/${encodeURIComponent(seeded.other.id)}`;
    const editFields = () => ({ ...toolFields(seeded.other.websiteUrl), name: seeded.other.name, status: "approved" });
    const edit = (
      change: Record<string, string | string[] | undefined>,
      logo: ReturnType<typeof logoPart> | null = null,
      path = editPath,
    ) => post(path, multipartBody(formParts(editFields(), change, logo)), MULTIPART, admin);
    const add = (
      change: Record<string, string | string[] | undefined>,
      logo: ReturnType<typeof logoPart> | null = logoPart(f.png),
    ) => post("/admin/add-tool", multipartBody(formParts(toolFields(website()), change, logo)), MULTIPART, admin);
    const refused = (message?: string | RegExp, status: number | number[] = 400) => ({
      reader: "page" as const,
      status,
      layout: true,
      message,
    });
    const cases: HostileCase[] = [
      {
        name: "edit: name of 81 characters",
        request: edit({ name: "n".repeat(81) }),
        expect: refused("Name must be at most 80 characters."),
      },
      { name: "edit: empty name", request: edit({ name: "" }), expect: refused("Name is required.") },
      { name: "edit: name with CRLF", request: edit({ name: "Hostile\r\nOther" }), expect: refused(ONE_LINE("Name")) },
      {
        name: "edit: tagline with an RTL override",
        request: edit({ tagline: "\u202Egnitirw" }),
        expect: refused(ONE_LINE("Tagline")),
      },
      {
        name: "add: name with a line separator",
        request: add({ name: "Added\u2028Tool" }),
        expect: refused(ONE_LINE("Name")),
      },
      {
        name: "edit: website javascript:",
        request: edit({ websiteUrl: "javascript:alert(document.cookie)" }),
        expect: refused("Please enter the full website address"),
      },
      {
        name: "edit: website data:",
        request: edit({ websiteUrl: "data:text/html;base64,PHNjcmlwdD4=" }),
        expect: refused("Please enter the full website address"),
      },
      {
        name: "edit: status deleted",
        request: edit({ status: "deleted" }),
        expect: refused("Please choose a status from the list."),
      },
      {
        name: "edit: status __proto__",
        request: edit({ status: "__proto__" }),
        expect: refused("Please choose a status from the list."),
      },
      {
        name: "edit: status twice",
        request: edit({ status: ["approved", "rejected"] }),
        expect: refused("Please choose a status from the list."),
      },
      {
        name: "edit: status missing",
        request: edit({ status: undefined }),
        expect: refused("Please choose a status from the list."),
      },
      {
        name: "edit: category not in the list",
        request: edit({ categories: ["warez"] }),
        expect: refused("Please choose categories from the list."),
      },
      {
        name: "edit: 10,000 tags",
        request: edit({ tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`).join(",") }),
        expect: refused("Tags: at most 10 items."),
      },
      {
        name: "edit: rejection reason of 501 characters",
        request: edit({ status: "rejected", rejectionReason: "r".repeat(501) }),
        expect: refused("The reason must be at most 500 characters."),
      },
      {
        name: "edit: description of 5,001 characters",
        request: edit({ description: "<script>".repeat(700) }),
        expect: refused("Description must be at most 5,000 characters."),
      },
      {
        name: "edit: email not an address",
        request: edit({ submitterEmail: "<img src=x onerror=alert(1)>" }),
        expect: refused("Please enter a valid email address, or leave it empty."),
      },
      {
        name: "edit: SVG named .png",
        request: edit({}, logoPart(f.svg, "x.png")),
        expect: refused("SVG images are not accepted"),
      },
      {
        name: "edit: GIF polyglot",
        request: edit({}, logoPart(f.gifPolyglot, "x.gif", "image/gif")),
        expect: refused("GIF images are not accepted"),
      },
      {
        name: "edit: 6 MB logo",
        request: edit({}, logoPart(f.sixMegabytes)),
        expect: { reader: "page", status: 413, message: "larger than 5 MB" },
      },
      {
        name: "edit: logo just over 5 MB",
        request: edit({}, logoPart(f.justOverLogoLimit)),
        expect: refused("larger than 5 MB", 413),
      },
      {
        name: "edit: a website another tool lists",
        request: edit({ websiteUrl: seeded.approved.websiteUrl }),
        expect: refused("This website is already listed", 409),
      },
      {
        name: "edit: boundary that never ends",
        request: post(editPath, multipartBody(formParts(editFields()), { close: false }), MULTIPART, admin),
        expect: refused("The form could not be read."),
      },
      {
        name: "edit: missing boundary",
        request: post(editPath, multipartBody(formParts(editFields())), "multipart/form-data", admin),
        expect: refused("The form could not be read."),
      },
      {
        name: "edit: JSON body",
        request: post(editPath, JSON.stringify(editFields()), JSON_TYPE, admin),
        expect: refused("The form could not be read."),
      },
      { name: "edit: unknown tool", request: edit({}, null, "/admin/tools/nope"), expect: refused(undefined, 404) },
      {
        name: "edit: tool id with a null byte",
        request: edit({}, null, "/admin/tools/%00"),
        expect: refused(/address could not be read/),
      },
      {
        name: "edit: tool id of 8 KB",
        request: edit({}, null, `/admin/tools/${KB8}`),
        expect: refused(undefined, 404),
      },
      {
        name: "edit: tool id __proto__",
        request: edit({}, null, "/admin/tools/__proto__"),
        expect: refused(undefined, 404),
      },
      {
        name: "edit: tool id of invalid UTF-8",
        request: edit({}, null, "/admin/tools/%C0%AF"),
        expect: refused(/address/i),
      },
      {
        name: "delete: without confirming",
        request: post(editPath, urlencoded([["intent", "delete"]]), FORM, admin),
        expect: refused("Tick “I understand” to confirm the deletion."),
      },
      {
        name: "delete: confirm twice with other values",
        request: post(
          editPath,
          urlencoded([
            ["intent", "delete"],
            ["confirm", "no"],
            ["confirm", "on"],
          ]),
          FORM,
          admin,
        ),
        expect: refused("Tick “I understand” to confirm the deletion."),
      },
      {
        name: "delete: an unknown tool",
        request: post(
          "/admin/tools/nope",
          urlencoded([
            ["intent", "delete"],
            ["confirm", "on"],
          ]),
          FORM,
          admin,
        ),
        expect: refused(undefined, 404),
      },
      {
        name: "delete: intent in another case",
        request: post(
          editPath,
          urlencoded([
            ["intent", "DELETE"],
            ["confirm", "on"],
          ]),
          FORM,
          admin,
        ),
        expect: refused(),
      },
      {
        name: "edit: no Origin",
        request: post(editPath, multipartBody(formParts(editFields())), MULTIPART, {
          ...BROWSER,
          Cookie: seeded.cookie,
        }),
        expect: refused("Admin changes are only accepted from this site's pages.", 403),
      },
      {
        name: "edit: without a session",
        request: post(editPath, multipartBody(formParts(editFields())), MULTIPART, site),
        expect: { reader: "page", status: 401, message: "Admin Login" },
      },
      {
        name: "add: name of 81 characters",
        request: add({ name: "n".repeat(81) }),
        expect: refused("Name must be at most 80 characters."),
      },
      {
        name: "add: category not in the list",
        request: add({ categories: ["nope"] }),
        expect: refused("Please choose categories from the list."),
      },
      {
        name: "add: 10,000 tags",
        request: add({ tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`).join(",") }),
        expect: refused("Tags: at most 10 items."),
      },
      {
        name: "add: 0-byte logo",
        request: add({}, logoPart(Buffer.alloc(0))),
        expect: refused("Logo upload failed: The file is empty"),
      },
      {
        name: "add: SVG named .png",
        request: add({}, logoPart(f.svg)),
        expect: refused("SVG images are not accepted"),
      },
      {
        name: "add: HTML named .png",
        request: add({}, logoPart(f.html)),
        expect: refused("Only PNG, JPEG and WebP images are accepted"),
      },
      {
        name: "add: 6 MB logo",
        request: add({}, logoPart(f.sixMegabytes)),
        expect: { reader: "page", status: 413, message: "larger than 5 MB" },
      },
      {
        name: "add: website file://",
        request: add({ websiteUrl: "file:///etc/passwd" }),
        expect: refused("Please enter the full website address"),
      },
      {
        name: "add: a website already listed",
        request: add({ websiteUrl: seeded.pending.websiteUrl }),
        expect: refused("This website is already listed", 409),
      },
      {
        name: "add: boundary that never ends",
        request: post(
          "/admin/add-tool",
          multipartBody(formParts(toolFields(website()), {}, logoPart(f.png)), { close: false }),
          MULTIPART,
          admin,
        ),
        expect: refused("The form could not be read."),
      },
      {
        name: "add: text/plain",
        request: post("/admin/add-tool", "name=x", "text/plain", admin),
        expect: refused("The form could not be read."),
      },
      {
        name: "add: another site's Origin",
        request: post(
          "/admin/add-tool",
          multipartBody(formParts(toolFields(website()), {}, logoPart(f.png))),
          MULTIPART,
          { ...admin, Origin: "https://evil.example" },
        ),
        expect: { reader: "page", status: [400, 403], message: /this site/i },
      },
      {
        name: "add: data URL, feature amount NaN",
        request: post(
          "/admin/add-tool.data",
          multipartBody(formParts(toolFields(website()), { featureAmount: "NaN" }, logoPart(f.png))),
          MULTIPART,
          admin,
        ),
        expect: { reader: "data", status: 400 },
      },
    ];
    await expectNoProblems(cases);
  });

  it("refuses hostile import URLs, message actions, job runs, logins and logouts", async () => {
    const form = (path: string, pairs: [string, string][], headers = admin) =>
      post(path, urlencoded(pairs), FORM, headers);
    const refused = (message?: string | RegExp, status: number | number[] = 400) => ({
      reader: "page" as const,
      status,
      layout: true,
      message,
    });
    const importUrls = [
      "",
      "   ",
      "javascript:alert(1)",
      "https://www.producthunt.com/posts/x",
      "https://www.producthunt.com.evil.example/posts/x",
      "http://127.0.0.1:9.evil.example/posts/x",
      "http://127.0.0.1:9@evil.example/posts/x",
      "file:///etc/passwd",
      "http://127.0.0.1:9/../../etc/passwd",
      "http://127.0.0.1:9/",
      "http://127.0.0.1:9/posts/",
      `http://127.0.0.1:9/posts/${"x".repeat(5000)}`,
      "gopher://127.0.0.1:9/_x",
      "not a url at all",
      "http://127.0.0.1:9/posts/a b",
      // The URL parser drops tabs and line breaks; what was typed was no link all the same.
      "http://127.0.0.1:9/po\nsts/x",
      "http://127.0.0.1:9/posts/x\r\ny",
      "http://127.0.0.1:9/posts/\tx",
    ];
    const cases: HostileCase[] = [
      ...importUrls.map((url) => ({
        name: `import: url ${JSON.stringify(url.slice(0, 60))}`,
        request: form("/admin/import", [["url", url]]),
        expect: refused(/Please enter (a|a valid) Product Hunt URL!/),
      })),
      {
        name: "import: no url",
        request: form("/admin/import", []),
        expect: refused("Please enter a Product Hunt URL!"),
      },
      {
        name: "import: url twice",
        request: form("/admin/import", [
          ["url", "x"],
          ["url", "y"],
        ]),
        expect: refused(/Product Hunt URL/),
      },
      {
        name: "import: JSON body",
        request: post("/admin/import", JSON.stringify({ url: "x" }), JSON_TYPE, admin),
        expect: refused(/could not be read/i),
      },
      {
        name: "import: url as a file",
        request: post(
          "/admin/import",
          multipartBody([{ name: "url", value: "x", filename: "url.txt", type: "text/plain" }]),
          MULTIPART,
          admin,
        ),
        expect: refused("Please enter a Product Hunt URL!"),
      },
      {
        name: "import: without Origin",
        request: form("/admin/import", [["url", "x"]], { ...BROWSER, Cookie: seeded.cookie }),
        expect: refused(undefined, 403),
      },
      {
        name: "import: data URL",
        request: post("/admin/import.data", "url=javascript:1", FORM, admin),
        expect: { reader: "data", status: 400 },
      },
      ...["", "archive", "READ", "__proto__", "delete "].map((intent) => ({
        name: `messages: intent ${JSON.stringify(intent)}`,
        request: form("/admin/messages", [
          ["intent", intent],
          ["id", seeded.messageId],
        ]),
        expect: refused("The request could not be read. Please try again."),
      })),
      {
        name: "messages: no id",
        request: form("/admin/messages", [["intent", "read"]]),
        expect: refused("The request could not be read. Please try again."),
      },
      {
        name: "messages: id of 101 characters",
        request: form("/admin/messages", [
          ["intent", "delete"],
          ["id", "i".repeat(101)],
        ]),
        expect: refused("The request could not be read. Please try again."),
      },
      {
        name: "messages: open of 8 KB",
        request: form("/admin/messages", [
          ["intent", "read"],
          ["id", seeded.messageId],
          ["open", KB8],
        ]),
        expect: refused("The request could not be read. Please try again."),
      },
      {
        name: "messages: delete an unknown id",
        request: form("/admin/messages", [
          ["intent", "delete"],
          ["id", "nope"],
        ]),
        expect: refused("This message no longer exists", 404),
      },
      {
        name: "messages: id with a NUL",
        request: form("/admin/messages", [
          ["intent", "delete"],
          ["id", `${seeded.messageId}\u0000`],
        ]),
        expect: refused(/cannot be used \(NUL\)/),
      },
      {
        name: "import: url with a NUL",
        request: form("/admin/import", [["url", "http://127.0.0.1:9/posts/a\u0000"]]),
        expect: refused(/cannot be used \(NUL\)/),
      },
      {
        name: "messages: read an unknown id",
        request: form("/admin/messages", [
          ["intent", "read"],
          ["id", "' OR 1=1 --"],
        ]),
        expect: refused("This message no longer exists", 404),
      },
      {
        name: "messages: unread id __proto__",
        request: form("/admin/messages", [
          ["intent", "unread"],
          ["id", "__proto__"],
        ]),
        expect: refused("This message no longer exists", 404),
      },
      {
        name: "messages: intent twice",
        request: form("/admin/messages", [
          ["intent", "read"],
          ["intent", "delete"],
          ["id", seeded.messageId],
        ]),
        expect: refused("The request could not be read. Please try again."),
      },
      {
        name: "messages: id twice",
        request: form("/admin/messages", [
          ["intent", "delete"],
          ["id", "nope"],
          ["id", seeded.messageId],
        ]),
        expect: refused("The request could not be read. Please try again."),
      },
      {
        name: "jobs: job twice",
        request: form("/admin/jobs", [
          ["intent", "run"],
          ["job", "nope"],
          ["job", "link-health"],
        ]),
        expect: refused("Unknown job or action."),
      },
      {
        name: "messages: JSON body",
        request: post("/admin/messages", JSON.stringify({ intent: "delete", id: seeded.messageId }), JSON_TYPE, admin),
        expect: refused(/could not be read/i),
      },
      {
        name: "messages: page NaN (marked read, accepted)",
        request: form("/admin/messages", [
          ["intent", "read"],
          ["id", seeded.messageId],
          ["page", "NaN"],
        ]),
        expect: { reader: "page", status: 303, location: /^\/admin\/messages\?notice=read/ },
      },
      ...[
        "",
        "nope",
        "product-hunt-import ",
        "__proto__",
        "constructor",
        "toString",
        "link-health\u0001",
        "link-health\u0000",
      ].map((job) => ({
        name: `jobs: run job ${JSON.stringify(job)}`,
        request: form("/admin/jobs", [
          ["intent", "run"],
          ["job", job],
        ]),
        expect: refused(job.includes("\u0000") ? /cannot be used \(NUL\)/ : "Unknown job or action."),
      })),
      {
        name: "jobs: intent other than run",
        request: form("/admin/jobs", [
          ["intent", "stop"],
          ["job", "link-health"],
        ]),
        expect: refused("Unknown job or action."),
      },
      { name: "jobs: no fields", request: form("/admin/jobs", []), expect: refused("Unknown job or action.") },
      {
        name: "jobs: JSON body",
        request: post("/admin/jobs", JSON.stringify({ intent: "run", job: "link-health" }), JSON_TYPE, admin),
        expect: refused(/could not be read/i),
      },
      {
        name: "jobs: without Origin",
        request: form(
          "/admin/jobs",
          [
            ["intent", "run"],
            ["job", "link-health"],
          ],
          { ...BROWSER, Cookie: seeded.cookie },
        ),
        expect: refused(undefined, 403),
      },
      {
        name: "dashboard: intent other than scrape",
        request: form("/admin/dashboard", [["intent", "scrape2"]]),
        expect: refused("Unknown action."),
      },
      { name: "dashboard: no intent", request: form("/admin/dashboard", []), expect: refused("Unknown action.") },
      {
        name: "dashboard: JSON body",
        request: post("/admin/dashboard", "{}", JSON_TYPE, admin),
        expect: refused(/could not be read/i),
      },
      { name: "admin index: POST", request: form("/admin", [["intent", "x"]]), expect: refused(undefined, 405) },
      {
        name: "admin orders: POST",
        request: form("/admin/orders", [["intent", "refund"]]),
        expect: refused(undefined, 405),
      },
      {
        name: "admin audit: POST",
        request: form("/admin/audit", [["intent", "clear"]]),
        expect: refused(undefined, 405),
      },
      // Login: wrong credentials and hostile fields, never a session.
      {
        name: "login: wrong password",
        request: form(
          "/admin/login",
          [
            ["username", seeded.username],
            ["password", "wrong password!"],
          ],
          site,
        ),
        expect: { ...refused("Invalid username or password!", 401), records: ["audit_log"] },
      },
      {
        name: "login: SQL username",
        request: form(
          "/admin/login",
          [
            ["username", "' OR '1'='1' --"],
            ["password", "' OR '1'='1' --"],
          ],
          site,
        ),
        expect: { ...refused("Invalid username or password!", 401), records: ["audit_log"] },
      },
      {
        name: "login: username of 65 characters",
        request: form(
          "/admin/login",
          [
            ["username", "u".repeat(65)],
            ["password", "x"],
          ],
          site,
        ),
        expect: refused("Username is too long."),
      },
      {
        name: "login: password of 201 characters",
        request: form(
          "/admin/login",
          [
            ["username", seeded.username],
            ["password", "p".repeat(201)],
          ],
          site,
        ),
        expect: refused("Password is too long."),
      },
      {
        name: "login: password of 200 KB",
        request: form(
          "/admin/login",
          [
            ["username", seeded.username],
            ["password", "p".repeat(200 * 1024)],
          ],
          site,
        ),
        expect: refused("Password is too long."),
      },
      {
        name: "login: empty fields",
        request: form(
          "/admin/login",
          [
            ["username", ""],
            ["password", ""],
          ],
          site,
        ),
        expect: refused("Username is required."),
      },
      {
        name: "login: username twice",
        request: form(
          "/admin/login",
          [
            ["username", seeded.username],
            ["username", "x"],
            ["password", seeded.password],
          ],
          site,
        ),
        expect: refused("Username is required."),
      },
      {
        name: "login: username with CRLF",
        request: form(
          "/admin/login",
          [
            ["username", `${seeded.username}\r\nx`],
            ["password", seeded.password],
          ],
          site,
        ),
        expect: refused(ONE_LINE("Username")),
      },
      {
        name: "login: username with an RTL override",
        request: form(
          "/admin/login",
          [
            ["username", `\u202E${seeded.username}`],
            ["password", seeded.password],
          ],
          site,
        ),
        expect: refused(ONE_LINE("Username")),
      },
      {
        name: "login: username with a null byte",
        request: form(
          "/admin/login",
          [
            ["username", `${seeded.username}\u0000`],
            ["password", seeded.password],
          ],
          site,
        ),
        expect: refused(/cannot be used \(NUL\)/),
      },
      {
        name: "login: another site's Origin",
        request: form(
          "/admin/login",
          [
            ["username", seeded.username],
            ["password", seeded.password],
          ],
          { ...BROWSER, Origin: "https://evil.example" },
        ),
        expect: { reader: "page", status: [400, 403], message: /this site/i },
      },
      {
        name: "login: no Origin",
        request: form(
          "/admin/login",
          [
            ["username", seeded.username],
            ["password", seeded.password],
          ],
          BROWSER,
        ),
        expect: refused("Sign in from this site's own login page.", 403),
      },
      {
        name: "login: JSON body",
        request: post(
          "/admin/login",
          JSON.stringify({ username: seeded.username, password: seeded.password }),
          JSON_TYPE,
          site,
        ),
        expect: refused(/could not be read/i),
      },
      {
        name: "login: data URL, wrong password",
        request: post(
          "/admin/login.data",
          urlencoded([
            ["username", "x"],
            ["password", "y"],
          ]),
          FORM,
          site,
        ),
        expect: { reader: "data", status: 401, records: ["audit_log"] },
      },
      // Right credentials with hostile redirects: signed in (a session), sent to the dashboard only.
      ...[
        "//evil.example",
        "/\\evil.example",
        "https://evil.example/admin",
        "javascript:alert(1)",
        "/admin/logout",
        "/%2F%2Fevil.example",
        "/admin\r\nSet-Cookie: x=1",
      ].map((redirectTo) => ({
        name: `login: redirectTo ${JSON.stringify(redirectTo)} (signed in)`,
        request: form(
          "/admin/login",
          [
            ["username", seeded.username],
            ["password", seeded.password],
            ["redirectTo", redirectTo],
          ],
          site,
        ),
        expect: {
          reader: "page" as const,
          status: 302,
          location: "/admin/dashboard",
          writes: ["sessions", "audit_log"] as const,
        },
      })),
      // Logout: refused without this site's Origin.
      {
        name: "logout: no Origin",
        request: form("/admin/logout", [], { ...BROWSER, Cookie: seeded.cookie }),
        expect: refused("Log out from this site's own pages.", 403),
      },
      // Refused before any route, as every page form posted from another site is.
      {
        name: "logout: another site's Origin",
        request: form("/admin/logout", [], { ...admin, Origin: "https://evil.example" }),
        expect: { reader: "page", status: 403, message: "Forms are only accepted from this site's own pages." },
      },
      {
        name: "logout: bogus cookie (nothing to end)",
        request: form("/admin/logout", [], { ...site, Cookie: `ts_admin=${"Z".repeat(43)}` }),
        expect: { reader: "page", status: 302, location: "/admin" },
      },
      {
        name: "logout: JSON body (nothing read, nothing to end)",
        request: post("/admin/logout", "{", JSON_TYPE, { ...site, Cookie: "ts_admin=bogus" }),
        expect: { reader: "page", status: 302, location: "/admin" },
      },
    ];
    await expectNoProblems(cases);
  });

  it("refuses hostile admin API calls with the documented JSON errors", async () => {
    const api = (
      path: string,
      body: string | null,
      headers: Record<string, string> = { ...SCRIPT, Origin: s.url, Cookie: seeded.cookie },
      type: string | null = JSON_TYPE,
    ): Outgoing => (body === null ? get(path, headers) : post(path, body, type, headers));
    const refused = (status: number, message?: string | RegExp) => ({ reader: "json" as const, status, message });
    const cases: HostileCase[] = [
      {
        name: "admin API: stats without a session",
        request: api("/api/admin/stats", null, SCRIPT),
        expect: refused(401, "Sign in as an admin to do this."),
      },
      {
        name: "admin API: stats as a browser without a session",
        request: api("/api/admin/stats", null, BROWSER),
        expect: refused(401),
      },
      {
        name: "admin API: stats with a query of garbage",
        request: api("/api/admin/stats?__proto__[x]=1&constructor=2", null),
        expect: { reader: "json", status: 200 },
      },
      { name: "admin API: POST stats", request: api("/api/admin/stats", "{}"), expect: refused(404) },
      { name: "admin API: unknown endpoint", request: api("/api/admin/nope", null), expect: refused(404) },
      {
        name: "admin API: screenshot without a session",
        request: api("/api/admin/take-screenshot", "{}", { ...SCRIPT, Origin: s.url }),
        expect: refused(401),
      },
      {
        name: "admin API: screenshot without Origin",
        request: api("/api/admin/take-screenshot", "{}", { ...SCRIPT, Cookie: seeded.cookie }),
        expect: refused(403, "Admin changes are only accepted from this site's pages."),
      },
      {
        name: "admin API: screenshot from another site",
        request: api("/api/admin/take-screenshot", "{}", {
          ...SCRIPT,
          Cookie: seeded.cookie,
          Origin: "https://evil.example",
        }),
        expect: refused(403),
      },
      {
        name: "admin API: screenshot, empty object",
        request: api("/api/admin/take-screenshot", "{}"),
        expect: refused(400, "url is required."),
      },
      {
        name: "admin API: screenshot, garbage JSON",
        request: api("/api/admin/take-screenshot", '{"url":'),
        expect: refused(400, /could not be read/),
      },
      {
        name: "admin API: screenshot, JSON null",
        request: api("/api/admin/take-screenshot", "null"),
        expect: refused(400),
      },
      {
        name: "admin API: screenshot, JSON array",
        request: api("/api/admin/take-screenshot", "[]"),
        expect: refused(400),
      },
      {
        name: "admin API: screenshot, url javascript:",
        request: api(
          "/api/admin/take-screenshot",
          JSON.stringify({ url: "javascript:alert(1)", toolId: seeded.approved.id }),
        ),
        expect: refused(400, "url must be an http(s) address."),
      },
      {
        name: "admin API: screenshot, url file:",
        request: api(
          "/api/admin/take-screenshot",
          JSON.stringify({ url: "file:///etc/passwd", toolId: seeded.approved.id }),
        ),
        expect: refused(400, "url must be an http(s) address."),
      },
      {
        name: "admin API: screenshot, url a number",
        request: api("/api/admin/take-screenshot", JSON.stringify({ url: 1, toolId: seeded.approved.id })),
        expect: refused(400, "url is required."),
      },
      {
        name: "admin API: screenshot, url of 3 KB",
        request: api(
          "/api/admin/take-screenshot",
          JSON.stringify({ url: `https://${"a".repeat(3000)}.example`, toolId: seeded.approved.id }),
        ),
        expect: refused(400, "url is too long."),
      },
      {
        name: "admin API: screenshot, no toolId",
        request: api("/api/admin/take-screenshot", JSON.stringify({ url: "https://example.com" })),
        expect: refused(400, "toolId is required."),
      },
      {
        name: "admin API: screenshot, toolId of 101 characters",
        request: api(
          "/api/admin/take-screenshot",
          JSON.stringify({ url: "https://example.com", toolId: "t".repeat(101) }),
        ),
        expect: refused(400, "toolId is too long."),
      },
      {
        name: "admin API: screenshot, unknown toolId",
        request: api("/api/admin/take-screenshot", JSON.stringify({ url: "http://127.0.0.1:22/", toolId: "nope" })),
        expect: refused(404),
      },
      {
        name: "admin API: screenshot, toolId __proto__",
        request: api(
          "/api/admin/take-screenshot",
          JSON.stringify({ url: "http://169.254.169.254/latest/meta-data/", toolId: "__proto__" }),
        ),
        expect: refused(404),
      },
      {
        name: "admin API: screenshot, __proto__ carrying the fields",
        request: api(
          "/api/admin/take-screenshot",
          `{"__proto__":{"url":"https://example.com","toolId":"${seeded.approved.id}"}}`,
        ),
        expect: refused(400, "url is required."),
      },
      {
        name: "admin API: screenshot, body of 17 KB",
        request: api(
          "/api/admin/take-screenshot",
          JSON.stringify({ url: "https://example.com", toolId: "x", pad: "x".repeat(17 * 1024) }),
        ),
        expect: refused(413, "The request is too large."),
      },
      {
        name: "admin API: screenshot, text/plain",
        request: api(
          "/api/admin/take-screenshot",
          "url=x",
          { ...SCRIPT, Origin: s.url, Cookie: seeded.cookie },
          "text/plain",
        ),
        expect: refused(400, "url is required."),
      },
      {
        name: "admin API: screenshot, form",
        request: api(
          "/api/admin/take-screenshot",
          "url=https://example.com&toolId=nope",
          { ...SCRIPT, Origin: s.url, Cookie: seeded.cookie },
          FORM,
        ),
        expect: refused(400, "url is required."),
      },
      { name: "admin API: screenshot, GET", request: api("/api/admin/take-screenshot", null), expect: refused(404) },
      {
        name: "admin API: scrape without a session",
        request: api("/api/admin/scrape", "{}", { ...SCRIPT, Origin: s.url }),
        expect: refused(401),
      },
      {
        name: "admin API: scrape without Origin",
        request: api("/api/admin/scrape", "{}", { ...SCRIPT, Cookie: seeded.cookie }),
        expect: refused(403),
      },
      { name: "admin API: scrape, GET", request: api("/api/admin/scrape", null), expect: refused(404) },
    ];
    await expectNoProblems(cases);
  });

  // ——— Search ———

  it("answers hostile searches (page and API) without error, recording no hostile term", async () => {
    const term = (text: string) => `/search/${encodeURIComponent(text)}`;
    const results = { reader: "page" as const, status: 200, layout: true, writes: ["search_terms"] as const };
    const tooLong = { reader: "page" as const, status: 400, layout: true, message: /at most 200 characters|too long/i };
    const searches: [string, string][] = [
      ["control characters", "\u0001\u0002\u0003ab\u001f"],
      ["a null byte", "ab\u0000cd"],
      ["only null bytes", "\u0000\u0000\u0000"],
      ["an RTL override", "\u202Eevil\u202C"],
      ["zero-width characters", "no\u200Bte\u200Cs"],
      ["regex metacharacters", ".*+?^${}()|[]\\"],
      ["a catastrophic regex", "(a+)+$"],
      ["SQL", "' OR '1'='1' --"],
      ["SQL union", "x' UNION SELECT password_hash FROM admin_users --"],
      ["LIKE wildcards", "%_%"],
      ["HTML", "<script>alert(1)</script>"],
      ["an attribute breakout", '"><img src=x onerror=alert(1)>'],
      ["a template", "{{7*7}}${7*7}"],
      ["emoji", "🔥🚀 tools"],
      ["combining marks", `a${"\u0301".repeat(150)}`],
      ["a slash", "a/b"],
      ["a percent sign", "100%"],
      ["backslashes", "\\\\server\\share"],
      ["__proto__", "__proto__"],
      ["constructor", "constructor"],
      ["200 characters", "q".repeat(200)],
      ["whitespace runs", " \t\n a \u00a0 b \u3000 "],
    ];
    const nul = (text: string) => text.includes("\u0000");
    // The API first, then the page's refusals, then the page's results (which record terms in the background).
    const cases: HostileCase[] = [
      ...[...searches, ["an empty query", ""] as [string, string]].map(([what, text]) => ({
        name: `search API: ${what}`,
        request: get(`/api/v1/search?q=${encodeURIComponent(text)}`, SCRIPT),
        // A NUL anywhere in the address is refused before the API reads it.
        expect: text.includes("\u0000")
          ? { reader: "json" as const, status: 400, message: /address could not be read/ }
          : what === "an empty query"
            ? { reader: "json" as const, status: 400, message: "q is required" }
            : { reader: "json" as const, status: 200 },
      })),
      {
        name: "search API: 8 KB",
        request: get(`/api/v1/search?q=${KB8}`, SCRIPT),
        expect: { reader: "json", status: 400, message: "q must be at most 200 characters." },
      },
      {
        name: "search API: 12 KB",
        request: get(`/api/v1/search?q=${"b".repeat(12 * 1024)}`, SCRIPT),
        expect: { reader: "json", status: 400, message: "q must be at most 200 characters." },
      },
      {
        name: "search API: no q",
        request: get("/api/v1/search", SCRIPT),
        expect: { reader: "json", status: 400, message: "q is required" },
      },
      {
        name: "search API: q[]",
        request: get("/api/v1/search?q[]=notes", SCRIPT),
        expect: { reader: "json", status: 400 },
      },
      {
        name: "search API: q twice",
        request: get("/api/v1/search?q=a&q=b", SCRIPT),
        expect: { reader: "json", status: 400, message: "q may be given only once." },
      },
      {
        name: "search API: page=0",
        request: get("/api/v1/search?q=notes&page=0", SCRIPT),
        expect: { reader: "json", status: 400, message: "page must be a whole number from 1." },
      },
      {
        name: "search API: page=1e3",
        request: get("/api/v1/search?q=notes&page=1e3", SCRIPT),
        expect: { reader: "json", status: 400, message: "page must be a whole number from 1." },
      },
      {
        name: "search API: page twice",
        request: get("/api/v1/search?q=notes&page=1&page=2", SCRIPT),
        expect: { reader: "json", status: 400, message: "page may be given only once." },
      },
      {
        name: "search API: invalid UTF-8 in q",
        request: get("/api/v1/search?q=%FF%FE", SCRIPT),
        expect: { reader: "json", status: 200 },
      },
      {
        name: "search API: a browser asking",
        request: get("/api/v1/search?q=", BROWSER),
        expect: { reader: "json", status: 400 },
      },
      { name: "search page: 8 KB term", request: get(term(KB8)), expect: tooLong },
      { name: "search page: 201 characters", request: get(term("q".repeat(201))), expect: tooLong },
      { name: "search page: 300 combining marks", request: get(term(`a${"\u0301".repeat(300)}`)), expect: tooLong },
      { name: "search page: ?q= of 8 KB", request: get(`/search?q=${KB8}`), expect: tooLong },
      {
        name: "search page: ?q= of 8 KB of emoji",
        request: get(`/search?q=${encodeURIComponent("🔥".repeat(1000))}`),
        expect: tooLong,
      },
      {
        name: "search page: data URL, 8 KB",
        request: get(`${term(KB8)}.data`, { ...BROWSER, Accept: "*/*" }),
        expect: { reader: "data", status: 400 },
      },
      {
        name: "search page: %00 raw in the path",
        request: get("/search/%00"),
        expect: { reader: "page", status: 400, layout: true, message: /address could not be read/ },
      },
      {
        name: "search page: ?q= with a NUL",
        request: get("/search?q=a%00b"),
        expect: { reader: "page", status: 400, layout: true, message: /address could not be read/ },
      },
      {
        name: "search page: POST",
        request: post("/search/x", "q=1", FORM, site),
        expect: { reader: "page", status: 405, layout: true },
      },
      {
        name: "search page: page=abc",
        request: get("/search/notes?page=abc"),
        expect: { reader: "page", status: 301, location: "/search/notes" },
      },
      {
        name: "search page: page=-1",
        request: get("/search/notes?page=-1"),
        expect: { reader: "page", status: 301, location: "/search/notes" },
      },
      {
        name: "search page: ?q= twice",
        request: get("/search?q=a&q=b"),
        expect: { reader: "page", status: 303, location: /^\/search\/a/ },
      },
      {
        name: "search page: ?q[]=",
        request: get("/search?q[]=x"),
        expect: { reader: "page", status: 200, layout: true },
      },
      {
        name: "search page: ?q= of control characters",
        request: get("/search?q=%01%02"),
        expect: { reader: "page", status: 303 },
      },
      ...searches.map(([what, text]) => ({
        name: `search page: ${what}`,
        request: get(term(text)),
        expect: nul(text)
          ? { reader: "page" as const, status: 400, layout: true, message: /address could not be read/ }
          : results,
      })),
      { name: "search page: %25 alone", request: get("/search/%25"), expect: results },
      {
        name: "search page: page=9999999",
        request: get("/search/hostile?page=9999999"),
        expect: { reader: "page", status: [200, 404], layout: true },
      },
      {
        name: "search page: src=<script>",
        request: get("/search/notes?src=%3Cscript%3E&from=%00"),
        expect: { reader: "page", status: 400, layout: true },
      },
      {
        name: "search page: src=<script> without a NUL",
        request: get("/search/notes?src=%3Cscript%3E&from=%01"),
        expect: results,
      },
    ];
    await expectNoProblems(cases);
    // Searches are counted in the background: wait for them, then nothing hostile may be in the record.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const terms = await s.services.database.db.selectFrom("search_terms").select("term").execute();
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    const hostile = terms.map((t) => t.term).filter((t) => /[\u0000-\u001f\u007f-\u009f]/.test(t) || t.length > 200);
    expect(hostile, "search terms recorded with control characters or over 200 characters").toEqual([]);
  });

  // ——— JSON API ———

  it("answers hostile JSON API parameters with the documented errors", async () => {
    const api = (query: string) => get(`/api/v1/tools${query}`, SCRIPT);
    const bad = (message?: string | RegExp) => ({
      reader: "json" as const,
      status: 400,
      code: "invalid-argument" as const,
      message,
    });
    const lenient = ["0x10"];
    const ok = { reader: "json" as const, status: 200 };
    const cases: HostileCase[] = [
      ...["-1", "0", "1.5", "abc", "1e9", "1000001", "", "NaN", "Infinity", "0x10", " ", "9".repeat(400)].map(
        (page) => ({
          name: `API: page=${JSON.stringify(page.slice(0, 20))}`,
          request: api(`?page=${encodeURIComponent(page)}`),
          expect: lenient.includes(page) ? { reader: "json" as const, status: [200, 400] } : bad(/page/),
        }),
      ),
      ...["1e9", "0", "-5", "101", "abc", "", "2.5", "1e2x"].map((size) => ({
        name: `API: pageSize=${JSON.stringify(size)}`,
        request: api(`?pageSize=${encodeURIComponent(size)}`),
        expect: bad("pageSize must be a whole number from 1 to 100."),
      })),
      ...["x", "__proto__", "constructor", "toString", "RECENT", "recent ", "%00", "name;drop"].map((sort) => ({
        name: `API: sort=${JSON.stringify(sort)}`,
        request: api(`?sort=${encodeURIComponent(sort)}`),
        expect: bad("Unknown sort."),
      })),
      ...["x", "__proto__", "constructor", "hasOwnProperty", "AI", "ai\u0000", "../ai", "' OR 1=1 --"].map(
        (category) => ({
          name: `API: category=${JSON.stringify(category)}`,
          request: api(`?category=${encodeURIComponent(category)}`),
          expect: bad(category.includes("\u0000") ? /address could not be read/ : "Unknown category."),
        }),
      ),
      { name: "API: page twice", request: api("?page=1&page=2"), expect: bad("page may be given only once.") },
      {
        name: "API: pageSize twice",
        request: api("?pageSize=1&pageSize=2"),
        expect: bad("pageSize may be given only once."),
      },
      { name: "API: sort twice", request: api("?sort=recent&sort=name"), expect: bad("sort may be given only once.") },
      {
        name: "API: category twice",
        request: api("?category=ai&category=productivity"),
        expect: bad("category may be given only once."),
      },
      { name: "API: an unknown parameter twice", request: api("?x=1&x=2"), expect: bad("x may be given only once.") },
      { name: "API: page[]", request: api("?page[]=1"), expect: { reader: "json", status: [200, 400] } },
      { name: "API: q[]", request: api("?q[]=x"), expect: ok },
      { name: "API: __proto__[page]", request: api("?__proto__[page]=-1&__proto__=x"), expect: ok },
      { name: "API: constructor[prototype][x]", request: api("?constructor[prototype][pageSize]=0"), expect: ok },
      {
        name: "API: 1,000 unknown parameters",
        request: api(`?${Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join("&")}`),
        expect: ok,
      },
      {
        name: "API: pageSize=1e2 (digits only)",
        request: api("?pageSize=1e2"),
        expect: bad("pageSize must be a whole number from 1 to 100."),
      },
      {
        name: "API: page=0x10 (digits only)",
        request: api("?page=0x10"),
        expect: bad("page must be a whole number from 1."),
      },
      { name: "API: invalid UTF-8 in a parameter", request: api("?category=%FF"), expect: bad("Unknown category.") },
      ...[
        "nope",
        "%00",
        KB8,
        "__proto__",
        "constructor",
        "..%2f..%2fcategories",
        `${seeded.pending.id}`,
        `${seeded.rejected.slug}`,
        "' OR 1=1 --",
      ].map((key) => ({
        name: `API: tool ${JSON.stringify(key.slice(0, 30))}`,
        request: get(`/api/v1/tools/${key === KB8 || key.includes("%") ? key : encodeURIComponent(key)}`, SCRIPT),
        expect:
          key === "%00"
            ? {
                reader: "json" as const,
                status: 400,
                code: "invalid-argument" as const,
                message: /address could not be read/,
              }
            : {
                reader: "json" as const,
                status: 404,
                code: "not-found" as const,
                message: "No public tool has that slug or id.",
              },
      })),
      { name: "API: tool with invalid UTF-8", request: get("/api/v1/tools/%C0%AF", SCRIPT), expect: bad() },
      {
        name: "API: tool with an extra segment",
        request: get(`/api/v1/tools/${seeded.approved.slug}/x`, SCRIPT),
        expect: { reader: "json", status: 404, code: "not-found" },
      },
      { name: "API: categories with junk", request: get("/api/v1/categories?__proto__=1&x[]=2", SCRIPT), expect: ok },
      {
        name: "API: unknown endpoint",
        request: get("/api/v1/nope", SCRIPT),
        expect: { reader: "json", status: 404, code: "not-found" },
      },
      {
        name: "API: unknown version",
        request: get("/api/v2/tools", SCRIPT),
        expect: { reader: "json", status: 404, code: "not-found" },
      },
      { name: "API: /api itself", request: get("/api", SCRIPT), expect: { reader: "json", status: 404 } },
      {
        name: "API: invalid UTF-8 under /api",
        request: get("/api/%FF", SCRIPT),
        expect: { reader: "json", status: [400, 404] },
      },
      {
        name: "API: a browser's missing endpoint",
        request: get("/api/v1/nope", BROWSER),
        expect: { reader: "json", status: 404 },
      },
      {
        name: "API: POST",
        request: post("/api/v1/tools", "{}", JSON_TYPE, SCRIPT),
        expect: bad("This API is read-only: use GET."),
      },
      {
        name: "API: DELETE",
        request: { method: "DELETE", path: `/api/v1/tools/${seeded.approved.id}`, headers: SCRIPT },
        expect: bad("This API is read-only: use GET."),
      },
      {
        name: "API: PUT with a huge body",
        request: {
          method: "PUT",
          path: "/api/v1/tools",
          headers: { ...SCRIPT, "Content-Type": JSON_TYPE },
          body: "x".repeat(1024 * 1024),
        },
        expect: bad("This API is read-only: use GET."),
      },
      {
        name: "API: OPTIONS",
        request: {
          method: "OPTIONS",
          path: "/api/v1/tools",
          headers: { ...SCRIPT, Origin: "https://evil.example", "Access-Control-Request-Method": "DELETE" },
        },
        expect: { reader: "json", status: 204 },
      },
      { name: "API: healthz with a query", request: get("/healthz?__proto__=1", SCRIPT), expect: ok },
      {
        name: "API: POST healthz",
        request: post("/healthz", "{}", JSON_TYPE, SCRIPT),
        expect: { reader: "page", status: 405 },
      },
    ];
    await expectNoProblems(cases);
  });
});

// ——— The limits themselves ———

describe("rate limits under a flood", () => {
  const getServer = useTestServer({
    configure: (config) => {
      const two = { points: 2, durationSec: 600 };
      config.rateLimits.contact = two;
      config.rateLimits.checkout = two;
      config.rateLimits.submit = two;
      config.rateLimits.likeIp = two;
      config.rateLimits.likeVisitor = { points: 1000, durationSec: 600 };
      config.productHunt = { ...config.productHunt, autoImport: false };
      config.linkHealth = { ...config.linkHealth, enabled: false };
    },
  });
  const flood = runner(getServer);

  it("answers 429 with Retry-After and a clear message, and takes nothing in", async () => {
    const s = getServer();
    const seeded = await seed(s);
    const site = { ...BROWSER, Origin: s.url };
    await fetch(`${s.url}/like/${seeded.approved.id}`, {
      method: "POST",
      body: "intent=unlike",
      headers: { "Content-Type": FORM, Accept: JSON_TYPE, Origin: s.url },
    });
    const limited = (reader: "page" | "json", message: string | RegExp) => ({ reader, status: 429, message });
    const rounds = (n: number, make: (i: number) => HostileCase) => Array.from({ length: n }, (_, i) => make(i));
    const checkoutBody = JSON.stringify({ toolId: seeded.approved.id, amount: 50 });
    const { png } = await files();
    const cases: HostileCase[] = [
      // Two posts pass (the second one is refused for its content); every later one meets the limit.
      {
        name: "limits: contact 1 (accepted)",
        request: post("/contact", contact, FORM, site),
        expect: { reader: "page", status: 303, writes: ["contacts"] },
      },
      {
        name: "limits: contact 2 (refused for content)",
        request: post("/contact", "name=", FORM, site),
        expect: { reader: "page", status: 400 },
      },
      ...rounds(5, (i) => ({
        name: `limits: contact flood ${i + 1}`,
        request: post("/contact", contact, FORM, site),
        expect: limited("page", "Too many messages from your network. Please try again later."),
      })),
      {
        name: "limits: checkout 1 (accepted)",
        request: post("/api/checkout-session", checkoutBody, JSON_TYPE, { ...SCRIPT, Origin: s.url }),
        expect: { reader: "json", status: 200, writes: ["orders"] },
      },
      {
        name: "limits: checkout 2 (refused for content)",
        request: post("/api/checkout-session", "{}", JSON_TYPE, { ...SCRIPT, Origin: s.url }),
        expect: { reader: "json", status: 400 },
      },
      ...rounds(5, (i) => ({
        name: `limits: checkout flood ${i + 1}`,
        request: post("/api/checkout-session", checkoutBody, JSON_TYPE, { ...SCRIPT, Origin: s.url }),
        expect: limited("json", "Too many payment attempts in a short time. Please try again later."),
      })),
      ...rounds(3, (i) => ({
        name: `limits: checkout flood from a browser ${i + 1}`,
        request: post("/api/checkout-session", `toolId=${seeded.approved.id}&amount=50`, FORM, site),
        expect: limited("page", "Too many payment attempts"),
      })),
      {
        name: "limits: like 1 (accepted)",
        request: post(`/like/${seeded.approved.id}`, "intent=like", FORM, { ...SCRIPT, Origin: s.url }),
        expect: { reader: "json", status: 200, writes: ["likes"] },
      },
      ...rounds(5, (i) => ({
        name: `limits: like flood ${i + 1}`,
        request: post(`/like/${seeded.approved.id}`, "intent=like", FORM, { ...SCRIPT, Origin: s.url }),
        expect: limited("json", /Too many likes in a short time\. Please wait \d+ seconds\./),
      })),
      ...rounds(3, (i) => ({
        name: `limits: like flood from a browser ${i + 1}`,
        request: post(`/like/${seeded.approved.id}`, "", FORM, site),
        expect: limited("page", "Too many likes in a short time"),
      })),
      // Refused submissions spend nothing (a person correcting the form keeps their tries); the two saved ones spend the limit.
      ...rounds(4, (i) => ({
        name: `limits: submit ${i + 1} (refused for content)`,
        request: post("/submit-tool", multipartBody([]), MULTIPART, site),
        expect: { reader: "page", status: 400 },
      })),
      ...rounds(2, (i) => ({
        name: `limits: submit ${i + 1} (saved)`,
        request: post(
          "/submit-tool",
          multipartBody(formParts(toolFields(`https://flood-${i}.example.com`), {}, logoPart(png))),
          MULTIPART,
          site,
        ),
        expect: { reader: "page", status: 303, writes: ["tools", "tool_categories", "tool_tags", "jobs", "uploads"] },
      })),
      ...rounds(5, (i) => ({
        name: `limits: submit flood ${i + 1}`,
        request: post("/submit-tool", multipartBody([]), MULTIPART, site),
        expect: limited("page", "Too many submissions from your network. Please try again later."),
      })),
      // The built-in test checkout's page, with hostile ids and intents (this server has no Stripe).
      {
        name: "test checkout: unknown session, pay",
        request: post("/test-checkout/nope", "intent=pay", FORM, site),
        expect: { reader: "page", status: 404, message: "No such test checkout." },
      },
      {
        name: "test checkout: unknown session, cancel",
        request: post("/test-checkout/nope", "intent=cancel", FORM, site),
        expect: { reader: "page", status: 404 },
      },
      {
        name: "test checkout: bad intent",
        request: post("/test-checkout/nope", "intent=steal", FORM, site),
        expect: { reader: "page", status: 400, message: "Choose Pay or Cancel." },
      },
      {
        name: "test checkout: JSON body",
        request: post("/test-checkout/nope", '{"intent":"pay"}', JSON_TYPE, site),
        expect: { reader: "page", status: 400, message: /could not be read/i },
      },
      {
        name: "test checkout: 8 KB session, pay",
        request: post(`/test-checkout/${KB8}`, "intent=pay", FORM, site),
        expect: { reader: "page", status: 404 },
      },
    ];
    const problems = await flood.run(cases);
    expect(problems, problems.join("\n")).toEqual([]);
    // Every 429 said when to come back.
    for (const path of ["/contact", "/api/checkout-session", `/like/${seeded.approved.id}`, "/submit-tool"]) {
      const res = await fetch(`${s.url}${path}`, {
        method: "POST",
        body: path === "/api/checkout-session" ? checkoutBody : path === "/submit-tool" ? new FormData() : contact,
        headers:
          path === "/submit-tool"
            ? { Origin: s.url }
            : {
                "Content-Type": path === "/api/checkout-session" ? JSON_TYPE : FORM,
                Origin: s.url,
                Accept: path === "/contact" ? "text/html" : JSON_TYPE,
              },
        redirect: "manual",
      });
      await res.arrayBuffer();
      expect(res.status, path).toBe(429);
      expect(Number(res.headers.get("retry-after")), `${path} Retry-After`).toBeGreaterThan(0);
    }
  });
});

it("sent at least 500 hostile inputs", () => {
  expect(inputsSent()).toBeGreaterThanOrEqual(500);
});
