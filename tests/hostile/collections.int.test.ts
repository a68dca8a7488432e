import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCollection, addToolToCollection, setCollectionStatus } from "../../server/collections/service.ts";
import { testEngine } from "../support/database.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { seed, type Seeded } from "./fixtures.ts";
import {
  BROWSER,
  get,
  inputsSent,
  post,
  runner,
  send,
  urlencoded,
  type HostileCase,
  expectNoProblems as expectHarnessProblems,
  floodLimits,
  refusedPage,
  UNREADABLE_PAGE,
} from "./harness.ts";

// The hostile-input suite for collections (docs/decisions/053): the admin's forms to create and
// edit a collection and its list, and the public pages and API that show it. Every input must
// get the right status and the page's own words, and — when refused — leave every table as it was.

const FORM = "application/x-www-form-urlencoded";
const KB8 = "a".repeat(8 * 1024);

afterAll(() => {
  console.log(`hostile collection inputs sent: ${inputsSent()} (${testEngine()})`);
});

describe("hostile inputs to collections", () => {
  const getServer = useTestServer({ configure: floodLimits });
  const flood = runner(getServer);
  let s: TestServer;
  let seeded: Seeded;
  let site: Record<string, string>;
  let admin: Record<string, string>;
  let id: string;
  let draftId: string;

  beforeAll(async () => {
    s = getServer();
    seeded = await seed(s);
    site = { ...BROWSER, Origin: s.url };
    admin = { ...site, Cookie: seeded.cookie };
    const account = await s.services.database.db
      .selectFrom("admin_users")
      .select(["id", "username"])
      .where("username", "=", seeded.username)
      .executeTakeFirstOrThrow();
    const made = await createCollection(s.services, account, {
      title: "Hostile picks",
      slug: "hostile-picks",
      intro: "",
    });
    const draft = await createCollection(s.services, account, {
      title: "Hostile draft",
      slug: "hostile-draft",
      intro: "",
    });
    if (made.kind !== "created" || draft.kind !== "created") throw new Error("collections not created");
    id = made.id;
    draftId = draft.id;
    await addToolToCollection(s.services, account, id, seeded.approved.slug);
    await setCollectionStatus(s.services, account, id, "published");
  });

  const expectNoProblems = (cases: HostileCase[]) => expectHarnessProblems(flood, cases);

  it("refuses hostile posts to create a collection with the form's own words and writes nothing", async () => {
    const create = (pairs: [string, string][], headers = admin) =>
      post("/admin/collections", urlencoded(pairs), FORM, headers);
    const cases: HostileCase[] = [
      { name: "create: no title", request: create([["intro", "Hi"]]), expect: refusedPage("Please enter a title.") },
      {
        name: "create: blank title",
        request: create([["title", "   "]]),
        expect: refusedPage("Please enter a title."),
      },
      {
        name: "create: title of 121 characters",
        request: create([["title", "t".repeat(121)]]),
        expect: refusedPage("The title must be at most 120 characters."),
      },
      {
        name: "create: title of 8 KB",
        request: create([["title", KB8]]),
        expect: refusedPage("The title must be at most 120 characters."),
      },
      {
        name: "create: two titles",
        request: create([
          ["title", "One"],
          ["title", "Two"],
        ]),
        expect: refusedPage("Give one value here, not several."),
      },
      {
        name: "create: slug with capitals and spaces",
        request: create([
          ["title", "Fine"],
          ["slug", "Not A Slug"],
        ]),
        expect: refusedPage("The address may hold only lower-case letters, digits and single hyphens"),
      },
      {
        name: "create: slug with a path in it",
        request: create([
          ["title", "Fine"],
          ["slug", "../../admin"],
        ]),
        expect: refusedPage("The address may hold only lower-case letters, digits and single hyphens"),
      },
      {
        name: "create: slug of 81 characters",
        request: create([
          ["title", "Fine"],
          ["slug", "a".repeat(81)],
        ]),
        expect: refusedPage("The address must be at most 80 characters."),
      },
      {
        name: "create: a title that gives no address, none typed",
        request: create([["title", "日本語のツール"]]),
        expect: refusedPage("Please enter an address"),
      },
      {
        name: "create: duplicate slug",
        request: create([
          ["title", "Another"],
          ["slug", "hostile-picks"],
        ]),
        expect: refusedPage("Another collection already has this address.", 409),
      },
      {
        name: "create: duplicate slug made from the title",
        request: create([["title", "Hostile Draft"]]),
        expect: refusedPage("Another collection already has this address.", 409),
      },
      {
        name: "create: introduction over 5,000 characters",
        request: create([
          ["title", "Fine"],
          ["intro", "i".repeat(5001)],
        ]),
        expect: refusedPage("The introduction must be at most 5,000 characters."),
      },
      {
        name: "create: NUL in the title",
        request: create([["title", "a\u0000b"]]),
        expect: refusedPage(/NUL/),
      },
      {
        name: "create: JSON body",
        request: post("/admin/collections", JSON.stringify({ title: "Json" }), "application/json", admin),
        expect: UNREADABLE_PAGE,
      },
      {
        name: "create: not signed in",
        request: create([["title", "Fine"]], site),
        expect: { reader: "page", status: 401, message: "Admin Login" },
      },
      {
        name: "create: another site's Origin",
        request: create([["title", "Fine"]], { ...admin, Origin: "https://evil.example" }),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
      {
        name: "create: no Origin nor Referer",
        request: create([["title", "Fine"]], { ...BROWSER, Cookie: seeded.cookie }),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
    ];
    await expectNoProblems(cases);
  });

  it("refuses hostile edits of a collection and its list, and writes nothing", async () => {
    const edit = (pairs: [string, string][], headers = admin, target = id) =>
      post(`/admin/collections/${target}`, urlencoded(pairs), FORM, headers);
    const cases: HostileCase[] = [
      {
        name: "edit: no intent",
        request: edit([["title", "X"]]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "edit: unknown intent",
        request: edit([["intent", "drop"]]),
        expect: refusedPage("The request could not be understood."),
      },
      {
        name: "edit: two intents",
        request: edit([
          ["intent", "publish"],
          ["intent", "delete"],
        ]),
        expect: refusedPage(),
      },
      {
        name: "edit: save with an over-long title",
        request: edit([
          ["intent", "save"],
          ["title", "t".repeat(121)],
        ]),
        expect: refusedPage("The title must be at most 120 characters."),
      },
      {
        name: "edit: save with a bad slug",
        request: edit([
          ["intent", "save"],
          ["title", "Fine"],
          ["slug", "bad slug!"],
        ]),
        expect: refusedPage("The address may hold only lower-case letters"),
      },
      {
        name: "edit: save with another collection's slug",
        request: edit([
          ["intent", "save"],
          ["title", "Fine"],
          ["slug", "hostile-draft"],
        ]),
        expect: refusedPage("Another collection already has this address.", 409),
      },
      {
        name: "edit: add an unknown tool",
        request: edit([
          ["intent", "add-tool"],
          ["tool", "no-such-tool"],
        ]),
        expect: refusedPage("No public tool has that address."),
      },
      {
        name: "edit: add a pending tool",
        request: edit([
          ["intent", "add-tool"],
          ["tool", seeded.pending.slug],
        ]),
        expect: refusedPage("No public tool has that address."),
      },
      {
        name: "edit: add a rejected tool by id",
        request: edit([
          ["intent", "add-tool"],
          ["tool", seeded.rejected.id],
        ]),
        expect: refusedPage("No public tool has that address."),
      },
      {
        name: "edit: add a tool twice",
        request: edit([
          ["intent", "add-tool"],
          ["tool", seeded.approved.slug],
        ]),
        expect: refusedPage("“Hostile Approved” is already in this collection.", 409),
      },
      {
        name: "edit: add a tool of 8 KB",
        request: edit([
          ["intent", "add-tool"],
          ["tool", KB8],
        ]),
        expect: refusedPage("No public tool has that address."),
      },
      {
        name: "edit: add an empty tool",
        request: edit([
          ["intent", "add-tool"],
          ["tool", "  "],
        ]),
        expect: refusedPage("Please enter the address (slug) of a tool."),
      },
      {
        name: "edit: note over 280 characters",
        request: edit([
          ["intent", "set-note"],
          ["tool", seeded.approved.id],
          ["note", "n".repeat(281)],
        ]),
        expect: refusedPage("A note must be at most 280 characters."),
      },
      {
        name: "edit: note for a tool not in the list",
        request: edit([
          ["intent", "set-note"],
          ["tool", seeded.other.id],
          ["note", "Hi"],
        ]),
        expect: refusedPage("That tool is not in this collection", 404),
      },
      {
        name: "edit: move a tool with a path for an id",
        request: edit([
          ["intent", "move-up"],
          ["tool", "../../etc/passwd"],
        ]),
        expect: refusedPage("That tool is not in this collection."),
      },
      {
        name: "edit: move the only tool up",
        request: edit([
          ["intent", "move-up"],
          ["tool", seeded.approved.id],
        ]),
        expect: refusedPage("That tool cannot move further that way.", 409),
      },
      {
        name: "edit: remove a tool not in the list",
        request: edit([
          ["intent", "remove-tool"],
          ["tool", seeded.other.id],
        ]),
        expect: refusedPage("That tool is not in this collection", 404),
      },
      {
        name: "edit: publish an empty draft",
        request: edit([["intent", "publish"]], admin, draftId),
        expect: refusedPage("Add at least one public tool before publishing the collection.", 409),
      },
      {
        name: "edit: delete without the confirmation",
        request: edit([["intent", "delete"]]),
        expect: refusedPage("Tick the box to confirm"),
      },
      {
        name: "edit: an unknown collection",
        request: edit([["intent", "publish"]], admin, "nosuchcollection"),
        expect: refusedPage("There is no collection with that id", 404),
      },
      {
        name: "edit: a collection id of 8 KB",
        request: edit([["intent", "publish"]], admin, KB8),
        expect: refusedPage(undefined, [404, 414, 431]),
      },
      {
        name: "edit: not signed in",
        request: edit([["intent", "unpublish"]], site),
        expect: { reader: "page", status: 401, message: "Admin Login" },
      },
      {
        name: "edit: another site's Origin",
        request: edit([["intent", "unpublish"]], { ...admin, Origin: "https://evil.example" }),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
      {
        name: "edit: delete from another site",
        request: edit(
          [
            ["intent", "delete"],
            ["confirm", "yes"],
          ],
          { ...admin, Origin: "https://evil.example" },
        ),
        expect: { reader: "page", status: 403, message: /this site/i },
      },
      {
        name: "edit: text body",
        request: post(`/admin/collections/${id}`, "intent=publish", "text/plain", admin),
        expect: UNREADABLE_PAGE,
      },
    ];
    await expectNoProblems(cases);
  });

  it("shows markup typed in the introduction and a note as text, never as markup", async () => {
    await expectNoProblems([
      {
        name: "edit: markup in the introduction",
        request: post(
          `/admin/collections/${id}`,
          urlencoded([
            ["intent", "save"],
            ["title", "Hostile <b>picks</b>"],
            ["slug", "hostile-picks"],
            ["intro", `<script>alert(1)</script><p onclick="alert(2)">Hi</p><a href="javascript:alert(3)">x</a>`],
          ]),
          FORM,
          admin,
        ),
        expect: { ...refusedPage("Saved.", 200), writes: ["audit_log"] },
      },
      {
        name: "edit: markup in a note",
        request: post(
          `/admin/collections/${id}`,
          urlencoded([
            ["intent", "set-note"],
            ["tool", seeded.approved.id],
            ["note", `"><svg onload=alert(4)>`],
          ]),
          FORM,
          admin,
        ),
        expect: { ...refusedPage("Saved the note of “Hostile Approved”.", 200), writes: ["audit_log"] },
      },
    ]);
    const answer = await send(s.url, get("/collections/hostile-picks", BROWSER));
    expect(answer.status).toBe(200);
    const main = answer.text.slice(answer.text.indexOf('<main id="main"'), answer.text.indexOf("</main>"));
    expect(main).toContain("Hostile &lt;b&gt;picks&lt;/b&gt;");
    expect(main).toContain("&quot;&gt;&lt;svg onload=alert(4)&gt;");
    expect(main).toContain("<p>Hi</p>");
    expect(main).not.toMatch(/<script>alert|onclick=|javascript:|<svg/);
  });

  it("answers hostile addresses of the public pages and the API without a server error", async () => {
    await expectNoProblems([
      {
        name: "page: a draft",
        request: get("/collections/hostile-draft", BROWSER),
        expect: refusedPage("Collection Not Found", 404),
      },
      {
        name: "page: unknown",
        request: get("/collections/nope", BROWSER),
        expect: refusedPage("Collection Not Found", 404),
      },
      {
        name: "page: 8 KB slug",
        request: get(`/collections/${KB8}`, BROWSER),
        expect: { reader: "page", status: [404, 414, 431] },
      },
      {
        name: "page: encoded path",
        request: get("/collections/..%2F..%2Fadmin", BROWSER),
        expect: refusedPage("Collection Not Found", 404),
      },
      {
        name: "api: a draft",
        request: get("/api/v1/collections/hostile-draft", BROWSER),
        expect: { reader: "json", status: 404, code: "not-found" },
      },
      {
        name: "api: NUL in the slug",
        request: get("/api/v1/collections/a%00b", BROWSER),
        expect: { reader: "json", status: [400, 404] },
      },
      {
        name: "api: a post",
        request: post("/api/v1/collections", "{}", "application/json", site),
        expect: { reader: "json", status: 400, code: "invalid-argument" },
      },
    ]);
  });
});
