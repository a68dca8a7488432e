import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/database.ts";
import { newId } from "./ids.ts";

// PostgreSQL only (this file runs in the integration-postgres project): one database server can
// hold several installs, each in its own schema.
describe("migrations on PostgreSQL", () => {
  it("ignore another install's bookkeeping tables in another schema", async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const decoy = `decoy_${newId()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema "${decoy}"`);
      await admin.query(`create table "${decoy}".kysely_migration (name text primary key, timestamp text)`);
      await admin.query(`create table "${decoy}".kysely_migration_lock (id text primary key, is_locked integer)`);
      const fresh = await createTestDatabase();
      try {
        const state = await fresh.database.db.selectFrom("catalog_state").select("version").execute();
        expect(state).toHaveLength(1);
        const { rows } = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(
          fresh.database.db,
        );
        expect(rows[0]!.n).toBeGreaterThan(0);
      } finally {
        await fresh.drop();
      }
    } finally {
      await admin.query(`drop schema "${decoy}" cascade`);
      await admin.end();
    }
  });
});
