import { describe, expect, it } from "vitest";
import { VISITOR_COOKIE, visitorCookies } from "./visitor.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const header = (setCookie: string) => setCookie.split(";")[0]!;

describe("visitor cookies", () => {
  const cookies = visitorCookies(SECRET, { secure: false });

  it("issues a new id each time, and reads back the cookie it issued", () => {
    const a = cookies.issue();
    const b = cookies.issue();
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^v_[A-Za-z0-9_-]{22}$/);
    expect(cookies.read(header(a.setCookie))).toBe(a.id);
    expect(cookies.read(`theme=dark; ${header(b.setCookie)}; other=1`)).toBe(b.id);
  });

  it("sets a long-lived, HttpOnly, same-site cookie, Secure only on https", () => {
    const { setCookie } = cookies.issue();
    expect(setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=v_[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; `));
    expect(setCookie).toContain("Max-Age=63072000");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure");
    expect(visitorCookies(SECRET, { secure: true }).issue().setCookie).toContain("; Secure");
  });

  it("reads no visitor from a missing, edited, unsigned or foreign cookie", () => {
    const { id, setCookie } = cookies.issue();
    const value = header(setCookie).slice(VISITOR_COOKIE.length + 1);
    const signature = value.split(".")[1]!;
    const other = cookies.issue().id;
    for (const cookie of [
      undefined,
      "",
      "theme=dark",
      `${VISITOR_COOKIE}=`,
      `${VISITOR_COOKIE}=${id}`,
      `${VISITOR_COOKIE}=${id}.`,
      `${VISITOR_COOKIE}=${other}.${signature}`,
      `${VISITOR_COOKIE}=${id}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${VISITOR_COOKIE}=${id}.${signature}x`,
      `${VISITOR_COOKIE}=admin.${signature}`,
    ]) {
      expect(cookies.read(cookie), String(cookie)).toBeNull();
    }
    // Signed with another key: not ours.
    expect(visitorCookies(`${SECRET}-rotated`, { secure: false }).read(header(setCookie))).toBeNull();
  });
});
