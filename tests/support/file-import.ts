import { expect } from "vitest";
import { createAdmin } from "../../server/admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../../server/admin/session.ts";
import { BROWSER_UA, decodeEntities } from "./html.ts";
import type { TestServer } from "./server.ts";

// The admin's import from a file as a browser drives it (upload, preview, choices, progress), for
// the tests that import files on a real server.

const readable = (html: string) => decodeEntities(html).replace(/<!-- -->/g, "");

/** An admin signed in on `server`, with the import page's steps. */
export async function fileImportAdmin(server: TestServer, username = "file-admin") {
  const now = server.services.now();
  const admin = await createAdmin(server.services.database, username, "a long enough password", now);
  const cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, admin.id, now)}`;

  async function get(path: string) {
    const res = await fetch(`${server.url}${path}`, {
      headers: { "User-Agent": BROWSER_UA, Accept: "text/html", cookie },
      redirect: "manual",
    });
    return { res, html: readable(await res.text()) };
  }

  async function post(body: FormData | URLSearchParams) {
    const res = await fetch(`${server.url}/admin/import/file`, {
      method: "POST",
      body,
      headers: { "User-Agent": BROWSER_UA, Accept: "text/html", Origin: server.url, cookie },
      redirect: "manual",
    });
    return { res, html: readable(await res.text()) };
  }

  async function upload(content: string | Buffer, fileName: string, format = "detect") {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("format", format);
    form.set("file", new File([typeof content === "string" ? content : new Uint8Array(content)], fileName));
    return post(form);
  }

  /** Uploads and answers the upload's id (from the redirect to its preview). */
  async function uploaded(content: string | Buffer, fileName: string): Promise<string> {
    const { res, html } = await upload(content, fileName);
    expect(res.status, html.slice(0, 2000)).toBe(303);
    const id = new URL(res.headers.get("location")!, server.url).searchParams.get("id");
    expect(id).toBeTruthy();
    return id!;
  }

  async function choose(id: string, intent: "map" | "confirm", mapping: Record<string, string>, approve = false) {
    const fields = new URLSearchParams({ intent, id });
    for (const [heading, slug] of Object.entries(mapping)) {
      fields.append("heading", heading);
      fields.append("category", slug);
    }
    if (approve) fields.set("approve", "on");
    const { res } = await post(fields);
    expect(res.status).toBe(303);
  }

  /** Waits for the import to finish, reading its page as the admin would; answers every page seen. */
  async function untilFinished(id: string): Promise<string[]> {
    const pages: string[] = [];
    for (let i = 0; i < 1200; i++) {
      const { html } = await get(`/admin/import/file?id=${id}`);
      pages.push(html);
      if (/Finished:|The import failed/.test(html)) return pages;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the import did not finish");
  }

  return { cookie, get, post, upload, uploaded, choose, untilFinished };
}

/** The preview's counts: to add, already listed, refused. */
export const previewCounts = (html: string) => ({
  add: Number(/data-testid="count-add">(\d+)</.exec(html)?.[1]),
  existing: Number(/data-testid="count-existing">(\d+)</.exec(html)?.[1]),
  refused: Number(/data-testid="count-refused">(\d+)</.exec(html)?.[1]),
});

/** One figure of the progress page: added, skipped, failed. */
export const progressFigure = (html: string, name: string) =>
  Number(new RegExp(`data-testid="progress-${name}">(\\d+)<`).exec(html)?.[1]);
