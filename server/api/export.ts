import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { toolDetailBatches } from "../catalog/queries.ts";
import type { Database } from "../platform/db/index.ts";
import type { Logger } from "../platform/logger.ts";
import { etagMatches } from "../platform/http/page-cache.ts";
import { sendStream } from "../platform/http/send-stream.ts";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../platform/private-files.ts";
import { toolDetail } from "./tool-json.ts";
import type { LifecycleThresholds } from "../../core/lifecycle.ts";

// The public export (`GET /api/v1/export.jsonl`, README: "JSON API"): every public tool as one
// ToolDetail per line. Written once per catalogue generation to a file (and its gzip), then every
// request for that generation is sent the file: a crawler asking for 100,000 tools again and again
// costs one read of the catalogue per change, not one per request. The request that has it made
// is sent the lines as they are written, so it need not wait for the whole file.

/** The export for one generation of the catalogue, as kept on disk. */
export interface KeptExport {
  generation: number;
  /** When it was made (the app's clock): it shows like counts as they were then. */
  madeAt: number;
  file: string;
  gzipFile: string;
  bytes: number;
  gzipBytes: number;
  /** A hash of its content: the same catalogue gives the same tag on every instance and after a restart. */
  etag: string;
}

export interface PublicExport {
  /**
   * The export of the catalogue as it is now: the kept file (`made` false), or a new one made
   * first. Requests at the same time share one making; files replaced by a newer one are removed.
   * When this call starts the making, `live` (if given) is asked once, before the first line, for
   * where to send the lines as they are written; `sent` then says how many bytes it was sent
   * (fewer than the file's when it read too slowly to keep up: the rest is the caller's to send
   * from the file), else it is null.
   */
  current(live?: () => Writable): Promise<{ kept: KeptExport; made: boolean; sent: number | null }>;
}

export interface PublicExportDeps {
  database: Database;
  now: () => number;
  siteUrl: string;
  /** What a tool's lifecycle is derived with. */
  thresholds: LifecycleThresholds;
  /** Where the files are kept (DATA_DIR/exports). */
  dir: string;
  freshness: Pick<CatalogFreshness, "generation" | "countsCutoff">;
  log: Logger;
  /** How much a live copy may hold unread before it is sent no more lines (default 4 MB). */
  liveBufferBytes?: number;
}

/**
 * A like leaves the generation alone: a kept export showing an older count is made again only once
 * it is this old, so a stream of likes cannot make every request read the whole catalogue.
 */
export const EXPORT_COUNTS_REFRESH_MS = 60_000;

/** Files left in the folder by an earlier process older than this are removed at the first making. */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;

const FILE_NAME = /^catalogue-[\w-]+\.jsonl(\.gz)?(\.part)?$/;

