import { describe, expect, it } from "vitest";
import { isOtherSchemaGone } from "./migrate.ts";

/** An error as node-postgres gives it: the server's message and SQLSTATE code. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("isOtherSchemaGone", () => {
  it("is true when another schema vanished while Kysely read every schema's tables", () => {
    expect(isOtherSchemaGone(pgError("3F000", 'schema "t_other" does not exist'), "t_ours")).toBe(true);
    expect(isOtherSchemaGone(pgError("3F000", 'schema "public" does not exist'), undefined)).toBe(true);
  });

  it("is false when our own schema is missing: that is a real failure", () => {
    expect(isOtherSchemaGone(pgError("3F000", 'schema "t_ours" does not exist'), "t_ours")).toBe(false);
  });

  it("is false for other errors, codes and values", () => {
    expect(isOtherSchemaGone(pgError("42P01", 'relation "tools" does not exist'), "t_ours")).toBe(false);
    expect(isOtherSchemaGone(pgError("3F000", "something else"), "t_ours")).toBe(false);
    expect(isOtherSchemaGone(new Error('schema "t_other" does not exist'), "t_ours")).toBe(false);
    expect(isOtherSchemaGone("3F000", "t_ours")).toBe(false);
    expect(isOtherSchemaGone(null, "t_ours")).toBe(false);
  });
});
