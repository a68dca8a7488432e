import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PassThrough } from "node:stream";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { toolDetailSchema, type ToolDetailJson } from "../../core/api-responses.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { addPaidOrder, addTools, DAY_MS, makeTool } from "../../tests/support/catalog.ts";
import { useTestServer, type TestServer } from "../../tests/support/server.ts";
import { toolDetailBatches } from "../catalog/queries.ts";
import { setLikes } from "../likes/service.ts";
import { syntheticTools } from "../seed/synthetic.ts";
import { createPublicExport, EXPORT_COUNTS_REFRESH_MS } from "./export.ts";
import { lifecycleThresholds } from "../catalog/lifecycle.ts";

const SECRET = "export-secret@example.com";
const BASE = Date.UTC(2026, 4, 1);

/** A request over plain HTTP, so the body comes as sent (fetch asks for gzip and unzips it). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject)
      .end();
  });
}

/** The export's lines, each read against the ToolDetail schema exactly (no key more, none less). */
function linesOf(text: string): ToolDetailJson[] {
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => toolDetailSchema.strict().parse(JSON.parse(line)));
}

function keptFiles(server: TestServer): string[] {
  const dir = path.join(server.services.config.dataDir, "exports");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describe("the public export, /api/v1/export.jsonl", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const tools = Array.from({ length: 30 }, (_, i) =>
    makeTool({
      name: `Export Tool ${String(i + 1).padStart(2, "0")}`,
      createdAt: BASE + i * DAY_MS,
      submitterEmail: SECRET,
      source: "free_submission",
      upvotesCount: i,
      logoUrl: i === 3 ? "/uploads/logos/export-tool-04_logo.webp" : null,
    }),
  );
  const pending = makeTool({ name: "Export Pending", status: "pending", submitterEmail: SECRET });
  const rejected = makeTool({ name: "Export Rejected", status: "rejected", submitterEmail: SECRET });

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, [...tools, pending, rejected]);
    await addPaidOrder(server.services, tools[0]!, 50, Date.now() - DAY_MS);
  });

  it("streams every public tool once, as the API's ToolDetail, and nothing else", async () => {
    const res = await fetch(`${server.url}/api/v1/export.jsonl`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    // The request that has it made is sent the lines as they are written: no tag yet.
    expect(res.headers.get("x-cache")).toBe("MISS");
    expect(res.headers.get("etag")).toBeNull();
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    const lines = linesOf(text);
    expect(lines.map((t) => t.id).sort()).toEqual(tools.map((t) => t.id).sort());
    // Each line is what the API answers for that tool, likes and featuring included.
    for (const line of lines) {
      const one = (await (await fetch(`${server.url}/api/v1/tools/${line.id}`)).json()) as { data: ToolDetailJson };
      expect(line).toEqual(one.data);
    }
    const featured = lines.find((t) => t.id === tools[0]!.id)!;
    expect(featured).toMatchObject({ isFeatured: true, sponsored: true, featuredPrice: 50 });
    expect(lines.find((t) => t.id === tools[29]!.id)!.upvotesCount).toBe(29);
    expect(lines.find((t) => t.id === tools[3]!.id)!.logoUrl).toBe(
      `${server.services.config.siteUrl}/uploads/logos/export-tool-04_logo.webp`,
    );
  });

  it("sends the kept file again for the same catalogue: 304 to its ETag, and no new read", async () => {
    const first = await fetch(`${server.url}/api/v1/export.jsonl`);
    expect(first.headers.get("x-cache")).toBe("HIT");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const body = await first.text();
    const files = keptFiles(server);
    expect(files).toHaveLength(2);
    const stats = files.map((f) => fs.statSync(path.join(server.services.config.dataDir, "exports", f)).mtimeMs);

    // Changed behind the catalogue's back (no new version): only a new read of the database would show it.
    await server.services.database.db
      .updateTable("tools")
      .set({ tagline: "Changed behind its back" })
      .where("id", "=", tools[1]!.id)
      .execute();

    const again = await fetch(`${server.url}/api/v1/export.jsonl`);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(again.headers.get("etag")).toBe(etag);
    const againBody = await again.text();
    expect(againBody).toBe(body);
    expect(againBody).not.toContain("Changed behind its back");
    expect(keptFiles(server)).toEqual(files);
    expect(files.map((f) => fs.statSync(path.join(server.services.config.dataDir, "exports", f)).mtimeMs)).toEqual(
      stats,
    );

    const conditional = await fetch(`${server.url}/api/v1/export.jsonl`, { headers: { "If-None-Match": etag } });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get("etag")).toBe(etag);
    expect(await conditional.text()).toBe("");

    const head = await rawGet(`${server.url}/api/v1/export.jsonl`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.headers["content-type"]).toBe("application/x-ndjson; charset=utf-8");
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(body));
    expect(head.body.length).toBe(0);
  });

  it("sends the kept gzip to a client that takes it", async () => {
    const plain = await rawGet(`${server.url}/api/v1/export.jsonl`);
    const zipped = await rawGet(`${server.url}/api/v1/export.jsonl`, { "Accept-Encoding": "gzip" });
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(gunzipSync(zipped.body).toString("utf8")).toBe(plain.body.toString("utf8"));
  });

  it("makes a new version when the catalogue changes, and replaces the old file", async () => {
    const before = await fetch(`${server.url}/api/v1/export.jsonl`);
    const oldTag = before.headers.get("etag")!;
    const oldFiles = keptFiles(server);
    await before.text();

    const added = makeTool({ name: "Export Newcomer", createdAt: BASE + 99 * DAY_MS });
    await addTools(server.services, [added]);

    const after = await fetch(`${server.url}/api/v1/export.jsonl`, { headers: { "If-None-Match": oldTag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("x-cache")).toBe("MISS");
    const text = await after.text();
    const lines = linesOf(text);
    expect(lines).toHaveLength(tools.length + 1);
    expect(lines.map((t) => t.slug)).toContain(added.slug);
    // The change made behind its back is read now, with the rest.
    expect(lines.find((t) => t.id === tools[1]!.id)!.tagline).toBe("Changed behind its back");

    const kept = await fetch(`${server.url}/api/v1/export.jsonl`, { headers: { "If-None-Match": oldTag } });
    expect(kept.status).toBe(200);
    expect(kept.headers.get("x-cache")).toBe("HIT");
    expect(kept.headers.get("etag")).not.toBe(oldTag);
    expect(await kept.text()).toBe(text);

    const files = keptFiles(server);
    expect(files).toHaveLength(2);
    expect(files.some((f) => oldFiles.includes(f))).toBe(false);
    expect(files.every((f) => /^catalogue-\d+-[0-9a-f]+\.jsonl(\.gz)?$/.test(f))).toBe(true);
  });

  it("gives requests that come together while it is made the same new version", async () => {
    await addTools(server.services, [makeTool({ name: "Export Together" })]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${server.url}/api/v1/export.jsonl`)));
    // One of them has it made and is sent it as it is written; the others wait for the file.
    expect(answers.filter((a) => a.headers.get("etag") === null)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.headers.get("etag")).filter((tag) => tag !== null)).size).toBe(1);
    expect(answers.every((a) => a.headers.get("x-cache") === "MISS")).toBe(true);
    const bodies = new Set(await Promise.all(answers.map((a) => a.text())));
    expect(bodies.size).toBe(1);
    expect(keptFiles(server)).toHaveLength(2);
  });
});

describe("the public export of a large catalogue", () => {
  const testServer = useTestServer();
  let server: TestServer;
  const COUNT = 3000;
  const synthetic = syntheticTools(COUNT, { offset: 0, now: Date.UTC(2026, 10, 1), seed: 7 });
  const publicIds = new Set(
    synthetic.filter((t) => (PUBLIC_STATUSES as readonly string[]).includes(t.status)).map((t) => t.id),
  );

  beforeAll(async () => {
    server = testServer();
    await addTools(server.services, synthetic);
  }, 120_000);

  it("is read in batches of at most 500 tools", async () => {
    const sizes: number[] = [];
    for await (const batch of toolDetailBatches(server.services.database, Date.now(), {
      publicOnly: true,
      thresholds: lifecycleThresholds(server.services.config),
    }))
      sizes.push(batch.length);
    expect(sizes.every((n) => n <= 500)).toBe(true);
    expect(sizes.length).toBe(Math.ceil(publicIds.size / 500));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(publicIds.size);
  });

  it("sends a slow reader what it keeps up with as it is made, the rest from the file", async () => {
    const { services } = server;
    const exporter = createPublicExport({
      database: services.database,
      now: services.now,
      siteUrl: services.config.siteUrl,
      thresholds: lifecycleThresholds(services.config),
      dir: path.join(services.config.dataDir, "exports-slow"),
      freshness: services.freshness,
      log: services.log,
      liveBufferBytes: 100_000,
    });
    // Never read while the file is made: after the first batch it holds more than it may.
    const reader = new PassThrough();
    const { kept, made, sent } = await exporter.current(() => reader);
    expect(made).toBe(true);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(kept.bytes);
    reader.end();
    const live = Buffer.concat(await reader.toArray());
    expect(live.length).toBe(sent);
    const file = fs.readFileSync(kept.file);
    expect(Buffer.concat([live, file.subarray(sent!)]).equals(file)).toBe(true);
    expect(linesOf(file.toString("utf8"))).toHaveLength(publicIds.size);
  });

  it("streams one line per public tool", async () => {
    expect(publicIds.size).toBeGreaterThan(COUNT * 0.9);
    expect(publicIds.size).toBeLessThan(COUNT);
    const res = await fetch(`${server.url}/api/v1/export.jsonl`);
    expect(res.status).toBe(200);
    const lines = linesOf(await res.text());
    expect(lines).toHaveLength(publicIds.size);
    expect(new Set(lines.map((t) => t.id))).toEqual(publicIds);
  }, 60_000);
});

describe("like counts in the public export", () => {
  let clock = Date.UTC(2026, 10, 2, 12);
  const testServer = useTestServer({ now: () => clock });
  const liked = makeTool({ name: "Export Liked", upvotesCount: 0 });

  it("are kept with the file a minute at most once a like changes them", async () => {
    const server = testServer();
    await addTools(server.services, [liked]);
    const countIn = async (res: Response) => linesOf(await res.text()).find((t) => t.id === liked.id)!.upvotesCount;

    expect(await countIn(await fetch(`${server.url}/api/v1/export.jsonl`))).toBe(0);
    const first = await fetch(`${server.url}/api/v1/export.jsonl`);
    expect(first.headers.get("x-cache")).toBe("HIT");
    expect(await countIn(first)).toBe(0);
    clock += 1000;
    expect(await setLikes(server.services, liked.id, [{ visitorId: "visitor-1", intent: "like" }])).not.toBeNull();

    // A like leaves the catalogue's generation alone: the file showing the old count is still sent…
    clock += EXPORT_COUNTS_REFRESH_MS - 2000;
    const soon = await fetch(`${server.url}/api/v1/export.jsonl`);
    expect(soon.headers.get("x-cache")).toBe("HIT");
    expect(soon.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await countIn(soon)).toBe(0);

    // …until it is a minute old: then it is made again, with the count as it is.
    clock += 2000;
    const later = await fetch(`${server.url}/api/v1/export.jsonl`);
    expect(later.headers.get("x-cache")).toBe("MISS");
    expect(await countIn(later)).toBe(1);
    const kept = await fetch(`${server.url}/api/v1/export.jsonl`);
    expect(kept.headers.get("x-cache")).toBe("HIT");
    expect(kept.headers.get("etag")).not.toBe(soon.headers.get("etag"));
    expect(await countIn(kept)).toBe(1);
  });
});
