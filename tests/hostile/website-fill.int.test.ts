import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, it } from "vitest";
import { PROPOSED_LOGO_FIELD } from "../../core/website-fill.ts";
import { testEngine } from "../support/database.ts";
import { listenLocal, type LocalServer } from "../support/listen.ts";
import { startMakerSite, type MakerSite } from "../support/maker-site.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { files, formParts, MULTIPART, multipartBody, seed, type Files, type Seeded } from "./fixtures.ts";
import { expectNoProblems, inputsSent, post, runner, urlencoded, type HostileCase } from "./harness.ts";

// The hostile-input suite for "Fill from website" (ADR 050): websites that are huge, slow, loop,
// sit on private addresses, send broken markup, broken or enormous logos, or no HTML at all. Every
// fill must answer the form with a clear status line, never a server error, and save nothing.

const TIMEOUT_MS = 700;

let site: MakerSite;
/** A "private" service: on 127.0.0.1 but not allow-listed. */
let neighbour: LocalServer;
let f: Files;
/** Responses held open on purpose, ended after the suite. */
const held: ServerResponse[] = [];

const html = (res: ServerResponse, body: string | Buffer, type = "text/html; charset=utf-8") =>
  res.writeHead(200, { "content-type": type }).end(body);

beforeAll(async () => {
  f = await files();
  neighbour = await listenLocal((_req, res) => html(res, "<title>Internal admin | secret</title>"));
  site = await startMakerSite();
  site.page("/huge", (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.write("<!doctype html><title>Huge Tool | Endless pages</title>");
    const chunk = "<div>".repeat(20_000);
    // 20 MB of open tags, unless the reader hangs up first.
    let sent = 0;
    const more = () => {
      while (sent < 20 * 1024 * 1024 && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", more);
      }
      res.end();
    };
    more();
  });
  site.page("/slow", (_req, res) => void held.push(res));
  site.page("/drip", (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    held.push(res);
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write("<p>")), 50);
  });
  site.page("/loop", (_req, res) => res.writeHead(302, { location: "/loop" }).end());
  site.page("/to-private", (_req, res) => res.writeHead(302, { location: `${neighbour.url}/` }).end());
  site.page("/to-metadata", (_req, res) =>
    res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
  );
  site.page("/malformed", (_req, res) =>
    html(
      res,
      `<html><head><title>Broken <b>Tool</title><meta name="description" content="unterminated >` +
        `<link rel=icon href=<<<><!-- never closed <script>alert(1)</script>`,
    ),
  );
  site.page("/binary", (_req, res) =>
    html(res, Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919) % 256))),
  );
  site.page("/latin1", (_req, res) =>
    html(res, Buffer.from("<title>Caf\xe9 Tool | Na\xefve notes</title>", "latin1"), "text/html; charset=iso-8859-1"),
  );
  site.page("/pdf", (_req, res) => html(res, "%PDF-1.7 not a page", "application/pdf"));
  site.page("/untyped", (_req, res) => res.writeHead(200).end("<title>No type | Said</title>"));
  site.page("/error", (_req, res) => res.writeHead(500, { "content-type": "text/html" }).end("<h1>Oops</h1>"));
  site.page("/elsewhere", (_req, res) =>
    html(res, `<title>Claims | Another site</title><link rel="canonical" href="https://evil.example/">`),
  );
  site.page("/bad-logos", (_req, res) =>
    html(
      res,
      `<title>Bad Logos | Every one broken</title>` +
        `<link rel="apple-touch-icon" href="/logo-html.png"><link rel="icon" sizes="64x64" href="/logo-bomb.png">` +
        `<meta property="og:image" content="/logo-huge.png">`,
    ),
  );
  site.page("/logo-html.png", (_req, res) => html(res, f.html, "image/png"));
  site.page("/logo-bomb.png", (_req, res) => html(res, f.pngBomb, "image/png"));
  site.page("/logo-huge.png", (_req, res) => html(res, f.sixMegabytes, "image/png"));
  site.page("/private-logo", (_req, res) =>
    html(res, `<title>Private Logo | Icon inside</title><link rel="apple-touch-icon" href="${neighbour.url}/a.png">`),
  );
  site.page("/slow-logo", (_req, res) =>
    html(res, `<title>Slow Logo | Icon never comes</title><link rel="apple-touch-icon" href="/slow">`),
  );
});

afterAll(async () => {
  for (const res of held) res.destroy();
  await site?.close();
  await neighbour?.close();
  console.log(`hostile fill inputs sent: ${inputsSent()} (${testEngine()})`);
});

