import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPOSED_LOGO_FIELD } from "../../core/website-fill.ts";
import { decodeEntities, elements, startTags, textOf } from "../../tests/support/html.ts";
import { startMakerSite, MAKER, type MakerSite } from "../../tests/support/maker-site.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { createAdmin } from "../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";

// "Fill from website" on the submit page and the admin's add-tool, against a fake maker site:
// the form comes back filled in (empty fields only), nothing is saved, and the proposed logo is
// saved with the tool only when the person then submits, checked again as an upload.

let site: MakerSite;
beforeAll(async () => {
  site = await startMakerSite();
});
afterAll(() => site?.close());

type Fields = Record<string, string | string[]>;

/**
 * Posts the form. "no-js": as a browser without JavaScript sends it (multipart, an empty file
 * input); "js": as the page's script does (its fields without the file).
 */
async function post(server: TestServer, pagePath: string, fields: Fields, how: "no-js" | "js", cookie?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of typeof value === "string" ? [value] : value) body.append(name, item);
  if (how === "no-js" && !body.has("logo")) body.append("logo", new File([], ""));
  const res = await fetch(`${server.url}${pagePath}`, {
    method: "POST",
    body,
    headers: { Origin: server.url, Accept: "text/html", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  return { res, html: await res.text() };
}

/** The value each named input or textarea of the page's form shows. */
function formValues(html: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { attrs } of startTags(html, "input")) if (attrs.name) values[attrs.name] ??= attrs.value ?? "";
  for (const { attrs, inner } of elements(html, "textarea")) if (attrs.name) values[attrs.name] = decodeEntities(inner);
  return values;
}

const fillStatus = (html: string) => textOf(elements(html, "p", (a) => "data-fill-status" in a)[0]?.inner ?? "");

async function toolCount(server: TestServer) {
  const row = await server.services.database.db
    .selectFrom("tools")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("Fill from website", () => {
  const getServer = useTestServer({ configure: (config) => (config.outboundAllow = [site.hostPort]) });

  for (const how of ["no-js", "js"] as const) {
    it(`fills the empty fields of the submit form, keeps what was typed, and saves nothing (${how})`, async () => {
      const server = getServer();
      const { res, html } = await post(
        server,
        "/submit-tool",
        { intent: "fill", websiteUrl: site.url, name: "", tagline: "My own words", description: "" },
        how,
      );
      expect(res.status).toBe(200);
      const values = formValues(html);
      expect(values).toMatchObject({
        name: MAKER.name,
        tagline: "My own words",
        description: MAKER.description,
        websiteUrl: `${site.url}/`,
      });
      expect(values[PROPOSED_LOGO_FIELD]).toMatch(/^[A-Za-z0-9+/]+=*$/);
      const logo = Buffer.from(values[PROPOSED_LOGO_FIELD]!, "base64");
      // The apple-touch-icon, converted as an upload is.
      expect(await sharp(logo).metadata()).toMatchObject({ format: "webp", width: 160, height: 160 });
      expect(fillStatus(html)).toBe(
        "Filled in from the website: name, description, logo. Please check them before you submit.",
      );
      // A fill shows no field messages: it is not a check of the form.
      expect(elements(html, "p", (a) => /-error$/.test(a.id ?? "")).filter((p) => textOf(p.inner) !== "")).toEqual([]);
      // The file input is optional now, and says why.
      const fileInput = startTags(html, "input").find((t) => t.attrs.type === "file")!;
      expect(fileInput.attrs).not.toHaveProperty("required");
      expect(textOf(html)).toContain("The logo from the website above is used unless you choose a file.");
      expect(await toolCount(server)).toBe(0);
    });
  }

  it("saves the proposed logo with the tool when the form is then submitted, checked as an upload", async () => {
    const server = getServer();
    const filled = formValues(
      (await post(server, "/submit-tool", { intent: "fill", websiteUrl: site.url }, "no-js")).html,
    );
    const { res } = await post(
      server,
      "/submit-tool",
      {
        name: filled.name!,
        tagline: "Notes that link themselves",
        websiteUrl: filled.websiteUrl!,
        description: filled.description!,
        categories: ["productivity"],
        [PROPOSED_LOGO_FIELD]: filled[PROPOSED_LOGO_FIELD]!,
      },
      "no-js",
    );
    expect(res.status).toBe(303);
    const tool = await server.services.database.db
      .selectFrom("tools")
      .select(["name", "logo_url", "status"])
      .executeTakeFirstOrThrow();
    expect(tool).toMatchObject({ name: MAKER.name, status: "pending" });
    const stored = path.join(server.services.storage.localRoot!, tool.logo_url!.replace(/^.*?\/logos\//, "logos/"));
    expect(await sharp(fs.readFileSync(stored)).metadata()).toMatchObject({ format: "webp", width: 160 });
  });

  it("refuses a proposed logo that is not an image, as an upload would be", async () => {
    const server = getServer();
    const before = await toolCount(server);
    const { res, html } = await post(
      server,
      "/submit-tool",
      {
        name: "Tampered",
        tagline: "A logo field changed by hand",
        websiteUrl: "https://tampered.example",
        categories: ["productivity"],
        [PROPOSED_LOGO_FIELD]: Buffer.from("<svg onload=alert(1)>").toString("base64"),
      },
      "no-js",
    );
    expect(res.status).toBe(400);
    expect(textOf(html)).toContain("Logo upload failed: SVG images are not accepted");
    expect(await toolCount(server)).toBe(before);
  });

  it("says what is wrong with the address, under the website field, and fills nothing", async () => {
    const { res, html } = await post(getServer(), "/submit-tool", { intent: "fill", websiteUrl: "notes" }, "js");
    expect(res.status).toBe(400);
    expect(fillStatus(html)).toBe(
      "Nothing was filled in: Please enter the full website address, starting with https://.",
    );
    expect(formValues(html).name).toBe("");
  });

  it("fills the admin's add-tool form the same way", async () => {
    const server = getServer();
    const now = server.services.now();
    const admin = await createAdmin(server.services.database, "fill-admin", "a long enough password", now);
    const cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, admin.id, now)}`;
    const { res, html } = await post(
      server,
      "/admin/add-tool",
      { intent: "fill", websiteUrl: site.url, name: "Typed by the admin" },
      "no-js",
      cookie,
    );
    expect(res.status).toBe(200);
    expect(formValues(html)).toMatchObject({ name: "Typed by the admin", tagline: MAKER.tagline });
    expect(fillStatus(html)).toBe(
      "Filled in from the website: tagline, description, logo. Please check them before you submit.",
    );
  });
});

describe("Fill from website's limit", () => {
  const getServer = useTestServer({
    configure: (config) => {
      config.outboundAllow = [site.hostPort];
      config.rateLimits.websiteFill = { points: 1, durationSec: 60 };
    },
  });

  it("reads one website per address within the limit, then says to wait", async () => {
    const server = getServer();
    expect((await post(server, "/submit-tool", { intent: "fill", websiteUrl: site.url }, "js")).res.status).toBe(200);
    const hits = site.hits;
    const { res, html } = await post(server, "/submit-tool", { intent: "fill", websiteUrl: site.url }, "js");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(fillStatus(html)).toContain("Too many websites read from your network.");
    expect(site.hits).toBe(hits);
  });
});
