import { sql, type Kysely } from "kysely";

// Frozen once landed. Claims per owner: each claim keeps its own pending edit (co-owners of a
// listing no longer replace each other's), and a newly mailed owner link waits beside the one in
// use until it is first opened, so asking for a new link ends nothing by itself.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("owner_edits_one_pending").execute();
  await sql`create unique index owner_edits_one_pending_per_claim on owner_edits (claim_id) where status = 'pending'`.execute(db);

  // SHA-256 of an owner link mailed on request and not opened yet; its first use makes it the
  // claim's owner link (owner_token_hash) and ends the old one.
  await db.schema.alterTable("tool_claims").addColumn("next_owner_token_hash", "text").execute();
  await db.schema.createIndex("tool_claims_next_owner_token_hash").on("tool_claims").column("next_owner_token_hash").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tool_claims_next_owner_token_hash").execute();
  await db.schema.alterTable("tool_claims").dropColumn("next_owner_token_hash").execute();
  await db.schema.dropIndex("owner_edits_one_pending_per_claim").execute();
  // One pending edit per tool again: the newest of each tool stays, the others count as replaced.
  await sql`update owner_edits set status = 'replaced', decided_at = created_at
    where status = 'pending' and exists (
      select 1 from owner_edits newer
      where newer.tool_id = owner_edits.tool_id and newer.status = 'pending'
        and (newer.created_at > owner_edits.created_at or (newer.created_at = owner_edits.created_at and newer.id > owner_edits.id))
    )`.execute(db);
  await sql`create unique index owner_edits_one_pending on owner_edits (tool_id) where status = 'pending'`.execute(db);
}