/** The public export kept per generation in `deps.dir`. */
export function createPublicExport(deps: PublicExportDeps): PublicExport {
  let kept: KeptExport | null = null;
  let making: { generation: number; promise: Promise<KeptExport> } | null = null;
  let swept = false;

  const fresh = (k: KeptExport, generation: number) =>
    k.generation === generation &&
    !(k.madeAt < deps.freshness.countsCutoff() && deps.now() - k.madeAt >= EXPORT_COUNTS_REFRESH_MS);

  async function make(generation: number, live: Writable | null, progress: { sent: number }): Promise<KeptExport> {
    await makePrivateDir(deps.dir);
    if (!swept) {
      swept = true;
      await removeLeftovers(deps.dir);
    }
    const madeAt = deps.now();
    const file = path.join(deps.dir, `catalogue-${generation}-${randomBytes(6).toString("hex")}.jsonl`);
    const gzipFile = `${file}.gz`;
    const out = fs.createWriteStream(`${file}.part`, { mode: PRIVATE_FILE_MODE });
    const gzip = zlib.createGzip({ level: 6 });
    const zipped = pipeline(gzip, fs.createWriteStream(`${gzipFile}.part`, { mode: PRIVATE_FILE_MODE }));
    // Awaited below; marked handled so a failure while the lines are written is not reported twice.
    zipped.catch(() => undefined);
    const hash = createHash("sha1");
    let bytes = 0;
    // A client that reads slowly never holds the making back (others may be waiting for the file):
    // past its allowance it is sent no more lines here.
    const liveBuffer = deps.liveBufferBytes ?? 4 * 1024 * 1024;
    let feeding = live !== null;
    try {
      for await (const batch of toolDetailBatches(deps.database, madeAt, {
        publicOnly: true,
        thresholds: deps.thresholds,
      })) {
        const chunk = batch.map(({ detail }) => `${JSON.stringify(toolDetail(detail, deps.siteUrl))}\n`).join("");
        hash.update(chunk);
        bytes += Buffer.byteLength(chunk);
        if (feeding && (live!.destroyed || live!.writableEnded || live!.writableLength > liveBuffer)) feeding = false;
        if (feeding) {
          live!.write(chunk);
          progress.sent += Buffer.byteLength(chunk);
        }
        const waits = [out.write(chunk) ? null : once(out, "drain"), gzip.write(chunk) ? null : once(gzip, "drain")];
        await Promise.all(waits);
      }
      out.end();
      gzip.end();
      await Promise.all([finished(out), zipped]);
      await fs.promises.rename(`${file}.part`, file);
      await fs.promises.rename(`${gzipFile}.part`, gzipFile);
    } catch (error) {
      out.destroy();
      gzip.destroy();
      await removeFiles([`${file}.part`, `${gzipFile}.part`, file]);
      throw error;
    }
    const { size: gzipBytes } = await fs.promises.stat(gzipFile);
    const made: KeptExport = {
      generation,
      madeAt,
      file,
      gzipFile,
      bytes,
      gzipBytes,
      etag: `W/"${hash.digest("base64url")}"`,
    };
    const replaced = kept;
    kept = made;
    // A request still sending the old file keeps reading it: removing an open file only unlinks it.
    if (replaced) await removeFiles([replaced.file, replaced.gzipFile]);
    return made;
  }

  return {
    async current(live) {
      const generation = await deps.freshness.generation();
      if (kept && fresh(kept, generation)) return { kept, made: false, sent: null };
      if (making && making.generation !== generation) {
        // Made from an older catalogue: wait for it (one making at a time), then make this one.
        await making.promise.catch(() => undefined);
        if (kept && fresh(kept, generation)) return { kept, made: false, sent: null };
      }
      if (making) return { kept: await making.promise, made: true, sent: null };
      const sink = live?.() ?? null;
      const progress = { sent: 0 };
      const promise = make(generation, sink, progress).finally(() => {
        making = null;
      });
      making = { generation, promise };
      return { kept: await promise, made: true, sent: sink ? progress.sent : null };
    },
  };
}

/** Removes files, those already gone included. */
async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => fs.promises.rm(f, { force: true })));
}

/** Removes what an earlier process kept in `dir` (a restart, a crash mid-making). */
async function removeLeftovers(dir: string): Promise<void> {
  const before = Date.now() - LEFTOVER_AGE_MS;
  for (const name of await fs.promises.readdir(dir)) {
    if (!FILE_NAME.test(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < before) await removeFiles([file]);
  }
}

/**
 * `GET /api/v1/export.jsonl`: the kept file, gzipped when the client takes gzip, with its ETag (304
 * when the client has it). `X-Cache` says whether it was kept (HIT) or made for this request
 * (MISS); the request that has it made is sent the lines as they are written, without a tag.
 */
export function publicExportHandler(exporter: Pick<PublicExport, "current">, log: Logger): RequestHandler {
  return async (req, res, next) => {
    try {
      // A file replaced between finding it and opening it: the newer one is asked for.
      for (let attempt = 1; ; attempt++) {
        const live = () => {
          res.set("Content-Type", CONTENT_TYPE);
          res.set("X-Cache", "MISS");
          return res;
        };
        const { kept, made, sent } = await exporter.current(req.method === "HEAD" ? undefined : live);
        if (sent !== null) {
          // What the making could not send as it went, from the file now written.
          const rest = sent < kept.bytes ? await fs.promises.open(kept.file) : null;
          if (rest) await sendStream(res, rest.createReadStream({ start: sent }), log);
          else res.end();
          return;
        }
        const zipped = req.acceptsEncodings("gzip", "identity") === "gzip";
        res.set("ETag", kept.etag);
        res.set("X-Cache", made ? "MISS" : "HIT");
        if (etagMatches(req.get("if-none-match"), kept.etag)) {
          res.status(304).end();
          return;
        }
        let file: fs.promises.FileHandle;
        try {
          file = await fs.promises.open(zipped ? kept.gzipFile : kept.file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT" && attempt < 3) continue;
          throw error;
        }
        res.set("Content-Type", CONTENT_TYPE);
        res.set("Content-Length", String(zipped ? kept.gzipBytes : kept.bytes));
        if (zipped) res.set("Content-Encoding", "gzip");
        if (req.method === "HEAD") {
          await file.close();
          res.end();
          return;
        }
        await sendStream(res, file.createReadStream(), log);
        return;
      }
    } catch (error) {
      if (!res.headersSent) return next(error);
      // Lines already sent: cut the connection, so the client sees a body that ended early.
      log.error({ err: error, reqId: res.locals.requestId }, "the catalogue export failed mid-way");
      res.destroy();
    }
  };
}

const CONTENT_TYPE = "application/x-ndjson; charset=utf-8";
