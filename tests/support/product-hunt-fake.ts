import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import sharp from "sharp";
import type { Config } from "../../server/platform/config.ts";
import { listenLocal, type LocalServer } from "./listen.ts";

// A fake of Product Hunt at the HTTP level on 127.0.0.1: launch pages (in the shapes the real site
// serves, and the ways it fails), the Atom feed, the /r/p redirector, the image host and the
// GraphQL v2 API, all on one port. One origin stands in for www.producthunt.com, ph-files.imgix.net
// and api.producthunt.com, so OUTBOUND_ALLOW needs a single entry.

export type FakeLaunchFormat = "full" | "og-only" | "apollo-only" | "forbidden" | "garbage";

export interface FakeLaunch {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  description: string;
  /** The launch's real website (a page on a test site); the /r/p/{id} redirect and the visit link lead here. */
  website: string;
  /** Product Hunt category names (Apollo categories / ld+json applicationCategory) */
  categories: string[];
  /** GraphQL topic names */
  topics: string[];
  /** "image": a real logo under /ph-files; "placeholder": og:image/thumbnail is /ph-static/ph-logo-placeholder.png; "none": no image anywhere; "broken": the image URL answers 404 */
  logo: "image" | "placeholder" | "none" | "broken";
  format: FakeLaunchFormat;
  /** The visit link's target: "direct" = {website}?ref=producthunt (default), "redirect" = {BASE}/r/p/{id} */
  visitLink?: "direct" | "redirect";
  /** ISO date-time */
  publishedAt: string;
}

export interface ProductHuntFake {
  /** `http://127.0.0.1:PORT` */
  baseUrl: string;
  /** `${baseUrl}/v2/api/graphql` */
  apiUrl: string;
  /** "127.0.0.1:PORT" for OUTBOUND_ALLOW */
  hostPort: string;
  /** The bearer token the GraphQL endpoint accepts. */
  token: string;
  /** Mutable; the pages, feed and API read it on each request (and list it newest publishedAt first). */
  launches: FakeLaunch[];
  /** Every request received, in order; `path` is the request target (path and query). */
  requests: { method: string; path: string; headers: Record<string, string | string[] | undefined>; at: number }[];
  /** `${baseUrl}/products/${slug}` */
  launchUrl(slug: string): string;
  /**
   * The next n requests whose path (with query) starts with pathPrefix answer status (e.g. 429 with
   * retryAfterSec, or 500/403). Calls stack: each rule is used up in the order given.
   */
  failNext(pathPrefix: string, n: number, status: number, retryAfterSec?: number): void;
  /** Makes every response wait ms first (to test "a run in progress"). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

const HTML = "text/html; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";
const PLACEHOLDER_PATH = "/ph-static/ph-logo-placeholder.png";
const LOGO_SIZE = 512;
const MAX_IMAGE_SIDE = 2048;
// Product Hunt's GraphQL complexity budget per 15 minutes, echoed in its X-Rate-Limit-* headers.
const RATE_LIMIT = 6250;

// ——— Escaping ———

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!,
  );
}

const UNDEFINED = "\u0000undefined\u0000";

/**
 * A value as JavaScript for an inline script: JSON, except that UNDEFINED strings become bare
 * `undefined` (what Apollo's SSR transport really emits), and `<` cannot close the script.
 */
function scriptValue(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll(JSON.stringify(UNDEFINED), "undefined")
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

// ——— Addresses of a launch ———

/** The launch's file name stem on the image host: imgix names start with a content hash. */
function fileStem(launch: FakeLaunch): string {
  return `${createHash("sha1").update(launch.slug).digest("hex").slice(0, 4)}-${launch.slug}`;
}

/** `website` with ref=producthunt added the way Product Hunt adds it (after any query, before any fragment). */
export function withRef(website: string): string {
  try {
    const url = new URL(website);
    url.search = url.search ? `${url.search}&ref=producthunt` : "?ref=producthunt";
    return url.href;
  } catch {
    return `${website}${website.includes("?") ? "&" : "?"}ref=producthunt`;
  }
}

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A stable small number from text: category ids, colours, maker names. */
function hashNumber(text: string): number {
  return createHash("sha1").update(text).digest().readUInt32BE(0);
}

const MAKERS = ["Ada Maker", "Grace Builder", "Linus Shipper", "Hedy Founder", "Alan Hacker", "Katherine Launch"];

/** Product Hunt's feed speaks Pacific time; a fixed -08:00 is what it shows outside daylight saving. */
function pacific(ms: number): string {
  return `${new Date(ms - 8 * 3_600_000).toISOString().slice(0, 19)}-08:00`;
}

function publishedMs(launch: FakeLaunch): number {
  const ms = Date.parse(launch.publishedAt);
  return Number.isNaN(ms) ? 0 : ms;
}

function newestFirst(launches: FakeLaunch[]): FakeLaunch[] {
  return [...launches].sort((a, b) => publishedMs(b) - publishedMs(a) || b.id - a.id);
}

// ——— Images ———

/** A square logo (or a wide screenshot) with some shape in it, so it is not one flat colour. */
function renderImage(seed: string, width: number, height: number): Promise<Buffer> {
  const h = hashNumber(seed);
  const bg = `hsl(${h % 360},65%,45%)`;
  const r = Math.round(Math.min(width, height) * 0.3);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${bg}"/>` +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#fff" fill-opacity="0.85"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The imgix-style `w`/`h` parameters, clamped; undefined when absent or not a number. */
function side(value: string | null): number | undefined {
  if (value === null) return undefined;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_IMAGE_SIDE) : undefined;
}

// ——— Pages ———

function page(title: string, head: string, body: string): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"/>` +
    `<title>${escapeHtml(title)}</title>${head}` +
    `<script src="/_next/static/chunks/webpack-5c3a1f.js" async=""></script></head>` +
    `<body><div id="__next">${body}</div></body></html>`
  );
}

