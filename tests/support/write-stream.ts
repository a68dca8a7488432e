import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { slugify } from "../../core/slug.ts";
import { createAdmin } from "../../server/admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../../server/admin/session.ts";
import { changeCatalog } from "../../server/catalog/change.ts";
import { insertTools, type NewTool } from "../../server/catalog/write.ts";
import type { Database } from "../../server/platform/db/index.ts";
import { VISITOR_COOKIE } from "../../server/likes/visitor.ts";
import { makeTool } from "./catalog.ts";
import { testImage } from "./images.ts";

// A stream of writes against a running server, as a busy site gets them — likes, free submissions
// with a logo, admin edits — and, afterwards, a check that every write the server acknowledged is
// in the database. "Acknowledged" means its HTTP answer arrived: what a client was told happened.
// The server must trust its loopback proxy (TRUST_PROXY=loopback): every request comes from its
// own X-Forwarded-For address, as visitors do, so no per-address limit is reached.

/**
 * The environment of a production server under a write stream: it trusts the loopback proxy (each
 * request's own address counts), seeds nothing, and does no background work that reaches out
 * (no Chromium for screenshots: their jobs fail and wait for a retry; no import, no link check).
 */
export const WRITE_STREAM_SERVER_ENV = {
  SEED_DEMO: "false",
  TRUST_PROXY: "loopback",
  CHROMIUM_PATH: "/nonexistent/chromium",
  PRODUCT_HUNT_AUTO_IMPORT: "false",
  LINK_CHECK_ENABLED: "false",
} as const;

/** What a write stream needs in the database before the server starts: public tools, and an admin signed in. */
export async function seedForWriteStream(
  database: Database,
): Promise<Pick<WriteStreamOptions, "likeTools" | "editTools" | "adminCookie">> {
  const liked = Array.from({ length: 6 }, (_, i) => makeTool({ name: `Stream Liked ${i + 1}` }));
  const edited = Array.from({ length: 2 }, (_, i) => makeTool({ name: `Stream Edited ${i + 1}` }));
  await changeCatalog({ database, now: Date.now }, (write) => insertTools(write, [...liked, ...edited]));
  const admin = await createAdmin(database, "operator", "a long enough password", Date.now());
  // Over plain HTTP the cookie has no __Host- prefix (the server's SITE_URL is http://localhost).
  const adminCookie = `${adminCookieName(false)}=${await createAdminSession(database, admin.id, Date.now())}`;
  return { likeTools: liked.map((tool) => tool.id), editTools: edited, adminCookie };
}

/** A write whose success answer the client received. */
export type AckedWrite =
  | { kind: "like"; toolId: string; visitorId: string }
  | { kind: "submission"; slug: string }
  | { kind: "edit"; toolId: string; seq: number };

/** Per edited tool: the highest edit sent (answered or not) and the highest acknowledged. */
export type EditState = Map<string, { sent: number; acked: number }>;

export interface WriteStream {
  acked: AckedWrite[];
  /** Answers other than the expected success (a 429, a 500…): a correct run has none. */
  unexpected: string[];
  /** Stops sending and resolves once every worker has ended (at once for those whose server died). */
  stop(): Promise<void>;
}

export interface WriteStreamOptions {
  /** Public tools to like. */
  likeTools: string[];
  /** Tools an admin edits, one sequential worker each (their taglines become `Edit <n>`). */
  editTools: NewTool[];
  /** The admin session cookie (`name=token`) for the edits. */
  adminCookie: string;
  /** Carried across streams, so edit numbers keep rising through restarts. */
  editState: EditState;
  /** Makes submission names unique across streams. */
  label: string;
  likeWorkers?: number;
  submitWorkers?: number;
}

