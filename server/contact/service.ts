import type { ContactInput } from "../../core/contact.ts";
import type { Database } from "../db/index.ts";
import { newId } from "../db/ids.ts";

/** Stores one contact message (already validated) and returns its id. */
export async function saveContactMessage(
  database: Database,
  input: ContactInput,
  now: number,
): Promise<string> {
  const id = newId();
  await database.db
    .insertInto("contacts")
    .values({ id, ...input, submitted_at: now, read_at: null })
    .execute();
  return id;
}
