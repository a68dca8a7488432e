import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../admin/accounts.ts";
import { adminCookieName, createAdminSession } from "../admin/session.ts";
import { addTools, makeTool } from "../../tests/support/catalog.ts";
import { startLocalSmtp, type LocalSmtp } from "../../tests/support/smtp.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { renderApproval } from "./approval-mail.ts";

// An admin's approval tells the submitter by mail (through a real SMTP server on 127.0.0.1).

describe("the approval mail", () => {
  let smtp: LocalSmtp;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    server = await startTestServer({ env: { SMTP_URL: smtp.url } });
    const now = server.services.now();
    const admin = await createAdmin(server.services.database, "approver", "a long enough password", now);
    cookie = `${adminCookieName(false)}=${await createAdminSession(server.services.database, admin.id, now)}`;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("tells the submitter that gave an address, once, with the tool's page; tools without one get none", async () => {
    const mine = makeTool({
      name: `Maker's <Tool>`,
      status: "pending",
      source: "free_submission",
      submitterEmail: "maker@example.com",
    });
    const anonymous = makeTool({
      name: "Nobody's Tool",
      status: "pending",
      source: "free_submission",
      submitterEmail: null,
    });
    await addTools(server.services, [mine, anonymous]);
    const before = smtp.received.length;
    const approve = (ids: string[]) => {
      const body = new URLSearchParams({ intent: "approve", formKey: "bulk" });
      for (const id of ids) body.append("ids", id);
      return fetch(`${server.url}/admin/moderation`, {
        method: "POST",
        body,
        headers: { Origin: server.url, Cookie: cookie },
      });
    };
    expect((await approve([mine.id, anonymous.id])).status).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(["maker@example.com"]);
    expect(mail!.parsed.subject).toBe("Maker's <Tool> is now listed on toolshelf/");
    expect(mail!.parsed.text).toContain(`/tool/${mine.slug}`);
    expect(String(mail!.parsed.html)).toContain("Maker&#39;s &lt;Tool&gt;");

    // Approving again changes nothing, and mails nobody.
    expect((await approve([mine.id])).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before + 1);
  });

  it("escapes the tool's name in the HTML body and keeps the subject on one line", () => {
    const mail = renderApproval(
      { name: "S", url: "https://s.example" },
      { name: "A\r\nBcc: x@y.z <b>", url: "https://s.example/tool/a" },
    );
    expect(mail.subject).toBe("A Bcc: x@y.z <b> is now listed on S");
    expect(mail.html).toContain("A Bcc: x@y.z &lt;b&gt;");
    expect(mail.html).not.toContain("<b>");
  });
});