describe("hostile websites for Fill from website", () => {
  const getServer = useTestServer({
    configure: (config) => {
      const generous = { points: 1_000_000, durationSec: 60 };
      config.rateLimits.websiteFill = generous;
      config.rateLimits.submit = generous;
      config.outboundAllow = [site.hostPort];
      config.websiteFill = { timeoutMs: TIMEOUT_MS };
    },
  });
  const flood = runner(getServer);
  let s: TestServer;
  let seeded: Seeded;
  let origin: Record<string, string>;

  beforeAll(async () => {
    s = getServer();
    seeded = await seed(s);
    origin = { Origin: s.url };
  });

  /** A fill of `websiteUrl` from the submit page, as a browser without JavaScript posts it. */
  const fill = (name: string, websiteUrl: string, message: string | RegExp, status = 200): HostileCase => ({
    name,
    request: post(
      "/submit-tool",
      multipartBody(formParts({ intent: "fill", websiteUrl, name: "", tagline: "", description: "" })),
      MULTIPART,
      origin,
    ),
    expect: { reader: "page", status, message },
  });

  it("answers every hostile website with the form and a clear status line, saving nothing", async () => {
    const url = (path: string) => `${site.url}${path}`;
    const notAllowed = "That address is not allowed: only public http and https websites can be read.";
    const noLogo = "No logo was found on the website. Please upload a logo.";
    await expectNoProblems(flood, [
      fill(
        "a 20 MB page is read to its first 512 KB",
        url("/huge"),
        `Filled in from the website: name, tagline. Please check them before you submit. ${noLogo}`,
      ),
      fill("a page that never answers", url("/slow"), "The website did not answer in time."),
      fill("a page that drips forever", url("/drip"), "The website did not answer in time."),
      fill("a redirect loop", url("/loop"), "The website redirects too many times to be read."),
      fill("a private address not allow-listed", `${neighbour.url}/`, notAllowed),
      fill("a redirect to a private address", url("/to-private"), notAllowed),
      fill("a redirect to the cloud metadata address", url("/to-metadata"), notAllowed),
      fill("the cloud metadata address itself", "http://169.254.169.254/latest/meta-data/", notAllowed),
      fill("a closed port", "http://127.0.0.1.nip.io:9/", /That address is not allowed|could not be reached/),
      fill("malformed HTML", url("/malformed"), /Filled in from the website: name\b/),
      fill(
        "binary bytes sent as HTML",
        url("/binary"),
        /Nothing to fill in was found on that page\.|Filled in from the website/,
      ),
      fill("a page in Latin-1", url("/latin1"), "Filled in from the website: name, tagline."),
      fill("a PDF", url("/pdf"), "That address is not a web page, so there is nothing to fill in from it."),
      fill("an answer without a content type", url("/untyped"), "That address is not a web page"),
      fill("a server error", url("/error"), "The website answered with an error (HTTP 500)."),
      fill("a missing page", url("/missing"), "The website answered with an error (HTTP 404)."),
      fill("a canonical link to another site", url("/elsewhere"), "Filled in from the website: name, tagline."),
      fill(
        "logos that are HTML, a pixel bomb and 6 MB",
        url("/bad-logos"),
        "The logo found on the website could not be used: The image has too many pixels (at most 25 megapixels). Please upload a logo.",
      ),
      fill("a logo on a private address", url("/private-logo"), "The logo found on the website could not be used."),
      fill("a logo that never comes", url("/slow-logo"), "The logo found on the website could not be used."),
      fill(
        "a javascript: address",
        "javascript:alert(1)",
        "Nothing was filled in: Please enter the full website address",
        400,
      ),
      fill(
        "a file: address",
        "file:///etc/passwd",
        "Nothing was filled in: Please enter the full website address",
        400,
      ),
      fill("no website", "", "Nothing was filled in: Website URL is required.", 400),
      fill(
        "an address of 10,000 characters",
        `https://a.example/${"a".repeat(10_000)}`,
        "at most 2,048 characters",
        400,
      ),
      {
        name: "a fill posted URL-encoded, as a script would",
        request: post(
          "/submit-tool",
          urlencoded([
            ["intent", "fill"],
            ["websiteUrl", url("/loop")],
          ]),
          "application/x-www-form-urlencoded",
          origin,
        ),
        expect: { reader: "page", status: 200, message: "The website redirects too many times to be read." },
      },
      {
        name: "the admin's fill of a private address",
        request: post(
          "/admin/add-tool",
          multipartBody(formParts({ intent: "fill", websiteUrl: `${neighbour.url}/` })),
          MULTIPART,
          { ...origin, Cookie: seeded.cookie },
        ),
        expect: { reader: "page", status: 200, message: notAllowed },
      },
      {
        name: "a submit whose proposed logo field is an SVG",
        request: post(
          "/submit-tool",
          multipartBody(
            formParts({
              name: "Forged Logo",
              tagline: "A hidden field changed by hand",
              websiteUrl: "https://forged-logo.example",
              categories: "productivity",
              [PROPOSED_LOGO_FIELD]: f.svg.toString("base64"),
            }),
          ),
          MULTIPART,
          origin,
        ),
        expect: { reader: "page", status: 400, message: "Logo upload failed: SVG images are not accepted" },
      },
      {
        name: "a submit whose proposed logo field is not base64",
        request: post(
          "/submit-tool",
          multipartBody(
            formParts({
              name: "Forged Logo",
              tagline: "A hidden field changed by hand",
              websiteUrl: "https://forged-logo.example",
              categories: "productivity",
              [PROPOSED_LOGO_FIELD]: "%%% not base64 <script>",
            }),
          ),
          MULTIPART,
          origin,
        ),
        expect: { reader: "page", status: 400, message: "Please upload a logo file." },
      },
      {
        name: "a submit whose proposed logo field is a pixel bomb",
        request: post(
          "/submit-tool",
          multipartBody(
            formParts({
              name: "Forged Logo",
              tagline: "A hidden field changed by hand",
              websiteUrl: "https://forged-logo.example",
              categories: "productivity",
              [PROPOSED_LOGO_FIELD]: f.pngBomb.toString("base64"),
            }),
          ),
          MULTIPART,
          origin,
        ),
        expect: { reader: "page", status: 400, message: "The image has too many pixels" },
      },
    ]);
  });
});
