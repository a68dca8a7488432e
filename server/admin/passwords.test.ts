import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./passwords.ts";

describe("admin passwords", () => {
  it("hashes with scrypt and a fresh salt, and verifies only the same password", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("horse");
    expect(await verifyPassword("correct horse battery staple", a)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("treats the same characters in another Unicode form as the same password", async () => {
    const hash = await hashPassword("caf\u00e9 au lait");
    expect(await verifyPassword("cafe\u0301 au lait", hash)).toBe(true);
  });

  it.each([
    "",
    "plain",
    "bcrypt$10$abc",
    "scrypt$abc$8$1$salt$key",
    "scrypt$2097152$8$1$c2FsdA$a2V5",
    "scrypt$16384$8$1$$",
  ])("refuses the stored value %j as a hash", async (stored) => {
    expect(await verifyPassword("anything", stored)).toBe(false);
  });

  it("generates 20-character passwords, different each time", () => {
    const passwords = new Set(Array.from({ length: 100 }, generatePassword));
    expect(passwords.size).toBe(100);
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });
});
