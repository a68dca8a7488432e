import { beforeAll, describe, it } from "vitest";
import type { Config } from "../../server/platform/config.ts";
import { addTools, makeTool } from "../support/catalog.ts";
import { useTestServer, type TestServer } from "../support/server.ts";
import { expectNoProblems as expectHarnessProblems, get, post, runner, type HostileCase } from "./harness.ts";

// Hostile inputs to the search box's suggestions (GET /api/v1/suggest?q=): every one gets the API's
// error shape or an answer, never a 5xx, and nothing is written (a suggestion records no search term).

function floodConfig(config: Config) {
  const generous = { points: 1_000_000, durationSec: 60 };
  for (const key of Object.keys(config.rateLimits) as (keyof Config["rateLimits"])[]) config.rateLimits[key] = generous;
  config.productHunt = { ...config.productHunt, autoImport: false };
  config.linkHealth = { ...config.linkHealth, enabled: false };
  config.digest = { ...config.digest, enabled: false };
}

describe("hostile inputs to the search box's suggestions", () => {
  const getServer = useTestServer({ configure: floodConfig });
  const flood = runner(getServer);
  let s: TestServer;
  beforeAll(async () => {
    s = getServer();
    await addTools(s.services, [makeTool({ name: "Suggested Notes", categories: ["productivity"] })]);
  });

  it("answers every input with suggestions or the API's error, and writes nothing", async () => {
    const refused = (message: string | RegExp) => ({
      reader: "json" as const,
      status: 400,
      code: "invalid-argument" as const,
      message,
    });
    const answered = { reader: "json" as const, status: 200 };
    const cases: HostileCase[] = [
      { name: "no q", request: get("/api/v1/suggest"), expect: refused("q is required") },
      { name: "empty q", request: get("/api/v1/suggest?q="), expect: refused("q is required") },
      {
        name: "only whitespace",
        request: get("/api/v1/suggest?q=%20%09%20"),
        expect: refused(/q (is required|must be one line)/),
      },
      {
        name: "q of 201 characters",
        request: get(`/api/v1/suggest?q=${"a".repeat(201)}`),
        expect: refused("q must be at most 200 characters."),
      },
      // Refused before Express reads it, as every address that long is.
      {
        name: "q of 200 KB",
        request: get(`/api/v1/suggest?q=${"a".repeat(200 * 1024)}`),
        expect: { reader: "resource", status: [414, 431] },
      },
      { name: "q twice", request: get("/api/v1/suggest?q=a&q=b"), expect: refused("q may be given only once.") },
      { name: "q as an array key", request: get("/api/v1/suggest?q[]=note"), expect: refused(/q/) },
      { name: "q as an object", request: get("/api/v1/suggest?q[a]=note"), expect: refused(/q/) },
      {
        name: "q with a NUL",
        request: get("/api/v1/suggest?q=no%00tes"),
        expect: refused(/could not be read|q must be one line/),
      },
      {
        name: "q with a line break",
        request: get("/api/v1/suggest?q=no%0Ates"),
        expect: refused("q must be one line"),
      },
      {
        name: "q with broken percent-escapes",
        request: get("/api/v1/suggest?q=%E0%A4%A"),
        expect: { reader: "json", status: [200, 400] },
      },
      { name: "q of markup", request: get("/api/v1/suggest?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E"), expect: answered },
      { name: "q of SQL", request: get("/api/v1/suggest?q=%27%3B%20drop%20table%20tools%3B%20--"), expect: answered },
      { name: "q of regular-expression characters", request: get("/api/v1/suggest?q=.*%5B(%2B"), expect: answered },
      {
        name: "q in right-to-left override",
        request: get("/api/v1/suggest?q=%E2%80%AEnotes"),
        expect: refused("q must be one line"),
      },
      { name: "__proto__", request: get("/api/v1/suggest?__proto__=x&q=no"), expect: answered },
      {
        name: "POST",
        request: post("/api/v1/suggest", "q=no", "application/x-www-form-urlencoded"),
        expect: refused("read-only"),
      },
      {
        name: "a real start of a name",
        request: get("/api/v1/suggest?q=sugg"),
        expect: { reader: "json", status: 200, message: "Suggested Notes" },
      },
    ];
    await expectHarnessProblems(flood, cases);
  });
});