const HEADER =
  `<header class="styles_header__x1"><nav aria-label="Main">` +
  `<a href="/" aria-label="Product Hunt home">Product Hunt</a>` +
  `<a href="/launches">Launches</a><a href="/categories">Products</a><a href="/news">News</a>` +
  `<a href="/login">Sign in</a></nav></header>`;

const FOOTER = `<footer><a href="/about">About</a> · <a href="/newsletter">Newsletter</a> · © 2026 Product Hunt</footer>`;

function notFoundPage(): string {
  return page(
    "Page not found | Product Hunt",
    "",
    `${HEADER}<main><h1>Hmm, we can’t find that page</h1><p>It may have been moved or deleted.</p></main>${FOOTER}`,
  );
}

function cloudflarePage(status: number, ray: string): string {
  const title = status === 429 ? "Too many requests" : status === 403 ? "Access denied" : "Error";
  const code = status === 429 ? "1015" : status === 403 ? "1020" : String(status);
  return (
    `<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"/>` +
    `<title>${title} | www.producthunt.com used Cloudflare to restrict access</title>` +
    `<meta name="robots" content="noindex, nofollow"/></head><body><div id="cf-wrapper">` +
    `<div id="cf-error-details"><h1><span>${title}</span> <span class="cf-code">Error code ${code}</span></h1>` +
    `<p>You do not have access to www.producthunt.com.</p>` +
    `<p>The site owner may have set restrictions that prevent you from accessing the site.</p>` +
    `<p class="cf-footer">Cloudflare Ray ID: <strong>${ray}</strong> · Performance &amp; security by Cloudflare</p>` +
    `</div></div></body></html>`
  );
}

/** Deterministic bytes that are not HTML: NULs, invalid UTF-8, a PNG signature in the middle. */
function garbage(seed: number): Buffer {
  const bytes = Buffer.alloc(4096);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x3c, 0x68, 0x74, 0x00]).copy(bytes, 1024);
  return bytes;
}

// ——— Fake ———

