import { randomBytes } from "node:crypto";
import type { Database } from "../db/index.ts";

/**
 * The secret called `name`: the configured one, or else the one this installation generated
 * for itself the first time and keeps in the database, so that every instance and every restart
 * agrees on it (the first instance to store one wins; the others read it back).
 */
export async function loadSecret(
  database: Database,
  name: string,
  configured: string | null,
  now: number,
): Promise<string> {
  if (configured) return configured;
  const { db } = database;
  await db
    .insertInto("app_secrets")
    .values({ name, value: randomBytes(32).toString("base64url"), created_at: now })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return row.value;
}
