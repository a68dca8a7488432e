import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { postForm, useTestServer, type TestServer } from "../../tests/support/server.ts";

const VALID = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "A correction",
  message: "The pricing of one listing is out of date.",
};

async function countContacts(server: TestServer): Promise<number> {
  const row = await server.services.database.db
    .selectFrom("contacts")
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe("contact form", () => {
  // Generous limits here; the limit itself is tested on its own server below.
  const testServer = useTestServer({
    configure: (config) => {
      config.rateLimits.contact = { points: 1000, durationSec: 60 };
    },
  });
  let server: TestServer;
  beforeEach(async () => {
    server = testServer();
    await server.services.database.db.deleteFrom("contacts").execute();
  });

  it("stores a valid message once and shows 'Message Sent!'", async () => {
    const res = await postForm(`${server.url}/contact`, VALID);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact?sent=1");
    const rows = await server.services.database.db.selectFrom("contacts").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...VALID, read_at: null });
    // The send's own cookie leads to the confirmation, once.
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^ts_contact_sent=\w+$/);
    const page = await fetch(`${server.url}/contact?sent=1`, { headers: { cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(page.headers.get("set-cookie")).toMatch(/^ts_contact_sent=; Max-Age=0;/);
    expect(await page.text()).toContain("Message Sent!");
  });

  it("never says 'Message Sent!' to someone who only opens the address", async () => {
    for (const headers of [{}, { cookie: "ts_contact_sent=made-up-id" }, { cookie: "ts_contact_sent=" }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(`${server.url}/contact?sent=1`, { headers, redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/contact");
      expect(await res.text()).not.toContain("Message Sent!");
    }
    // Nor to anyone, from a page the first visitor's confirmation left in a cache.
    const sent = await postForm(`${server.url}/contact`, VALID);
    const cookie = (sent.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await fetch(`${server.url}/contact?sent=1`, { headers: { cookie } })).status).toBe(200);
    const other = await fetch(`${server.url}/contact?sent=1`, { redirect: "manual" });
    expect(other.status).toBe(302);
  });

  it("says it only for a message sent in the last few minutes", async () => {
    const sent = await postForm(`${server.url}/contact`, VALID);
    const cookie = (sent.headers.get("set-cookie") ?? "").split(";")[0]!;
    await server.services.database.db
      .updateTable("contacts")
      .set({ submitted_at: Date.now() - 11 * 60 * 1000 })
      .execute();
    expect((await fetch(`${server.url}/contact?sent=1`, { headers: { cookie }, redirect: "manual" })).status).toBe(302);
  });

  it("trims what it stores", async () => {
    await postForm(`${server.url}/contact`, { ...VALID, name: "  Ada  ", email: " ada@example.com " });
    const row = await server.services.database.db.selectFrom("contacts").selectAll().executeTakeFirstOrThrow();
    expect(row.name).toBe("Ada");
    expect(row.email).toBe("ada@example.com");
  });

  it("names each missing field and stores nothing", async () => {
    const res = await postForm(`${server.url}/contact`, { name: "", email: "", subject: " ", message: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const text of ["Name is required.", "Email is required.", "Subject is required.", "Message is required."]) {
      expect(html).toContain(text);
    }
    expect(await countContacts(server)).toBe(0);
  });

  it("refuses an invalid e-mail address", async () => {
    const res = await postForm(`${server.url}/contact`, { ...VALID, email: "not-an-address" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter a valid email address.");
    // What was typed is kept, so nothing is lost.
    expect(html).toContain(VALID.message);
    expect(await countContacts(server)).toBe(0);
  });

  it("refuses a 100 KB message", async () => {
    const res = await postForm(`${server.url}/contact`, { ...VALID, message: "x".repeat(100 * 1024) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Message must be at most 5,000 characters.");
    expect(await countContacts(server)).toBe(0);
  });

  it("refuses a post whose honeypot is filled", async () => {
    const res = await postForm(`${server.url}/contact`, { ...VALID, company_website: "https://spam.example" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Your message looks automated and was not sent.");
    expect(await countContacts(server)).toBe(0);
  });

  it("says 'Failed to send message' when the database refuses the write", async () => {
    await sql`drop table contacts`.execute(server.services.database.db);
    try {
      const res = await postForm(`${server.url}/contact`, VALID);
      expect(res.status).toBe(503);
      const html = await res.text();
      expect(html).toContain("Failed to send message. Please try again later.");
      expect(html).not.toMatch(/no such table|does not exist|at .*\.ts:\d+/);
    } finally {
      await sql`create table contacts (id text primary key, name text not null, email text not null,
        subject text not null, message text not null, submitted_at bigint not null, read_at bigint)`.execute(
        server.services.database.db,
      );
    }
  });
});

describe("contact form rate limit", () => {
  const testServer = useTestServer();

  it("lets 5 posts from one address through, then answers 429 and stores nothing more", async () => {
    const server = testServer();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      // A spoofed X-Forwarded-For must not move the limit while TRUST_PROXY is unset.
      const res = await postForm(
        `${server.url}/contact`,
        { ...VALID, subject: `Burst ${i}` },
        {
          "X-Forwarded-For": `203.0.113.${i}`,
        },
      );
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await res.text()).toContain("Too many messages from your network. Please try again later.");
      }
    }
    expect(statuses.slice(0, 5)).toEqual([303, 303, 303, 303, 303]);
    expect(statuses.slice(5)).toEqual(Array(15).fill(429));
    expect(await countContacts(server)).toBe(5);
  });
});

describe("contact form body limit", () => {
  const testServer = useTestServer();

  it("refuses a body over 256 KB before reading it, and stores nothing", async () => {
    const server = testServer();
    const res = await postForm(`${server.url}/contact`, { ...VALID, message: "x".repeat(300 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("The request is too large.");
    expect(await countContacts(server)).toBe(0);
  });
});
