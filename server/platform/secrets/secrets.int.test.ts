import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { loadSecret } from "./index.ts";

describe("loadSecret", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("generates one secret and keeps it: instances starting at once all get the same", async () => {
    const values = await Promise.all(
      Array.from({ length: 8 }, () => loadSecret(t.database, "cookie-signing", null, Date.now())),
    );
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await loadSecret(t.database, "cookie-signing", null, Date.now())).toBe(values[0]);
    // Another name is another secret.
    expect(await loadSecret(t.database, "other", null, Date.now())).not.toBe(values[0]);
  });

  it("uses the configured secret, and stores nothing for it", async () => {
    expect(await loadSecret(t.database, "configured-only", "x".repeat(40), Date.now())).toBe("x".repeat(40));
    const rows = await t.database.db
      .selectFrom("app_secrets")
      .select("name")
      .where("name", "=", "configured-only")
      .execute();
    expect(rows).toEqual([]);
  });
});
