import { createHash } from "node:crypto";
import { publicToolImageContent } from "../catalog/queries.ts";
import type { Config } from "../platform/config.ts";
import type { Database } from "../platform/db/index.ts";
import type { Logger } from "../platform/logger.ts";
import { ownStorageKey, type Storage } from "../platform/storage/index.ts";
import { DESIGN } from "./layout.ts";
import { renderToolImage } from "./render.ts";

// Each public tool's image for link previews (docs/decisions/026): drawn on first request from
// what it shows, kept in memory by a version that hashes all of that, so any change to the name,
// tagline, logo, categories or site name is a new version at a new URL, and an old one is never
// served for it.

/** Bumped when the design changes: every tool's image then has a new version, and link previews a new URL. */
const DESIGN_REVISION = 2;

/** The size of a tool image, as the meta tags announce it. */
export const TOOL_IMAGE_SIZE = DESIGN;

/** What a tool image is drawn from. */
export interface ToolImageSource {
  slug: string;
  name: string;
  tagline: string;
  logoUrl: string | null;
  categories: readonly string[];
}

/** The version of a tool's image: a hash of everything it shows, 16 hex digits. */
export function toolImageVersion(tool: Omit<ToolImageSource, "slug">, siteName: string): string {
  const drawn = [DESIGN_REVISION, siteName, tool.name, tool.tagline, tool.logoUrl, tool.categories];
  return createHash("sha256").update(JSON.stringify(drawn)).digest("hex").slice(0, 16);
}

/** Where a public tool's image is served, with its version: the URL of `og:image`. */
export function toolImagePath(tool: ToolImageSource, siteName: string): string {
  return `/og/${encodeURIComponent(tool.slug)}.png?v=${toolImageVersion(tool, siteName)}`;
}

/** Too many images are being drawn at once here: the client should try again shortly. */
export class ToolImagesBusyError extends Error {
  constructor() {
    super("too many tool images being drawn");
  }
}

/** The images of public tools, drawn once per version and kept in memory. */
export interface ToolImages {
  /** A public tool's image source and current version, by slug; null when no public tool has that slug. */
  find(slug: string): Promise<{ source: ToolImageSource; version: string } | null>;
  /** The PNG of that version: from memory, or drawn (once, however many ask at the same time). Throws ToolImagesBusyError. */
  png(found: { source: ToolImageSource; version: string }): Promise<Buffer>;
}

export interface ToolImagesDeps {
  database: Database;
  storage: Storage;
  config: Pick<Config, "siteName" | "storage">;
  log: Logger;
  /** Bytes of images kept in memory, least recently used dropped first. */
  maxBytes?: number;
}

// Drawing takes about 100 ms of one core: satori's layout on the event loop (15–30 ms), then resvg
// and sharp in libuv's and libvips' threads. One at a time per instance keeps a crawler asking for
// thousands of new images from taking the cores (and the thread pool that file reads and gzip
// share) from pages; past a short queue it is told to come back.
const CONCURRENCY = 1;
const MAX_WAITING = 32;

/** Tool images for one process. */
export function createToolImages(deps: ToolImagesDeps): ToolImages {
  const { database, storage, config, log } = deps;
  const maxBytes = deps.maxBytes ?? 16 * 1024 * 1024;
  const stored = new Map<string, Buffer>();
  let storedBytes = 0;
  const drawing = new Map<string, Promise<Buffer>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  function keep(version: string, png: Buffer): void {
    if (png.length > maxBytes) return;
    stored.set(version, png);
    storedBytes += png.length;
    for (const [oldest, value] of stored) {
      if (storedBytes <= maxBytes) break;
      stored.delete(oldest);
      storedBytes -= value.length;
    }
  }

  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  /** The logo's bytes when it is a file of our storage; a remote logo (a favicon service's) is not fetched. */
  async function logoOf(source: ToolImageSource): Promise<Buffer | null> {
    const key = ownStorageKey(source.logoUrl, config.storage);
    if (!key) return null;
    return storage.read(key).catch((error: unknown) => {
      log.warn({ err: error, key }, "tool image: logo not read; its letter stands in");
      return null;
    });
  }

  async function draw(source: ToolImageSource, version: string): Promise<Buffer> {
    const png = await inTurn(async () =>
      renderToolImage(
        { name: source.name, tagline: source.tagline, categories: source.categories, siteName: config.siteName },
        await logoOf(source),
        { format: "png" },
      ),
    );
    keep(version, png);
    return png;
  }

  return {
    async find(slug) {
      const source = await publicToolImageContent(database, slug);
      return source ? { source, version: toolImageVersion(source, config.siteName) } : null;
    },
    png({ source, version }) {
      const hit = stored.get(version);
      if (hit) {
        // Most recently used goes last, so it is dropped last.
        stored.delete(version);
        stored.set(version, hit);
        return Promise.resolve(hit);
      }
      let pending = drawing.get(version);
      if (!pending) {
        if (waiting.length >= MAX_WAITING) return Promise.reject(new ToolImagesBusyError());
        pending = draw(source, version).finally(() => drawing.delete(version));
        drawing.set(version, pending);
      }
      return pending;
    },
  };
}
