import type { Database } from "../db/index.ts";

// A job's lease (ADR 015): a row of `leases` that one holder has until it expires. A run takes
// it before starting and renews it while working, so one run of a job happens at a time across
// instances, and a run whose process died holds the job no longer than its lease.

/** Takes the lease `name` for `holder` until `at + leaseMs`, when no one holds it or its holder stopped renewing it; whether it did. */
export async function acquireLease(
  database: Database,
  name: string,
  holder: string,
  leaseMs: number,
  at: number,
): Promise<boolean> {
  const { db } = database;
  const inserted = await db
    .insertInto("leases")
    .values({ name, holder, expires_at: at + leaseMs })
    .onConflict((oc) => oc.column("name").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  // Held, unless its holder stopped renewing it.
  const taken = await db
    .updateTable("leases")
    .set({ holder, expires_at: at + leaseMs })
    .where("name", "=", name)
    .where("expires_at", "<", at)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Extends `holder`'s lease to `at + leaseMs`; false when it holds it no longer (another holder took it over). */
export async function renewLease(
  database: Database,
  name: string,
  holder: string,
  leaseMs: number,
  at: number,
): Promise<boolean> {
  const renewed = await database.db
    .updateTable("leases")
    .set({ expires_at: at + leaseMs })
    .where("name", "=", name)
    .where("holder", "=", holder)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/** Gives the lease up, if `holder` still has it (one taken over stays with its new holder). */
export async function releaseLease(database: Database, name: string, holder: string): Promise<void> {
  await database.db.deleteFrom("leases").where("name", "=", name).where("holder", "=", holder).execute();
}