/** `launches` replaces the default set. */
export async function startProductHuntFake(
  options: { launches?: FakeLaunch[]; token?: string } = {},
): Promise<ProductHuntFake> {
  const token = options.token ?? "ph-fake-token-5f2c9e";
  const requests: ProductHuntFake["requests"] = [];
  const failures: { prefix: string; left: number; status: number; retryAfterSec?: number }[] = [];
  const images = new Map<string, Promise<Buffer>>();
  const timers = new Set<NodeJS.Timeout>();
  let delayMs = 0;
  let apiCalls = 0;
  let base = "";
  // Filled in once the port is known: the default set points at a website of its own.
  let ownWebsite: Awaited<ReturnType<typeof startFakeWebsite>> | null = null;
  const fake = { launches: options.launches ?? [] } as ProductHuntFake;

  const find = (slug: string) => fake.launches.find((l) => l.slug === slug);
  const imageUrl = (launch: FakeLaunch, query: string): string | null =>
    launch.logo === "none"
      ? null
      : launch.logo === "placeholder"
        ? `${base}${PLACEHOLDER_PATH}`
        : `${base}/ph-files/${encodeURIComponent(fileStem(launch))}.png${query}`;
  const redirector = (launch: FakeLaunch) => `${base}/r/p/${launch.id}`;
  const categoryOf = (name: string) => ({
    __typename: "ProductCategory",
    id: String((hashNumber(name) % 900) + 10),
    name,
    slug: slugify(name),
  });

  function launchPage(launch: FakeLaunch): string {
    const title = `${launch.name}: ${launch.tagline} | Product Hunt`;
    const url = `${base}/products/${encodeURIComponent(launch.slug)}`;
    const image = imageUrl(launch, "?auto=format");
    const og =
      `<meta name="description" content="${escapeHtml(launch.description)}"/>` +
      `<meta property="og:site_name" content="Product Hunt"/>` +
      `<meta property="og:type" content="website"/>` +
      `<meta property="og:title" content="${escapeHtml(title)}"/>` +
      `<meta property="og:description" content="${escapeHtml(launch.description)}"/>` +
      (image ? `<meta property="og:image" content="${escapeHtml(image)}"/>` : "") +
      `<meta property="og:url" content="${escapeHtml(url)}"/>` +
      `<meta name="twitter:card" content="summary_large_image"/>` +
      `<link rel="canonical" href="${escapeHtml(url)}"/>`;
    const ldImages = [
      imageUrl(launch, "?auto=format&fit=crop&w=80&h=80"),
      imageUrl(launch, "?auto=format&fit=crop&w=480&h=480"),
    ];
    const ld = {
      "@context": "http://schema.org",
      "@type": "WebApplication",
      name: launch.name,
      description: launch.description,
      ...(image ? { image: launch.logo === "placeholder" ? [image] : ldImages } : {}),
      url,
      applicationCategory: launch.categories[0] ?? "Productivity",
      operatingSystem: "Web",
    };
    const ldScript = `<script type="application/ld+json">${scriptValue([ld])}</script>`;
    const visit = `<a data-test="visit-website-button" class="styles_button__v1" href="${escapeHtml(
      launch.visitLink === "redirect" ? redirector(launch) : withRef(launch.website),
    )}" target="_blank" rel="noopener noreferrer">Visit website</a>`;
    const logo = (() => {
      const small = imageUrl(launch, "?auto=format&w=48");
      if (!small)
        return `<div class="styles_noLogo__q2" aria-hidden="true">${escapeHtml(launch.name.slice(0, 1))}</div>`;
      return `<img alt="${escapeHtml(launch.name)}" loading="lazy" width="48" height="48" srcset="${escapeHtml(
        `${small} 1x, ${imageUrl(launch, "?auto=format&w=96")} 2x`,
      )}" src="${escapeHtml(small)}"/>`;
    })();
    const body =
      `${HEADER}<main class="styles_main__p3"><section class="styles_hero__h4"><div class="flex flex-row gap-4">${logo}` +
      `<div><h1 class="text-24 font-semibold">${escapeHtml(launch.name)}</h1>` +
      `<h2 class="text-18 text-gray-700">${escapeHtml(launch.tagline)}</h2></div></div>` +
      `<div class="flex gap-2">${visit}<button type="button" data-test="follow-button">Follow</button></div>` +
      `<div class="styles_description__d5"><p>${escapeHtml(launch.description)}</p></div>` +
      `<ul aria-label="Categories">${launch.categories
        .map((c) => `<li><a href="/categories/${encodeURIComponent(slugify(c))}">${escapeHtml(c)}</a></li>`)
        .join("")}</ul></section></main>${FOOTER}`;
    const apollo = apolloScripts(launch);
    if (launch.format === "og-only") return page(title, og, body);
    if (launch.format === "apollo-only") {
      // What a client sees when the server renders only the shell: the data rides in the script.
      return page(
        "Product Hunt",
        "",
        `${HEADER}<main class="styles_main__p3"><div class="animate-pulse" aria-busy="true"></div></main>${FOOTER}${apollo}`,
      );
    }
    return page(title, og + ldScript, body + apollo);
  }

  function apolloScripts(launch: FakeLaunch): string {
    const push = (data: unknown) =>
      `<script>(window[Symbol.for("ApolloSSRDataTransport")] ??= []).push(${scriptValue(data)});</script>`;
    // Real pages push several queries; the header's comes first and knows nothing of the launch.
    const header = {
      rehydrate: {
        _R_h0_: {
          data: { viewer: null, announcement: UNDEFINED },
          loading: false,
          networkStatus: 7,
          dataState: "complete",
        },
      },
      events: [],
    };
    const thumb = imageUrl(launch, "?auto=format&w=240&h=240");
    const product = {
      rehydrate: {
        [`_R_${launch.id.toString(36)}_`]: {
          data: {
            product: {
              __typename: "Product",
              id: String(launch.id),
              slug: launch.slug,
              name: launch.name,
              tagline: launch.tagline,
              description: launch.description,
              websiteUrl: `${redirector(launch)}?app_id=339`,
              logoUuid: UNDEFINED,
              thumbnail: thumb ? { __typename: "Image", url: thumb } : null,
              categories: launch.categories.map(categoryOf),
              followersCount: hashNumber(launch.slug) % 5000,
              reviewsRating: UNDEFINED,
            },
            viewer: null,
          },
          loading: false,
          networkStatus: 7,
          dataState: "complete",
        },
      },
      events: [],
    };
    return push(header) + push(product);
  }

  function feed(): string {
    const x = (text: string) => escapeHtml(text).replace(/&#x27;/g, "&apos;");
    const entries = newestFirst(fake.launches).map((launch) => {
      const published = publishedMs(launch);
      const updated = published + (9 * 3600 + 11 * 60 + 44) * 1000;
      const link = `${base}/products/${encodeURIComponent(launch.slug)}`;
      const discussion = `${link}?utm_campaign=producthunt-atom-posts-feed&utm_medium=rss-feed&utm_source=producthunt-atom-posts-feed`;
      // The content is HTML, itself escaped into the XML: the hrefs' `&amp;` become `&amp;amp;`.
      const html =
        `<p>\n          ${escapeHtml(launch.tagline)}\n        </p>\n        <p>\n` +
        `          <a href="${escapeHtml(discussion)}">Discussion</a>\n          |\n` +
        `          <a href="${escapeHtml(`${redirector(launch)}?app_id=339`)}">Link</a>\n        </p>`;
      return {
        updated,
        xml:
          `  <entry>\n` +
          `    <id>tag:www.producthunt.com,2005:Post/${launch.id}</id>\n` +
          `    <published>${pacific(published)}</published>\n` +
          `    <updated>${pacific(updated)}</updated>\n` +
          `    <link rel="alternate" type="text/html" href="${x(link)}"/>\n` +
          `    <title>${x(launch.name)}</title>\n` +
          `    <content type="html">${x(html)}</content>\n` +
          `    <author><name>${x(MAKERS[hashNumber(String(launch.id)) % MAKERS.length]!)}</name></author>\n` +
          `  </entry>\n`,
      };
    });
    const updated = entries.length ? Math.max(...entries.map((e) => e.updated)) : Date.now();
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<feed xml:lang="en-US" xmlns="http://www.w3.org/2005/Atom">\n` +
      `  <id>tag:www.producthunt.com,2005:/feed</id>\n` +
      `  <link rel="alternate" type="text/html" href="${x(base)}"/>\n` +
      `  <link rel="self" type="application/atom+xml" href="${x(base)}/feed"/>\n` +
      `  <title>Product Hunt — The best new products, every day</title>\n` +
      `  <updated>${pacific(updated)}</updated>\n` +
      entries.map((e) => e.xml).join("") +
      `</feed>\n`
    );
  }

  // ——— GraphQL ———

  const apiQuery = "?utm_campaign=producthunt-api&utm_medium=api-v2&utm_source=Application%3A+toolshelf";

  function post(launch: FakeLaunch) {
    const thumbnail = imageUrl(launch, "?auto=format");
    return {
      id: String(launch.id),
      slug: launch.slug,
      name: launch.name,
      tagline: launch.tagline,
      description: launch.description,
      url: `${base}/posts/${encodeURIComponent(launch.slug)}${apiQuery}`,
      website: `${redirector(launch)}${apiQuery}`,
      createdAt: new Date(publishedMs(launch)).toISOString(),
      featuredAt: new Date(publishedMs(launch)).toISOString(),
      votesCount: hashNumber(launch.name) % 900,
      thumbnail: thumbnail ? { type: "image", url: thumbnail } : null,
      media:
        launch.logo === "image"
          ? [
              {
                type: "image",
                url: `${base}/ph-files/${encodeURIComponent(fileStem(launch))}-shot1.png?auto=format`,
                videoUrl: null,
              },
            ]
          : [],
      topics: { edges: launch.topics.map((name) => ({ node: { name, slug: slugify(name) } })) },
    };
  }

  // graphql-ruby's connection cursors: base64 of the 1-based index of the item.
  const cursorOf = (index: number) =>
    Buffer.from(String(index + 1))
      .toString("base64")
      .replace(/=+$/, "");
  const indexAfter = (cursor: string): number | null => {
    const n = Number(Buffer.from(cursor, "base64").toString("utf8"));
    return Number.isInteger(n) && n >= 0 ? n : null;
  };

  function graphql(body: unknown): { status: number; json: unknown } {
    const request = body && typeof body === "object" ? (body as { query?: unknown; variables?: unknown }) : {};
    if (typeof request.query !== "string" || !request.query.trim()) {
      return { status: 400, json: { errors: [{ message: "No query string was present" }] } };
    }
    const variables =
      request.variables && typeof request.variables === "object" ? (request.variables as Record<string, unknown>) : {};
    if (/\bposts\s*\(/.test(request.query)) {
      const first = typeof variables.first === "number" ? Math.max(0, Math.min(20, Math.floor(variables.first))) : 20;
      let start = 0;
      if (typeof variables.after === "string") {
        const after = indexAfter(variables.after);
        if (after === null)
          return { status: 200, json: { data: null, errors: [{ message: `Invalid cursor: ${variables.after}` }] } };
        start = after;
      }
      const all = newestFirst(fake.launches);
      const slice = all.slice(start, start + first);
      return {
        status: 200,
        json: {
          data: {
            posts: {
              totalCount: all.length,
              pageInfo: {
                startCursor: slice.length ? cursorOf(start) : null,
                endCursor: slice.length ? cursorOf(start + slice.length - 1) : null,
                hasNextPage: start + slice.length < all.length,
                hasPreviousPage: start > 0,
              },
              edges: slice.map((launch, i) => ({ cursor: cursorOf(start + i), node: post(launch) })),
            },
          },
        },
      };
    }
    if (/\bpost\s*\(/.test(request.query)) {
      const slug = typeof variables.slug === "string" ? variables.slug : null;
      const id = typeof variables.id === "string" || typeof variables.id === "number" ? String(variables.id) : null;
      const launch = fake.launches.find(
        (l) => (slug !== null && l.slug === slug) || (id !== null && String(l.id) === id),
      );
      return { status: 200, json: { data: { post: launch ? post(launch) : null } } };
    }
    return {
      status: 200,
      json: { data: null, errors: [{ message: "The Product Hunt fake knows only the post( and posts( queries" }] },
    };
  }

  // ——— Routing ———

  function send(
    res: ServerResponse,
    status: number,
    type: string,
    body: string | Buffer,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, { "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  }
  const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
    send(res, status, JSON_TYPE, JSON.stringify(value), headers);
  const redirect = (res: ServerResponse, status: number, location: string) =>
    send(
      res,
      status,
      HTML,
      `<html><body>You are being <a href="${escapeHtml(location)}">redirected</a>.</body></html>`,
      { Location: location },
    );
  const notFound = (res: ServerResponse) => send(res, 404, HTML, notFoundPage());
  const rayId = () => `${createHash("sha1").update(String(requests.length)).digest("hex").slice(0, 16)}-SJC`;

  function fail(res: ServerResponse, pathname: string, status: number, retryAfterSec: number | undefined) {
    const headers: Record<string, string> = retryAfterSec === undefined ? {} : { "Retry-After": String(retryAfterSec) };
    if (pathname.startsWith("/v2/api")) {
      if (status === 429) {
        headers["X-Rate-Limit-Limit"] = String(RATE_LIMIT);
        headers["X-Rate-Limit-Remaining"] = "0";
        headers["X-Rate-Limit-Reset"] = String(retryAfterSec ?? 900);
        return json(
          res,
          429,
          {
            errors: [
              {
                error: "rate_limit_reached",
                message: "Sorry. You have exceeded the API rate limit, please try again later.",
              },
            ],
          },
          headers,
        );
      }
      return json(
        res,
        status,
        { errors: [{ error: "server_error", message: `The Product Hunt fake answers ${status}` }] },
        headers,
      );
    }
    if (status === 403 || status === 429) {
      return send(res, status, HTML, cloudflarePage(status, rayId()), {
        ...headers,
        Server: "cloudflare",
        "CF-RAY": rayId(),
      });
    }
    const title = status >= 500 ? "Something went wrong | Product Hunt" : `Error ${status} | Product Hunt`;
    return send(
      res,
      status,
      HTML,
      page(title, "", `${HEADER}<main><h1>Something went wrong</h1></main>${FOOTER}`),
      headers,
    );
  }

  async function image(res: ServerResponse, key: string, seed: string, width: number, height: number, url: URL) {
    const w = side(url.searchParams.get("w"));
    const h = side(url.searchParams.get("h"));
    const outW = w ?? (h ? Math.round((h * width) / height) : width);
    const outH = h ?? (w ? Math.round((w * height) / width) : height);
    const cacheKey = `${key}|${outW}x${outH}`;
    let bytes = images.get(cacheKey);
    if (!bytes) {
      bytes = renderImage(seed, outW, outH);
      images.set(cacheKey, bytes);
    }
    send(res, 200, "image/png", await bytes, {
      "Cache-Control": "public, max-age=31536000",
      "Access-Control-Allow-Origin": "*",
    });
  }

  async function readBody(req: IncomingMessage): Promise<Buffer | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    // Drained to the end even when too large, so the answer still reaches the client.
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= 1_000_000) chunks.push(chunk);
    }
    return size > 1_000_000 ? null : Buffer.concat(chunks);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const target = req.url ?? "/";
    requests.push({ method: req.method ?? "GET", path: target, headers: req.headers, at: Date.now() });
    const body = req.method === "POST" ? await readBody(req) : null;
    if (delayMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, delayMs);
        timers.add(timer);
      });
    }
    const url = new URL(target.startsWith("/") ? target : `/${target}`, base);
    const pathname = url.pathname;

    const rule = failures.find((f) => f.left > 0 && target.startsWith(f.prefix));
    if (rule) {
      rule.left--;
      if (rule.left === 0) failures.splice(failures.indexOf(rule), 1);
      return fail(res, pathname, rule.status, rule.retryAfterSec);
    }

    if (pathname === "/v2/api/graphql") {
      if (req.method !== "POST")
        return json(res, 405, { errors: [{ message: "Use POST for the GraphQL API" }] }, { Allow: "POST" });
      if (req.headers.authorization !== `Bearer ${token}`) {
        return json(res, 401, {
          error: "invalid_oauth_token",
          error_description:
            "Please supply a valid access token. Refer to our api documentation about how to authorize and authenticate your requests.",
        });
      }
      if (body === null) return json(res, 413, { errors: [{ message: "Request body too large" }] });
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch {
        return json(res, 400, { errors: [{ error: "bad_request", message: "The request body is not valid JSON" }] });
      }
      const answer = graphql(parsed);
      apiCalls++;
      return json(res, answer.status, answer.json, {
        "X-Rate-Limit-Limit": String(RATE_LIMIT),
        "X-Rate-Limit-Remaining": String(Math.max(0, RATE_LIMIT - apiCalls * 10)),
        "X-Rate-Limit-Reset": "900",
      });
    }

    let segments: string[];
    try {
      segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      return send(res, 400, HTML, page("Bad request | Product Hunt", "", "<main><h1>Bad request</h1></main>"));
    }
    const [first, second, third] = segments;

    if (segments.length === 0) {
      const list = newestFirst(fake.launches)
        .map(
          (l) =>
            `<li><a href="/products/${encodeURIComponent(l.slug)}">${escapeHtml(l.name)}</a> — ${escapeHtml(l.tagline)}</li>`,
        )
        .join("");
      return send(
        res,
        200,
        HTML,
        page(
          "Product Hunt – The best new products in tech.",
          "",
          `${HEADER}<main><h1>Top Products Launching Today</h1><ol>${list}</ol></main>${FOOTER}`,
        ),
      );
    }
    if (first === "feed" && segments.length === 1) {
      return send(res, 200, "application/atom+xml; charset=utf-8", feed());
    }
    if (first === "posts" && second !== undefined && segments.length === 2) {
      return find(second)
        ? redirect(res, 301, `${base}/products/${encodeURIComponent(second)}${url.search}`)
        : notFound(res);
    }
    if (first === "products" && second !== undefined && segments.length === 2) {
      const launch = find(second);
      if (!launch) return notFound(res);
      if (launch.format === "forbidden") {
        return send(res, 403, HTML, cloudflarePage(403, rayId()), { Server: "cloudflare", "CF-RAY": rayId() });
      }
      if (launch.format === "garbage") return send(res, 200, HTML, garbage(launch.id));
      return send(res, 200, HTML, launchPage(launch));
    }
    if (first === "r" && second === "p" && third !== undefined && segments.length === 3) {
      const launch = fake.launches.find((l) => String(l.id) === third);
      return launch ? redirect(res, 302, withRef(launch.website)) : notFound(res);
    }
    if (pathname === PLACEHOLDER_PATH) return image(res, "placeholder", "placeholder", 256, 256, url);
    if (first === "ph-files" && second !== undefined && segments.length === 2) {
      const m = /^(.+?)(-shot1)?\.png$/.exec(second);
      const launch = m ? fake.launches.find((l) => l.logo === "image" && fileStem(l) === m[1]) : undefined;
      if (!m || !launch) return send(res, 404, "text/plain; charset=utf-8", "Not Found");
      return m[2]
        ? image(res, `${launch.slug}-shot1`, `${launch.slug}/shot`, 1270, 760, url)
        : image(res, launch.slug, launch.slug, LOGO_SIZE, LOGO_SIZE, url);
    }
    return notFound(res);
  }

  const local: LocalServer = await listenLocal((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { errors: [{ message: `The Product Hunt fake failed: ${String(error)}` }] });
      else res.destroy();
    });
  });
  base = local.url;

  if (!options.launches) {
    ownWebsite = await startFakeWebsite("Default launches' website");
    fake.launches = defaultLaunches(ownWebsite.url);
  }

  return Object.assign(fake, {
    baseUrl: base,
    apiUrl: `${base}/v2/api/graphql`,
    hostPort: `127.0.0.1:${local.port}`,
    token,
    requests,
    launchUrl: (slug: string) => `${base}/products/${encodeURIComponent(slug)}`,
    failNext(pathPrefix: string, n: number, status: number, retryAfterSec?: number) {
      if (n > 0) failures.push({ prefix: pathPrefix, left: n, status, retryAfterSec });
    },
    setDelay(ms: number) {
      delayMs = Math.max(0, ms);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([local.close(), ownWebsite?.close()]);
    },
  });
}

// ——— A launch's website ———

/**
 * A small public-looking website for the launches to point at: `/` is a full HTML page (title, h1,
 * some text, a favicon link to /favicon.png which is a real PNG), any other path too. Counts hits.
 */
export async function startFakeWebsite(
  title = "Fake Tool",
): Promise<{ url: string; hostPort: string; hits: () => number; close(): Promise<void> }> {
  let favicon: Promise<Buffer> | null = null;
  const local = await listenLocal((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    if (pathname === "/favicon.png") {
      favicon ??= renderImage(`favicon:${title}`, 64, 64);
      favicon.then(
        (png) => {
          res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(png.length) });
          res.end(png);
        },
        () => res.destroy(),
      );
      return;
    }
    // Each path reads as its own product, so launches pointing at /a and /b get different pages.
    const pageTitle = pathname === "/" ? title : `${pathname.slice(1).replace(/[-_/]+/g, " ")} — ${title}`;
    const html =
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"/>` +
      `<title>${escapeHtml(pageTitle)}</title>` +
      `<meta name="description" content="${escapeHtml(`${pageTitle}: the fastest way to get things done.`)}"/>` +
      `<meta property="og:title" content="${escapeHtml(pageTitle)}"/>` +
      `<link rel="icon" type="image/png" href="/favicon.png"/></head>` +
      `<body><header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/docs">Docs</a></nav></header>` +
      `<main><h1>${escapeHtml(pageTitle)}</h1>` +
      `<p>${escapeHtml(pageTitle)} helps small teams do more with less: sign up in a minute, invite your colleagues, and go.</p>` +
      `<p><a href="/signup">Start free</a></p></main><footer>© 2026 ${escapeHtml(title)}</footer></body></html>`;
    res.writeHead(200, { "Content-Type": HTML, "Content-Length": String(Buffer.byteLength(html)) });
    res.end(html);
  });
  return { url: local.url, hostPort: `127.0.0.1:${local.port}`, hits: () => local.hits, close: () => local.close() };
}

