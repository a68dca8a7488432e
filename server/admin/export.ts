import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type { RequestHandler } from "express";
import { sql } from "kysely";
import { centsToUsd } from "../../core/featuring.ts";
import { ADMIN_CSV_HEADER, adminCsvRow, exportFileName, type AdminToolRecord } from "../../core/export.ts";
import { toolDetail } from "../api/tool-json.ts";
import { toolDetailBatches } from "../catalog/queries.ts";
import type { Database } from "../platform/db/index.ts";
import { sendStream } from "../platform/http/send-stream.ts";
import type { Logger } from "../platform/logger.ts";
import type { LifecycleThresholds } from "../../core/lifecycle.ts";
import { lifecycleThresholds, type LifecycleConfig } from "../catalog/lifecycle.ts";

// The admin's export of the whole catalogue (README: "Exporting the catalogue"): every tool
// whatever its status, with what only admins see, as JSON Lines or CSV, read a batch at a time and
// sent as it is read. Never a submitter's e-mail address nor a status link's hash.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Every tool as the admin export gives it, a batch at a time. */
export async function* adminToolRecords(
  database: Database,
  now: number,
  siteUrl: string,
  thresholds: LifecycleThresholds,
): AsyncGenerator<AdminToolRecord[]> {
  for await (const batch of toolDetailBatches(database, now, { publicOnly: false, thresholds })) {
    const paid = await paidOrdersOf(
      database,
      batch.map(({ row }) => row.id),
    );
    yield batch.map(({ row, detail }) => {
      const orders = paid.get(row.id);
      return {
        ...toolDetail(detail, siteUrl),
        status: detail.status,
        rejectionReason: row.rejection_reason,
        source: row.source,
        sourceUrl: row.source_url,
        websiteKey: row.website_key,
        linkCheckedAt: iso(row.link_checked_at === null ? null : Number(row.link_checked_at)),
        linkCheckResult: row.link_check_result,
        linkFailures: row.link_failures,
        paidOrders: orders?.count ?? 0,
        paidUsd: centsToUsd(orders?.cents ?? 0),
        lastPaidAt: iso(orders?.lastPaidAt ?? null),
      };
    });
  }
}

/** The paid (not refunded) featuring orders of each of these tools: how many, their sum and the last payment. */
async function paidOrdersOf(
  database: Database,
  ids: string[],
): Promise<Map<string, { count: number; cents: number; lastPaidAt: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await database.db
    .selectFrom("orders")
    .select([
      "tool_id",
      sql<number | string>`count(*)`.as("count"),
      sql<number | string>`sum(amount_cents)`.as("cents"),
      sql<number | string | null>`max(paid_at)`.as("last_paid_at"),
    ])
    .where("tool_id", "in", ids)
    .where("kind", "=", "featuring")
    .where("status", "=", "paid")
    .groupBy("tool_id")
    .execute();
  // PostgreSQL gives bigint aggregates as text.
  return new Map(
    rows.map((r) => [
      r.tool_id!,
      {
        count: Number(r.count),
        cents: Number(r.cents),
        lastPaidAt: r.last_paid_at === null ? null : Number(r.last_paid_at),
      },
    ]),
  );
}

const CSV_OPTIONS = { record_delimiter: "windows" } as const;

/** The admin export's text, a batch of tools at a time: JSON Lines, or CSV after its header row. */
async function* exportText(records: AsyncIterable<AdminToolRecord[]>, format: "jsonl" | "csv"): AsyncGenerator<string> {
  if (format === "csv") yield stringify([ADMIN_CSV_HEADER], CSV_OPTIONS);
  for await (const batch of records) {
    yield format === "csv"
      ? stringify(batch.map(adminCsvRow), CSV_OPTIONS)
      : batch.map((r) => `${JSON.stringify(r)}\n`).join("");
  }
}

const CONTENT_TYPES = { jsonl: "application/x-ndjson; charset=utf-8", csv: "text/csv; charset=utf-8" } as const;

/** `GET /api/admin/export.jsonl` and `.csv`: the file, saved under the day's name. */
export function adminExportHandler(
  services: { database: Database; now: () => number; config: { siteUrl: string } & LifecycleConfig; log: Logger },
  format: "jsonl" | "csv",
): RequestHandler {
  return async (req, res, next) => {
    try {
      const now = services.now();
      res.set("Content-Type", CONTENT_TYPES[format]);
      res.set("Content-Disposition", `attachment; filename="${exportFileName(now, format)}"`);
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      const body = Readable.from(
        exportText(
          adminToolRecords(services.database, now, services.config.siteUrl, lifecycleThresholds(services.config)),
          format,
        ),
        {
          objectMode: false,
        },
      );
      await sendStream(res, body, services.log);
    } catch (error) {
      next(error);
    }
  };
}