let addresses = 0;
/** A client address of its own for each request. */
function nextAddress(): string {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

let logo: Promise<Buffer> | undefined;

/** Starts the stream against `url`; each worker sends one request at a time until stopped or the server is gone. */
export function startWriteStream(url: string, options: WriteStreamOptions): WriteStream {
  const acked: AckedWrite[] = [];
  const unexpected: string[] = [];
  let stopped = false;
  logo ??= testImage("png", 64, 64);

  /** Runs `send` until stopped; a network error (the server killed) or an unexpected answer ends the worker. */
  const worker = async (send: () => Promise<boolean>) => {
    while (!stopped) {
      try {
        if (!(await send())) return;
      } catch {
        return;
      }
    }
  };
  const expectStatus = (res: Response, status: number, what: string): boolean => {
    if (res.status === status) return true;
    unexpected.push(`${what}: HTTP ${res.status}`);
    return false;
  };
  const drain = (res: Response) => res.arrayBuffer().catch(() => undefined);

  let likes = 0;
  const like = async () => {
    const toolId = options.likeTools[likes++ % options.likeTools.length]!;
    const res = await fetch(`${url}/like/${toolId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "like" }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
        Origin: url,
        "X-Forwarded-For": nextAddress(),
      },
    });
    const ok = expectStatus(res, 200, `like of ${toolId}`);
    if (ok) {
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${VISITOR_COOKIE}=`));
      const visitorId = cookie ? decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!).split(".")[0]! : "";
      acked.push({ kind: "like", toolId, visitorId });
    }
    await drain(res);
    return ok;
  };

  let submissions = 0;
  const submit = async () => {
    const n = ++submissions;
    const name = `Crash ${options.label} ${n}`;
    const body = new FormData();
    const fields = {
      name,
      tagline: "Sent while the server may die",
      description: "It does one thing well.",
      websiteUrl: `https://crash-${options.label}-${n}.example.com`.toLowerCase(),
      categories: "productivity",
      tags: "crash",
    };
    for (const [field, value] of Object.entries(fields)) body.append(field, value);
    body.append("logo", new File([new Uint8Array(await logo!)], "logo.png", { type: "image/png" }));
    const res = await fetch(`${url}/submit-tool`, {
      method: "POST",
      body,
      headers: { Origin: url, "X-Forwarded-For": nextAddress() },
      redirect: "manual",
    });
    const ok = expectStatus(res, 303, `submission of ${name}`);
    if (ok) {
      // To its confirmation, at its status token; the names are unique, so each slug is its name's.
      if (/^\/submit-tool\/[A-Za-z0-9_-]{43}$/.test(new URL(res.headers.get("location")!, url).pathname))
        acked.push({ kind: "submission", slug: slugify(name) });
      else unexpected.push(`submission of ${name}: redirected to ${res.headers.get("location")}`);
    }
    await drain(res);
    return ok;
  };

  const edit = (tool: NewTool) => async () => {
    const state = options.editState.get(tool.id) ?? { sent: 0, acked: 0 };
    options.editState.set(tool.id, state);
    const seq = ++state.sent;
    const fields: Record<string, string> = {
      intent: "save",
      name: tool.name,
      tagline: `Edit ${seq}`,
      websiteUrl: tool.websiteUrl,
      description: tool.description,
      categories: tool.categories[0]!,
      tags: tool.tags.join(", "),
      platforms: tool.platforms[0]!,
      pricingModel: tool.pricingModel ?? "",
      pricingDetails: tool.pricingDetails ?? "",
      features: tool.features.join(", "),
      useCases: tool.useCases.join(", "),
      integrations: tool.integrations.join(", "),
      targetAudience: tool.targetAudience.join(", "),
      submitterEmail: "",
      status: "approved",
      rejectionReason: "",
    };
    const res = await fetch(`${url}/admin/tools/${tool.id}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: url, cookie: options.adminCookie, "X-Forwarded-For": nextAddress() },
      redirect: "manual",
    });
    const ok = expectStatus(res, 303, `edit ${seq} of ${tool.name}`);
    if (ok) {
      state.acked = seq;
      acked.push({ kind: "edit", toolId: tool.id, seq });
    }
    await drain(res);
    return ok;
  };

  const workers = [
    ...Array.from({ length: options.likeWorkers ?? 3 }, () => worker(like)),
    ...Array.from({ length: options.submitWorkers ?? 1 }, () => worker(submit)),
    ...options.editTools.map((tool) => worker(edit(tool))),
  ];
  const done = Promise.all(workers);
  return {
    acked,
    unexpected,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/**
 * The acknowledged writes `database` does not hold, described; empty when all are there. A
 * submission needs its row and its logo file under `uploadsRoot`; an edit needs the tool's tagline
 * at that edit or a later one sent (which may have committed without its answer arriving).
 */
export async function missingWrites(
  database: Database,
  acked: readonly AckedWrite[],
  uploadsRoot: string,
  editState?: EditState,
): Promise<string[]> {
  const { db } = database;
  const missing: string[] = [];
  const likes = new Set(
    (await db.selectFrom("likes").select(["tool_id", "visitor_id"]).execute()).map(
      (row) => `${row.tool_id} ${row.visitor_id}`,
    ),
  );
  const tools = new Map(
    (await db.selectFrom("tools").select(["id", "slug", "tagline", "logo_url"]).execute()).map((row) => [
      row.slug,
      row,
    ]),
  );
  const taglines = new Map([...tools.values()].map((row) => [row.id, row.tagline]));
  for (const write of acked) {
    if (write.kind === "like" && !likes.has(`${write.toolId} ${write.visitorId}`))
      missing.push(`like of ${write.toolId} by ${write.visitorId}`);
    if (write.kind === "submission") {
      const row = tools.get(write.slug);
      if (!row) missing.push(`submission ${write.slug}`);
      else if (!row.logo_url?.startsWith("/uploads/")) missing.push(`logo URL of ${write.slug} (${row.logo_url})`);
      else if (!fs.existsSync(path.join(uploadsRoot, row.logo_url.slice("/uploads/".length))))
        missing.push(`logo file ${row.logo_url}`);
    }
    if (write.kind === "edit") {
      const stored = Number(/^Edit (\d+)$/.exec(taglines.get(write.toolId) ?? "")?.[1] ?? 0);
      const sent = editState?.get(write.toolId)?.sent ?? write.seq;
      if (stored < write.seq || stored > sent)
        missing.push(`edit ${write.seq} of ${write.toolId} (stored: ${taglines.get(write.toolId)})`);
    }
  }
  return missing;
}

/** Tools whose like count differs from the likes stored for them (each like moves both in one transaction). */
export async function countMismatches(database: Database): Promise<string[]> {
  const rows = await database.db
    .selectFrom("tools")
    .leftJoin("likes", "likes.tool_id", "tools.id")
    .select(["tools.slug", "tools.upvotes_count", sql<number>`count(likes.tool_id)`.as("likes")])
    .groupBy(["tools.id", "tools.slug", "tools.upvotes_count"])
    .execute();
  return rows
    .filter((row) => Number(row.upvotes_count) !== Number(row.likes))
    .map((row) => `${row.slug}: count ${row.upvotes_count}, likes ${row.likes}`);
}

/** The log lines of a server process at level error or above (pino: 50 and up). */
export function errorLines(lines: readonly string[]): string[] {
  return lines.filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
}
