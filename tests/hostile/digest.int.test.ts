import { beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../server/platform/config.ts";
import { unsubscribeToken } from "../../server/digest/subscribers.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { formParts, MULTIPART, multipartBody, seed, type Seeded } from "./fixtures.ts";
import {
  BROWSER,
  get,
  post,
  runner,
  urlencoded,
  type HostileCase,
  expectNoProblems as expectHarnessProblems,
  floodLimits,
} from "./harness.ts";

// Hostile inputs to the weekly digest's forms and endpoints: the subscribe form (/digest), the
// confirmation page (/digest/confirm/{token}), the one-click unsubscribe (POST
// /digest/unsubscribe/{token}, RFC 8058) and its page, and the admin page. Every input gets a
// clear answer with the right status — the form's own words where there is a form — and, when
// refused, writes nothing (every table's row count, the digest's three included).

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const KB8 = "a".repeat(8 * 1024);
const ONE_CLICK = "List-Unsubscribe=One-Click";

function floodConfig(config: Config) {
  floodLimits(config);
  config.productHunt = {
    ...config.productHunt,
    baseUrl: "http://127.0.0.1:9",
    apiUrl: "http://127.0.0.1:9/graphql",
    autoImport: false,
    fetchProxies: [],
  };
  config.digest = { ...config.digest, enabled: false };
}

describe("hostile inputs to the weekly digest", () => {
  const getServer = useTestServer({ configure: floodConfig });
  const flood = runner(getServer);
  let s: TestServer;
  let seeded: Seeded;
  let site: Record<string, string>;
  /** A confirmed reader's valid unsubscribe token, and one signed for a reader that does not exist. */
  let token: string;
  let ghostToken: string;

  beforeAll(async () => {
    s = getServer();
    seeded = await seed(s);
    site = { ...BROWSER, Origin: s.url };
    const now = s.services.now();
    const id = "0123456789abcdefghij";
    await s.services.database.db
      .insertInto("digest_subscribers")
      .values({
        id,
        email: "reader@example.com",
        status: "confirmed",
        confirm_token_hash: null,
        confirm_expires_at: null,
        confirm_sent_at: now,
        created_at: now,
        confirmed_at: now,
        unsubscribed_at: null,
      })
      .execute();
    token = await unsubscribeToken(s.services, id);
    ghostToken = await unsubscribeToken(s.services, "zzzzzzzzzzzzzzzzzzzz");
  });

  const expectNoProblems = (cases: HostileCase[]) => expectHarnessProblems(flood, cases);

  it("refuses hostile subscriptions with the form's own words and stores no address", async () => {
    const refused = (message?: string | RegExp) => ({ reader: "page" as const, status: 400, layout: true, message });
    const unreadable = { reader: "page" as const, status: [400, 415], layout: true, message: /could not be read/i };
    const subscribe = (body: string | Buffer, type: string | null = FORM, headers = site) =>
      post("/digest", body, type, headers);
    const cases: HostileCase[] = [
      { name: "subscribe: empty body", request: subscribe(""), expect: refused("Email is required.") },
      {
        name: "subscribe: only whitespace",
        request: subscribe(urlencoded([["email", " \t\n "]])),
        expect: refused("Email is required."),
      },
      {
        name: "subscribe: email of 255 characters",
        request: subscribe(urlencoded([["email", `${"e".repeat(243)}@example.com`]])),
        expect: refused("Email is too long."),
      },
      {
        name: "subscribe: email of 200 KB",
        request: subscribe(urlencoded([["email", `${"e".repeat(200 * 1024)}@example.com`]])),
        expect: refused("Email is too long."),
      },
      {
        name: "subscribe: body of 300 KB",
        request: subscribe(
          urlencoded([
            ["email", "a@b.co"],
            ["x", "m".repeat(300 * 1024)],
          ]),
        ),
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
        "ada@example.com,eve@example.com",
        "'; drop table digest_subscribers; --",
        "=?utf-8?q?x?=@example.com",
      ].map((email) => ({
        name: `subscribe: email ${JSON.stringify(email)}`,
        request: subscribe(urlencoded([["email", email]])),
        expect: refused("Please enter a valid email address."),
      })),
      {
        name: "subscribe: email with a NUL",
        request: subscribe(urlencoded([["email", "ada@example.com\u0000"]])),
        expect: refused(/cannot be used \(NUL\)/),
      },
      {
        name: "subscribe: honeypot filled",
        request: subscribe(
          urlencoded([
            ["email", "ada@example.com"],
            ["digest_website", "http://spam.example"],
          ]),
        ),
        expect: refused("looks automated"),
      },
      {
        name: "subscribe: email twice",
        request: subscribe(
          urlencoded([
            ["email", "ada@example.com"],
            ["email", "eve@example.com"],
          ]),
        ),
        expect: refused(),
      },
      {
        name: "subscribe: email as an array key",
        request: subscribe(urlencoded([["email[]", "ada@example.com"]])),
        expect: refused("Email is required."),
      },
      {
        name: "subscribe: __proto__ fields",
        request: subscribe(
          urlencoded([
            ["__proto__", "x"],
            ["__proto__[email]", "ada@example.com"],
          ]),
        ),
        expect: refused("Email is required."),
      },
      {
        name: "subscribe: non-UTF-8 bytes",
        request: subscribe(Buffer.concat([Buffer.from("email="), Buffer.from([0xff, 0xfe, 0x40])])),
        expect: refused("Please enter a valid email address."),
      },
      {
        name: "subscribe: 10,000 parameters",
        request: subscribe(urlencoded(Array.from({ length: 10_000 }, (_, i) => [`p${i}`, "x"] as [string, string]))),
        expect: refused("Email is required."),
      },
      {
        name: "subscribe: JSON body",
        request: subscribe(JSON.stringify({ email: "ada@example.com" }), JSON_TYPE),
        expect: unreadable,
      },
      { name: "subscribe: text/plain", request: subscribe("email=ada@example.com", "text/plain"), expect: unreadable },
      {
        name: "subscribe: no Content-Type",
        request: subscribe(urlencoded([["email", "ada@example.com"]]), null),
        expect: unreadable,
      },
      {
        name: "subscribe: multipart without a boundary",
        request: subscribe(multipartBody(formParts({ email: "ada@example.com" })), "multipart/form-data"),
        expect: unreadable,
      },
      {
        name: "subscribe: multipart with an invalid email",
        request: subscribe(multipartBody(formParts({ email: "nope" })), MULTIPART),
        expect: refused("Please enter a valid email address."),
      },
      {
        name: "subscribe: from another site",
        request: subscribe(urlencoded([["email", "ada@example.com"]]), FORM, {
          ...BROWSER,
          Origin: "https://evil.example",
        }),
        expect: { reader: "page", status: 403, message: "only accepted from this site" },
      },
      {
        name: "subscribe: Origin null",
        request: subscribe(urlencoded([["email", "ada@example.com"]]), FORM, { ...BROWSER, Origin: "null" }),
        expect: { reader: "page", status: [400, 403] },
      },
      {
        name: "subscribe: data URL with garbage",
        request: post("/digest.data", "email=", FORM, site),
        expect: { reader: "data", status: 400 },
      },
      {
        name: "subscribe: PATCH",
        request: { method: "PATCH", path: "/digest", headers: site },
        expect: { reader: "page", status: [400, 405], layout: true },
      },
      {
        name: "subscribe: the page, with a hostile query",
        request: get(`/digest?sent=${KB8}&email=%3Cscript%3E`),
        expect: { reader: "page", status: 200, layout: true },
      },
      {
        name: "subscribe: the page with a NUL in the query",
        request: get("/digest?sent=%00"),
        expect: { reader: "page", status: 400, layout: true, message: /address/i },
      },
      {
        name: "subscribe: email with an RTL override",
        request: subscribe(urlencoded([["email", "\u202Eada@example.com"]])),
        expect: refused("Please enter a valid email address."),
      },
      {
        name: "subscribe: email with a line separator",
        request: subscribe(urlencoded([["email", "ada@example.com\u2028eve@example.com"]])),
        expect: refused("Please enter a valid email address."),
      },
      {
        name: "subscribe: an address at an internationalised top-level domain",
        request: subscribe(urlencoded([["email", "ada@example.xn--p1ai"]])),
        expect: { reader: "page", status: 303, location: "/digest?sent=1", writes: ["digest_subscribers"] },
      },
      // Last: a valid address is accepted, and stored.
      {
        name: "subscribe: a valid address",
        request: subscribe(urlencoded([["email", " Ada@Example.COM "]])),
        expect: { reader: "page", status: 303, location: "/digest?sent=1", writes: ["digest_subscribers"] },
      },
    ];
    await expectNoProblems(cases);
    const row = await s.services.database.db
      .selectFrom("digest_subscribers")
      .select("email")
      .where("email", "=", "Ada@example.com")
      .executeTakeFirst();
    expect(row).toBeDefined();
  });

  it("refuses the subscribe form past its limit with the form's words", async () => {
    // The address's budget spent: the limiter answers "limited" (its own tests cover the counting).
    const original = s.services.limiters.digestSubscribe;
    s.services.limiters.digestSubscribe = {
      ...original,
      consume: async () => ({ limited: true, retryAfterSec: 60, consumed: 6 }),
    };
    try {
      await expectNoProblems([
        {
          name: "subscribe: past the limit",
          request: post("/digest", urlencoded([["email", "limited@example.com"]]), FORM, site),
          expect: { reader: "page", status: 429, layout: true, message: "Too many subscriptions from your network" },
        },
      ]);
    } finally {
      s.services.limiters.digestSubscribe = original;
    }
  });

  it("refuses hostile confirmation links and posts, confirming nothing", async () => {
    const invalid = { reader: "page" as const, status: 404, layout: true, message: "Link not valid" };
    const badAddress = { reader: "page" as const, status: 400, layout: true, message: /address/i };
    const unknown43 = "A".repeat(43);
    const cases: HostileCase[] = [
      { name: "confirm: GET a short token", request: get("/digest/confirm/abc"), expect: invalid },
      { name: "confirm: GET an unknown token", request: get(`/digest/confirm/${unknown43}`), expect: invalid },
      { name: "confirm: GET an 8 KB token", request: get(`/digest/confirm/${KB8}`), expect: invalid },
      {
        name: "confirm: GET a SQL token",
        request: get(`/digest/confirm/${encodeURIComponent("x' OR '1'='1")}`),
        expect: invalid,
      },
      { name: "confirm: GET a NUL token", request: get("/digest/confirm/%00"), expect: badAddress },
      { name: "confirm: GET an invalid UTF-8 token", request: get("/digest/confirm/%FF"), expect: badAddress },
      {
        name: "confirm: POST an unknown token",
        request: post(`/digest/confirm/${unknown43}`, "", FORM, site),
        expect: invalid,
      },
      {
        name: "confirm: POST a token with a wildcard",
        request: post(`/digest/confirm/${"%25".repeat(43)}`, "", FORM, site),
        expect: invalid,
      },
      { name: "confirm: POST __proto__", request: post("/digest/confirm/__proto__", "", FORM, site), expect: invalid },
      {
        name: "confirm: POST from another site",
        request: post(`/digest/confirm/${unknown43}`, "", FORM, { ...BROWSER, Origin: "https://evil.example" }),
        expect: { reader: "page", status: 403 },
      },
      {
        name: "confirm: POST a JSON body",
        request: post(`/digest/confirm/${unknown43}`, "{}", JSON_TYPE, site),
        expect: { reader: "page", status: [400, 415], layout: true, message: /could not be read/i },
      },
      {
        name: "confirm: data URL with an unknown token",
        request: post(`/digest/confirm/${unknown43}.data`, "", FORM, site),
        expect: { reader: "data", status: 404 },
      },
    ];
    await expectNoProblems(cases);
  });

  it("refuses hostile one-click unsubscribes and keeps the reader", async () => {
    const notValid = { reader: "page" as const, status: 404, message: "not valid" };
    const unsubscribe = (
      path: string,
      body: string | Buffer,
      type: string | null = FORM,
      headers: Record<string, string> = {},
    ) => post(path, body, type, { "User-Agent": "mail-provider/1", Accept: "*/*", ...headers });
    const ours = () => `/digest/unsubscribe/${token}`;
    const cases: HostileCase[] = [
      {
        name: "one-click: no body",
        request: unsubscribe(ours(), ""),
        expect: { reader: "page", status: 400, message: ONE_CLICK },
      },
      {
        name: "one-click: another value",
        request: unsubscribe(ours(), "List-Unsubscribe=Yes"),
        expect: { reader: "page", status: 400, message: ONE_CLICK },
      },
      {
        name: "one-click: the field twice",
        request: unsubscribe(ours(), `${ONE_CLICK}&${ONE_CLICK}`),
        expect: { reader: "page", status: 400, message: ONE_CLICK },
      },
      {
        name: "one-click: lower-case value",
        request: unsubscribe(ours(), "list-unsubscribe=one-click"),
        expect: { reader: "page", status: 400, message: ONE_CLICK },
      },
      {
        name: "one-click: JSON",
        request: unsubscribe(ours(), JSON.stringify({ "List-Unsubscribe": "One-Click" }), JSON_TYPE),
        expect: { reader: "page", status: 400, message: /could not be read/ },
      },
      {
        name: "one-click: no Content-Type",
        request: unsubscribe(ours(), ONE_CLICK, null),
        expect: { reader: "page", status: 400, message: /could not be read/ },
      },
      {
        name: "one-click: multipart without a boundary",
        request: unsubscribe(
          ours(),
          multipartBody(formParts({ "List-Unsubscribe": "One-Click" })),
          "multipart/form-data",
        ),
        expect: { reader: "page", status: 400, message: /could not be read/ },
      },
      {
        name: "one-click: multipart never closed",
        request: unsubscribe(
          ours(),
          multipartBody(formParts({ "List-Unsubscribe": "One-Click" }), { close: false }),
          MULTIPART,
        ),
        expect: { reader: "page", status: 400 },
      },
      {
        name: "one-click: a body of 20 KB",
        request: unsubscribe(ours(), `${ONE_CLICK}&x=${"a".repeat(20 * 1024)}`),
        expect: { reader: "page", status: 413, message: "too large" },
      },
      {
        name: "one-click: a forged signature",
        request: unsubscribe(`${ours().slice(0, -4)}AAAA`, ONE_CLICK),
        expect: notValid,
      },
      {
        name: "one-click: another reader's id with our signature",
        request: unsubscribe(`/digest/unsubscribe/zzzzzzzzzzzzzzzzzzzz.${token.split(".")[1]}`, ONE_CLICK),
        expect: notValid,
      },
      {
        name: "one-click: a reader that does not exist",
        request: unsubscribe(`/digest/unsubscribe/${ghostToken}`, ONE_CLICK),
        expect: notValid,
      },
      { name: "one-click: no token", request: unsubscribe("/digest/unsubscribe/", ONE_CLICK), expect: notValid },
      {
        name: "one-click: a nested path",
        request: unsubscribe(`/digest/unsubscribe/${token}/x`, ONE_CLICK),
        expect: notValid,
      },
      {
        name: "one-click: an 8 KB token",
        request: unsubscribe(`/digest/unsubscribe/${KB8}`, ONE_CLICK),
        expect: notValid,
      },
      { name: "one-click: a NUL token", request: unsubscribe("/digest/unsubscribe/%00", ONE_CLICK), expect: notValid },
      {
        name: "one-click: an invalid UTF-8 token",
        request: unsubscribe("/digest/unsubscribe/%FF", ONE_CLICK),
        expect: notValid,
      },
      {
        name: "one-click: a traversal token",
        request: unsubscribe("/digest/unsubscribe/..%2f..%2fadmin", ONE_CLICK),
        expect: notValid,
      },
      {
        name: "page: GET a forged token",
        request: get(`${ours().slice(0, -4)}AAAA`),
        expect: { reader: "page", status: 404, layout: true, message: "Link not valid" },
      },
      {
        name: "page: GET a reader that does not exist",
        request: get(`/digest/unsubscribe/${ghostToken}`),
        expect: { reader: "page", status: 404, layout: true, message: "Link not valid" },
      },
      {
        name: "page: GET a NUL token",
        request: get("/digest/unsubscribe/%00"),
        expect: { reader: "page", status: 400, layout: true, message: /address/i },
      },
      {
        name: "page: GET the reader's page (nothing changes)",
        request: get(ours()),
        expect: { reader: "page", status: 200, layout: true, message: "Unsubscribe from the weekly digest" },
      },
      // Last: the real thing, from a mail provider with an Origin of its own.
      {
        name: "one-click: valid",
        request: unsubscribe(ours(), ONE_CLICK, FORM, { Origin: "https://mail.example" }),
        expect: { reader: "page", status: 200, writes: ["digest_subscribers"] },
      },
    ];
    await expectNoProblems(cases);
    const row = await s.services.database.db
      .selectFrom("digest_subscribers")
      .select(["status", "email"])
      .where("id", "=", token.split(".")[0]!)
      .executeTakeFirst();
    expect(row).toEqual({ status: "unsubscribed", email: null });
  });

  it("refuses hostile posts to the admin's digest page", async () => {
    const admin = { ...site, Cookie: seeded.cookie };
    const cases: HostileCase[] = [
      {
        name: "admin digest: signed out",
        request: post("/admin/digest", "intent=run", FORM, site),
        expect: { reader: "page", status: 401, layout: true, message: "Admin Login" },
      },
      {
        name: "admin digest: from another site",
        request: post("/admin/digest", "intent=run", FORM, { ...admin, Origin: "https://evil.example" }),
        expect: { reader: "page", status: 403 },
      },
      {
        name: "admin digest: an unknown intent",
        request: post("/admin/digest", "intent=drop", FORM, admin),
        expect: { reader: "page", status: 400, layout: true },
      },
      {
        name: "admin digest: no intent",
        request: post("/admin/digest", "", FORM, admin),
        expect: { reader: "page", status: 400, layout: true },
      },
      {
        name: "admin digest: JSON",
        request: post("/admin/digest", "{}", JSON_TYPE, admin),
        expect: { reader: "page", status: [400, 415], layout: true, message: /could not be read/i },
      },
      {
        name: "admin digest: the page",
        request: get("/admin/digest", { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 200, layout: true, message: "Confirmed readers" },
      },
    ];
    await expectNoProblems(cases);
  });
});