// ——— Default launches ———

/**
 * One launch of each kind, newest first, each pointing at its own path of `website`. Launches go
 * live at 00:01 Pacific; these are spread half a day apart back from the latest such time, so the
 * feed is "recent" whenever the tests run.
 */
export type FakeWebsite = Awaited<ReturnType<typeof startFakeWebsite>>;

/** A launch of a test's making (a full page with a logo); its website is its own path of `site`. */
export function makeLaunch(site: FakeWebsite, id: number, slug: string, fields: Partial<FakeLaunch> = {}): FakeLaunch {
  return {
    id,
    slug,
    name: `Launch ${slug}`,
    tagline: `The tagline of ${slug}`,
    description: `What ${slug} does.`,
    website: `${site.url}/${slug}`,
    categories: ["Productivity"],
    topics: ["Productivity"],
    logo: "image",
    format: "full",
    publishedAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    ...fields,
  };
}

/** Points the importer at the fake and lets the server's fetches reach it (and `allow`): no token, proxies or pauses. */
export function pointAtFake(config: Config, ph: ProductHuntFake, allow: string[]): void {
  config.outboundAllow = [ph.hostPort, ...allow];
  config.productHunt = {
    ...config.productHunt,
    baseUrl: ph.baseUrl,
    apiUrl: ph.apiUrl,
    token: null,
    fetchProxies: [],
    spacingMs: 0,
    importLimit: 20,
  };
}

