import type { Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";
import type { Logger } from "../platform/logger.ts";
import { recordAudit } from "../audit/audit.ts";
import { generatePassword, hashPassword, verifyPassword } from "./passwords.ts";

export interface AdminAccount {
  id: string;
  username: string;
  createdAt: number;
}

/** Usernames are compared as typed, trimmed; 1–64 characters. */
export function normalizeUsername(username: string): string {
  return username.trim();
}

/** Creates an admin; throws if the username is taken. `fromEnvironment`: its password is ADMIN_PASSWORD's. */
export async function createAdmin(
  database: Database,
  username: string,
  password: string,
  now: number,
  options: { fromEnvironment?: boolean } = {},
): Promise<AdminAccount> {
  const id = newId();
  const name = normalizeUsername(username);
  const hash = await hashPassword(password);
  await database.db
    .insertInto("admin_users")
    .values({
      id,
      username: name,
      password_hash: hash,
      env_password_hash: options.fromEnvironment ? hash : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, username: name, createdAt: now };
}

/** Sets an admin's password and ends their sessions; false when there is no such admin. */
export async function setAdminPassword(
  database: Database,
  username: string,
  password: string,
  now: number,
): Promise<boolean> {
  const hash = await hashPassword(password);
  return database.db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom("admin_users")
      .select("id")
      .where("username", "=", normalizeUsername(username))
      .executeTakeFirst();
    if (!admin) return false;
    await trx
      .updateTable("admin_users")
      .set({ password_hash: hash, updated_at: now })
      .where("id", "=", admin.id)
      .execute();
    await trx.deleteFrom("sessions").where("admin_user_id", "=", admin.id).execute();
    return true;
  });
}

export async function listAdmins(database: Database): Promise<AdminAccount[]> {
  const rows = await database.db
    .selectFrom("admin_users")
    .select(["id", "username", "created_at"])
    .orderBy("username")
    .execute();
  return rows.map((r) => ({ id: r.id, username: r.username, createdAt: r.created_at }));
}

// Checked against when the username is unknown, so both answers take as long.
let decoy: Promise<string> | null = null;

/** The admin whose username and password these are, or null (the same for either being wrong). */
export async function verifyLogin(
  database: Database,
  username: string,
  password: string,
): Promise<AdminAccount | null> {
  const row = await database.db
    .selectFrom("admin_users")
    .select(["id", "username", "created_at", "password_hash"])
    .where("username", "=", normalizeUsername(username))
    .executeTakeFirst();
  if (!row) {
    await verifyPassword(password, await (decoy ??= hashPassword(generatePassword())));
    return null;
  }
  return (await verifyPassword(password, row.password_hash))
    ? { id: row.id, username: row.username, createdAt: row.created_at }
    : null;
}

/**
 * At start: ADMIN_USERNAME/ADMIN_PASSWORD create that admin, or set its password when the variable
 * changed since it was last applied (a hash of it is kept), so a password reset with
 * `npm run admin` is not undone by the next restart. With none configured and no admin at all,
 * one named "admin" is created with a random password, returned for the server to show once
 * (docs/design.md#rule-1); null otherwise.
 */
export async function ensureAdmin(
  database: Database,
  configured: { username: string; password: string } | null,
  log: Logger,
  now: number,
): Promise<{ username: string; password: string } | null> {
  if (configured) {
    const username = normalizeUsername(configured.username);
    const row = await database.db
      .selectFrom("admin_users")
      .select(["id", "username", "password_hash", "env_password_hash"])
      .where("username", "=", username)
      .executeTakeFirst();
    if (row?.env_password_hash && (await verifyPassword(configured.password, row.env_password_hash))) return null;
    if (row) {
      // A new ADMIN_PASSWORD (or the first start that keeps its hash): applied, unless it is the password already.
      if (!(await verifyPassword(configured.password, row.password_hash))) {
        await setAdminPassword(database, username, configured.password, now);
        await recordAudit(
          database.db,
          { id: row.id, username: row.username },
          [{ action: "password-set", detail: "from ADMIN_PASSWORD" }],
          now,
        );
        log.info({ username }, "admin password set from ADMIN_PASSWORD (it changed since it was last applied)");
      }
      await database.db
        .updateTable("admin_users")
        .set({ env_password_hash: await hashPassword(configured.password) })
        .where("id", "=", row.id)
        .execute();
      return null;
    }
    await createAdmin(database, configured.username, configured.password, now, { fromEnvironment: true }).catch(
      (error: unknown) => {
        // Another instance created it at the same moment: its password is the configured one too.
        log.debug({ err: error }, "admin created by another instance");
      },
    );
    return null;
  }
  const any = await database.db.selectFrom("admin_users").select("id").limit(1).executeTakeFirst();
  if (any) return null;
  const password = generatePassword();
  try {
    await createAdmin(database, "admin", password, now);
  } catch {
    return null; // another instance made the first admin
  }
  return { username: "admin", password };
}
