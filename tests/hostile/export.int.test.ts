import { beforeAll, describe, it } from "vitest";
import { addTools, makeTool } from "../support/catalog.ts";
import { useTestServer } from "../support/server.ts";
import { expectNoProblems, get, post, runner, SCRIPT, type HostileCase } from "./harness.ts";

// Hostile requests to the catalogue's exports: the public JSON Lines file (GET /api/v1/export.jsonl)
// with odd addresses, methods and headers, and the admin export without a session. Every one gets
// the file, a 304, or the API's error shape — never a 5xx — and nothing is written.

describe("hostile requests to the catalogue's exports", () => {
  const getServer = useTestServer();
  const flood = runner(getServer);
  beforeAll(async () => {
    await addTools(getServer().services, [
      makeTool({ name: "Exported Notes" }),
      makeTool({ name: '=HYPERLINK("https://evil.example")', slug: "exported-formula" }),
    ]);
  });

  it("answers every request to the public export with the file, a 304 or the API's error", async () => {
    const file = { reader: "resource" as const, status: 200, message: "Exported Notes" };
    const refused = (message: string | RegExp) => ({
      reader: "json" as const,
      status: 400,
      code: "invalid-argument" as const,
      message,
    });
    const at = (path: string, headers: Record<string, string> = {}) => get(path, { ...SCRIPT, ...headers });
    const cases: HostileCase[] = [
      { name: "plain", request: at("/api/v1/export.jsonl"), expect: file },
      { name: "as a browser asks", request: get("/api/v1/export.jsonl"), expect: file },
      { name: "an unknown parameter", request: at("/api/v1/export.jsonl?format=csv"), expect: file },
      { name: "a parameter twice", request: at("/api/v1/export.jsonl?a=1&a=2"), expect: refused("once") },
      { name: "a parameter as an object", request: at("/api/v1/export.jsonl?a[b]=c"), expect: file },
      { name: "__proto__", request: at("/api/v1/export.jsonl?__proto__=x&constructor=y"), expect: file },
      { name: "broken percent-escapes", request: at("/api/v1/export.jsonl?q=%E0%A4%A"), expect: file },
      {
        name: "a NUL in the query",
        request: at("/api/v1/export.jsonl?q=%00"),
        expect: refused("This address could not be read"),
      },
      {
        name: "a query of 200 KB",
        request: at(`/api/v1/export.jsonl?q=${"a".repeat(200 * 1024)}`),
        expect: { reader: "resource", status: [414, 431] },
      },
      { name: "a trailing slash", request: at("/api/v1/export.jsonl/"), expect: file },
      { name: "in capitals", request: at("/api/v1/EXPORT.JSONL"), expect: file },
      {
        name: "another extension",
        request: at("/api/v1/export.csv"),
        expect: { reader: "json", status: 404, code: "not-found" },
      },
      {
        name: "a NUL in the path",
        request: at("/api/v1/export.jsonl%00"),
        expect: { reader: "json", status: [400, 404] },
      },
      {
        name: "If-None-Match: *",
        request: at("/api/v1/export.jsonl", { "If-None-Match": "*" }),
        expect: { reader: "resource", status: 304 },
      },
      {
        name: "If-None-Match of other tags",
        request: at("/api/v1/export.jsonl", { "If-None-Match": 'W/"nope", "x", ,,' }),
        expect: file,
      },
      {
        name: "If-None-Match of 8 KB",
        request: at("/api/v1/export.jsonl", { "If-None-Match": `"${"x".repeat(8000)}"` }),
        expect: file,
      },
      { name: "a Range", request: at("/api/v1/export.jsonl", { Range: "bytes=0-10" }), expect: file },
      {
        name: "gzip refused by q=0",
        request: at("/api/v1/export.jsonl", { "Accept-Encoding": "gzip;q=0, identity" }),
        expect: file,
      },
      {
        name: "only encodings it does not make",
        request: at("/api/v1/export.jsonl", { "Accept-Encoding": "br, zstd" }),
        expect: file,
      },
      {
        name: "HEAD",
        request: { method: "HEAD", path: "/api/v1/export.jsonl", headers: SCRIPT },
        expect: { reader: "resource", status: 200 },
      },
      {
        name: "OPTIONS",
        request: { method: "OPTIONS", path: "/api/v1/export.jsonl", headers: SCRIPT },
        expect: { reader: "resource", status: 204 },
      },
      {
        name: "POST",
        request: post("/api/v1/export.jsonl", '{"a":1}', "application/json", SCRIPT),
        expect: refused("read-only"),
      },
      {
        name: "PUT",
        request: { ...post("/api/v1/export.jsonl", "x", "text/plain", SCRIPT), method: "PUT" },
        expect: refused("read-only"),
      },
      {
        name: "DELETE",
        request: { method: "DELETE", path: "/api/v1/export.jsonl", headers: SCRIPT },
        expect: refused("read-only"),
      },
    ];
    await expectNoProblems(flood, cases);
  });

  it("refuses the admin export without an admin session, whatever is asked", async () => {
    const unauthenticated = { reader: "json" as const, status: 401, code: "unauthenticated" as const };
    const cases: HostileCase[] = [
      { name: "admin JSON Lines", request: get("/api/admin/export.jsonl", SCRIPT), expect: unauthenticated },
      { name: "admin CSV", request: get("/api/admin/export.csv", SCRIPT), expect: unauthenticated },
      { name: "admin CSV from a browser", request: get("/api/admin/export.csv"), expect: unauthenticated },
      {
        name: "admin CSV with a made-up session",
        request: get("/api/admin/export.csv", { ...SCRIPT, Cookie: `ts_admin=${"A".repeat(43)}` }),
        expect: unauthenticated,
      },
      {
        name: "admin CSV with a malformed cookie",
        request: get("/api/admin/export.csv", { ...SCRIPT, Cookie: "ts_admin=%; ts_admin=;;==" }),
        expect: unauthenticated,
      },
      {
        name: "admin CSV with odd parameters",
        request: get("/api/admin/export.csv?status=pending&status=all&__proto__=1", SCRIPT),
        expect: unauthenticated,
      },
      {
        name: "admin CSV posted cross-site",
        request: post("/api/admin/export.csv", "a=1", "application/x-www-form-urlencoded", {
          ...SCRIPT,
          Origin: "https://evil.example",
        }),
        expect: unauthenticated,
      },
      {
        name: "admin export, HEAD",
        request: { method: "HEAD", path: "/api/admin/export.jsonl", headers: SCRIPT },
        expect: { reader: "resource", status: 401 },
      },
    ];
    await expectNoProblems(flood, cases);
  });
});