export function defaultLaunches(website: string): FakeLaunch[] {
  const site = website.replace(/\/+$/, "");
  const day = 86_400_000;
  const now = Date.now();
  let latest = Math.floor(now / day) * day + 8 * 3_600_000 + 60_000;
  if (latest > now) latest -= day;
  const at = (i: number) => new Date(latest - i * (day / 2)).toISOString();
  const launch = (i: number, l: Omit<FakeLaunch, "website" | "publishedAt">): FakeLaunch => ({
    ...l,
    website: `${site}/${l.slug}`,
    publishedAt: at(i),
  });
  return [
    launch(0, {
      id: 1000123,
      slug: "quillmate",
      name: "Quillmate",
      tagline: "AI writing partner for busy teams",
      description: "Quillmate drafts, edits and polishes your team's documents.",
      categories: ["AI writing tools", "Productivity", "Writing", "Marketing"],
      topics: ["Artificial Intelligence", "Productivity", "Writing"],
      logo: "image",
      format: "full",
    }),
    launch(1, {
      id: 1000118,
      slug: "ogonly-app",
      name: "OgOnly App",
      tagline: "Ship changelogs your users actually read",
      description: "OgOnly App turns merged pull requests into a public changelog.",
      categories: ["Developer Tools"],
      topics: ["Developer Tools", "SaaS"],
      logo: "image",
      format: "og-only",
    }),
    launch(2, {
      id: 1000111,
      slug: "apollo-app",
      name: "Apollo App",
      tagline: "Mood boards that organise themselves",
      description: "Apollo App collects images and groups them by colour and style.",
      categories: ["Design tools"],
      topics: ["Design Tools"],
      logo: "image",
      format: "apollo-only",
      visitLink: "redirect",
    }),
    launch(3, {
      id: 1000104,
      slug: "nologo-app",
      name: "NoLogo App",
      tagline: "Privacy-friendly analytics in one script tag",
      description: "NoLogo App counts visits without cookies or personal data.",
      categories: ["Analytics"],
      topics: ["Analytics", "Privacy"],
      logo: "placeholder",
      format: "full",
    }),
    launch(4, {
      id: 1000097,
      slug: "blocked-app",
      name: "Blocked App",
      tagline: "Email sequences on autopilot",
      description: "Blocked App sends follow-ups when your leads go quiet.",
      categories: ["Marketing automation"],
      topics: ["Marketing", "Email"],
      logo: "image",
      format: "forbidden",
    }),
    launch(5, {
      id: 1000090,
      slug: "garbage-app",
      name: "Garbage App",
      tagline: "Declutter your downloads folder",
      description: "Garbage App finds duplicates and files you never opened.",
      categories: ["Productivity"],
      topics: ["Productivity", "Mac"],
      logo: "image",
      format: "garbage",
    }),
    launch(6, {
      id: 1000083,
      slug: "tidy-tasks",
      name: "Tidy Tasks",
      tagline: "To-dos that don't pile up",
      description: 'Tidy Tasks moves what you won\'t finish today to a calm "later" list.',
      categories: ["Task management", "Productivity"],
      topics: ["Productivity", "Task Management"],
      logo: "image",
      format: "full",
    }),
    launch(7, {
      id: 1000076,
      slug: "pixel-forge",
      name: "Pixel Forge",
      tagline: "Pixel art & sprite sheets, in your browser",
      description: "Pixel Forge draws on a <canvas> & exports sprite sheets for game engines.",
      categories: ["Design tools", "Game development"],
      topics: ["Design Tools", "Games"],
      logo: "image",
      format: "full",
    }),
  ];
}
