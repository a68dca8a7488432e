import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { tileColor } from "../../core/tile-colors.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { getPage, metaContent } from "../../tests/support/html.ts";
import { testImage } from "../../tests/support/images.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { changeCatalog } from "../catalog/change.ts";
import { updateToolRow } from "../catalog/write.ts";

// Every public tool's image for link previews (docs/decisions/026): served at /og/{slug}.png,
// announced by the tool page's meta tags, new whenever what it shows changes.

describe("tool images for link previews", () => {
  const testServer = useTestServer();
  let server: TestServer;
  let site: string;
  const plain = makeTool({ name: "Image Plain", tagline: "A tool without a logo", categories: ["design", "ai"] });
  const withLogo = makeTool({ name: "Image Logo", tagline: "A tool with a logo", categories: ["finance"] });
  const renamed = makeTool({ name: "Image Before", tagline: "Renamed later", categories: ["security"] });
  const pending = makeTool({ name: "Image Pending", status: "pending", source: "free_submission" });
  const rejected = makeTool({ name: "Image Rejected", status: "rejected", source: "free_submission" });

  /** The image URL a tool page announces, as a path on this server. */
  async function announced(slug: string): Promise<{ html: string; path: string | null }> {
    const { html } = await getPage(server.url, `/tool/${slug}`);
    const url = metaContent(html, "og:image");
    return { html, path: url?.startsWith(`${site}/og/`) ? url.slice(site.length) : null };
  }

  beforeAll(async () => {
    server = testServer();
    site = server.services.config.siteUrl;
    // A logo as the app stores one: a file of its storage, linked by the URL storage answered.
    withLogo.logoUrl = await server.services.storage.put(
      "logos/image-logo_1_logo.webp",
      await testImage("webp", 160, 160),
      "image/webp",
    );
    await addTools(server.services, [plain, withLogo, renamed, pending, rejected]);
  });

  it("announces a public tool's image on its page as a large card with its size and a text alternative", async () => {
    const { html, path } = await announced(plain.slug);
    expect(path).toMatch(new RegExp(`^/og/${plain.slug}\\.png\\?v=[0-9a-f]{16}$`));
    expect(metaContent(html, "twitter:image")).toBe(`${site}${path}`);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "og:image:alt")).toBe("Image Plain — A tool without a logo");
    expect(metaContent(html, "twitter:image:alt")).toBe("Image Plain — A tool without a logo");
  });

  it("serves it as a 1200×630 PNG, cached for good under its version and briefly without one", async () => {
    const { path } = await announced(plain.slug);
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const etag = res.headers.get("etag");
    expect(etag).toBe(`"${new URL(path!, site).searchParams.get("v")}"`);
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);

    // The stable address without a version: today's image, which a change may replace.
    const bare = await fetch(`${server.url}/og/${plain.slug}.png`);
    expect(bare.status).toBe(200);
    expect(bare.headers.get("cache-control")).toBe("public, max-age=300");
    expect(Buffer.from(await bare.arrayBuffer()).equals(png)).toBe(true);

    // Asked again with its ETag: 304, no body.
    const again = await fetch(`${server.url}${path}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const head = await fetch(`${server.url}${path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
  });

  it("answers concurrent first requests for one tool with the same image", async () => {
    const path = `/og/${withLogo.slug}.png`;
    const bodies = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer());
      }),
    );
    for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true);
  });

  it("draws the tool's stored logo into the image, and the name's letter tile when there is none", async () => {
    /** A pixel of the logo box clear of a tile's letter (the box is at 80,80; the tile inside it at 100,100). */
    const logoPixel = async (slug: string) => {
      const png = Buffer.from(await (await fetch(`${server.url}/og/${slug}.png`)).arrayBuffer());
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (114 * info.width + 140) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!] as const;
    };
    const distance = (a: readonly number[], b: readonly number[]) =>
      a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0);
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    // testImage is rgb(200, 40, 90); the PNG's palette may move colours a little.
    expect(distance(await logoPixel(withLogo.slug), [200, 40, 90])).toBeLessThan(30);
    expect(distance(await logoPixel(plain.slug), rgb(tileColor(plain.name)))).toBeLessThan(30);
  });

  it("has a new image at a new address when the tool's name changes", async () => {
    const before = await announced(renamed.slug);
    const oldImage = Buffer.from(await (await fetch(`${server.url}${before.path}`)).arrayBuffer());
    await changeCatalog(server.services, (write) => updateToolRow(write, renamed.id, { name: "Image After" }));

    const after = await announced(renamed.slug);
    expect(after.path).not.toBe(before.path);
    expect(after.path).toMatch(new RegExp(`^/og/${renamed.slug}\\.png\\?v=[0-9a-f]{16}$`));
    const res = await fetch(`${server.url}${after.path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const newImage = Buffer.from(await res.arrayBuffer());
    expect(newImage.equals(oldImage)).toBe(false);

    // The old address now answers today's image, and only briefly cached: it is no longer current.
    const old = await fetch(`${server.url}${before.path}`);
    expect(old.status).toBe(200);
    expect(old.headers.get("cache-control")).toBe("public, max-age=300");
    expect(Buffer.from(await old.arrayBuffer()).equals(newImage)).toBe(true);
    // A client holding the old ETag gets the new image, not a 304.
    const revalidated = await fetch(`${server.url}/og/${renamed.slug}.png`, {
      headers: { "If-None-Match": before.path!.replace(/^.*v=(\w+)$/, '"$1"') },
    });
    expect(revalidated.status).toBe(200);
  });

  it("answers 404 for unknown, pending and rejected tools, and announces none for a pending tool's page", async () => {
    for (const path of [
      "/og/no-such-tool.png",
      `/og/${pending.slug}.png`,
      `/og/${rejected.slug}.png`,
      `/og/${plain.slug}`,
      `/og/${plain.slug}.webp`,
      `/og/${plain.id}.png`,
      `/og/${plain.slug}.png/extra`,
      "/og/",
      `/og/${"a".repeat(8192)}.png`,
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path.slice(0, 60)).toBe(404);
      expect(res.headers.get("content-type"), path.slice(0, 60)).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const { html, path } = await announced(pending.slug);
    expect(path).toBeNull();
    expect(metaContent(html, "twitter:card")).toBe("summary");
  });

  it("answers other methods with 405 and unreadable addresses with 400", async () => {
    const post = await fetch(`${server.url}/og/${plain.slug}.png`, { method: "POST", headers: { Origin: server.url } });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    for (const path of ["/og/%FF.png", "/og/a%00b.png"])
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(400);
  });
});
