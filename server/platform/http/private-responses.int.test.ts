import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addTools, makeTool } from "../../../tests/support/catalog.ts";
import { getPage } from "../../../tests/support/html.ts";
import { postForm, useTestServer, type TestServer } from "../../../tests/support/server.ts";
import { createAdmin } from "../../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../../admin/session.ts";

// What shared caches (a CDN) may keep, and what a stored page's CSP allows (docs/decisions/019).

describe("responses no shared cache may keep", () => {
  const getServer = useTestServer();
  let server: TestServer;
  let cookie: string;
  const tool = makeTool({ name: "Cacheable Tool" });
  beforeAll(async () => {
    server = getServer();
    await addTools(server.services, [tool]);
    const admin = await createAdmin(
      server.services.database,
      "cache-admin",
      "a long enough password",
      server.services.now(),
    );
    cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, admin.id, server.services.now())}`;
  });

  it("are every admin page, its data, and the admin API, signed in or not", async () => {
    for (const path of [
      "/admin",
      "/admin/dashboard",
      "/admin/dashboard.data",
      "/admin/orders?page=2",
      "/ADMIN/messages",
      "/%61dmin/audit",
      "/admin/login",
      "/api/admin/stats",
    ]) {
      for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
        const { res } = await getPage(server.url, path, { headers });
        expect(res.headers.get("cache-control"), `${path} ${headers.cookie ? "signed in" : "signed out"}`).toBe(
          "private, no-store",
        );
      }
    }
    const login = await postForm(`${server.url}/admin/login`, { username: "cache-admin", password: "wrong password!" });
    expect(login.status).toBe(401);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
  });

  it("are every response that sets a cookie", async () => {
    const login = await postForm(`${server.url}/admin/login`, {
      username: "cache-admin",
      password: "a long enough password",
    });
    expect(login.status).toBe(302);
    expect(login.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
    const like = await postForm(`${server.url}/like/${tool.id}`, {});
    expect(like.headers.getSetCookie()[0]).toMatch(/^ts_visitor=/);
    expect(like.headers.get("cache-control")).toBe("private, no-store");
  });

  it("leave public pages to shared caches", async () => {
    for (const path of ["/", "/browse/all", `/tool/${tool.slug}`, "/about"]) {
      const { res } = await getPage(server.url, path);
      expect(res.headers.get("cache-control"), path).toMatch(/^public, /);
    }
  });
});

describe("a stored public page's CSP", () => {
  const getServer = useTestServer();
  const tool = makeTool({ name: "Hashed Script Tool" });

  /** The inline scripts of a page with their attributes, and the script sources its CSP allows. */
  function scriptsAndPolicy(html: string, csp: string) {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs]) => !/type="application\/ld\+json"/.test(attrs!),
    );
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    return { scripts, scriptSrc };
  }

  it("allows its inline scripts by their hashes, so the visitors of a stored copy share no nonce", async () => {
    const server = getServer();
    await addTools(server.services, [tool]);
    for (const path of [`/tool/${tool.slug}`, "/", "/browse/all"]) {
      const first = await getPage(server.url, path);
      const second = await getPage(server.url, path);
      expect(second.res.headers.get("x-cache"), path).toBe("HIT");
      for (const { res, html } of [first, second]) {
        const csp = res.headers.get("content-security-policy") ?? "";
        const { scripts, scriptSrc } = scriptsAndPolicy(html, csp);
        expect(scripts.length, path).toBeGreaterThan(0);
        expect(csp, path).not.toContain("'nonce-");
        expect(html, path).not.toMatch(/<script[^>]* nonce=/);
        for (const [, , source] of scripts) {
          if (source === "") continue;
          const hash = `'sha256-${createHash("sha256").update(source!, "utf8").digest("base64")}'`;
          expect(scriptSrc, path).toContain(hash);
        }
      }
      expect(second.res.headers.get("content-security-policy")).toBe(first.res.headers.get("content-security-policy"));
    }
  });

  it("keeps a nonce of its own on a page that is not stored", async () => {
    const server = getServer();
    // The payment page is never stored; its script waits for the payment to be confirmed.
    const a = await getPage(server.url, "/payment-success?session_id=cs_test_hashed12345678");
    const b = await getPage(server.url, "/payment-success?session_id=cs_test_hashed12345678");
    expect(a.res.status).toBe(200);
    const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonceOf(a.res)).toBeDefined();
    expect(nonceOf(a.res)).not.toBe(nonceOf(b.res));
    expect(a.html).toContain(`nonce="${nonceOf(a.res)}"`);
  });
});
