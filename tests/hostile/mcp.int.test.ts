import { beforeAll, describe, it } from "vitest";
import type { Config } from "../../server/platform/config.ts";
import { addTools, makeTool } from "../support/catalog.ts";
import { useTestServer } from "../support/server.ts";
import {
  expectNoProblems as expectHarnessProblems,
  get,
  runner,
  type HostileCase,
  type Outgoing,
  floodLimits,
} from "./harness.ts";

// Hostile inputs to the MCP endpoint (POST /mcp, JSON-RPC 2.0): broken JSON, messages of the wrong
// shape, batches, unknown methods and tools, arguments of the wrong kind, NULs, huge bodies. Every
// one gets a JSON-RPC error or a tool's error result in plain words, never a 5xx, and nothing is
// written.

function floodConfig(config: Config) {
  floodLimits(config);
  config.productHunt = { ...config.productHunt, autoImport: false };
  config.digest = { ...config.digest, enabled: false };
}

const MCP_ACCEPT = "application/json, text/event-stream";

/** A POST to /mcp as an MCP client sends it; `headers` override. */
function rpc(body: Buffer | string, headers: Record<string, string> = {}): Outgoing {
  return {
    method: "POST",
    path: "/mcp",
    headers: { "User-Agent": "hostile-suite/1", "Content-Type": "application/json", Accept: MCP_ACCEPT, ...headers },
    body,
  };
}

/** A tools/call of `name` with `args` (any JSON, right or wrong). */
const callTool = (name: unknown, args: unknown) =>
  rpc(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }));

describe("hostile inputs to the MCP endpoint", () => {
  const getServer = useTestServer({ configure: floodConfig });
  const flood = runner(getServer);
  beforeAll(async () => {
    await addTools(getServer().services, [
      makeTool({ name: "Hostile Notes", tags: ["notes"] }),
      makeTool({ name: "Hostile Pending", status: "pending", tags: ["notes"] }),
    ]);
  });
  const expectNoProblems = (cases: HostileCase[]) => expectHarnessProblems(flood, cases);

  it("answers broken transport and JSON-RPC framing with JSON-RPC errors", async () => {
    const refused = (status: number, message: string | RegExp) => ({ reader: "jsonrpc" as const, status, message });
    const cases: HostileCase[] = [
      { name: "malformed JSON", request: rpc('{"jsonrpc":"2.0","id":1,'), expect: refused(400, /Parse error/) },
      { name: "empty body", request: rpc(""), expect: refused(400, /Parse error/) },
      {
        name: "a body in chunks, without a length",
        request: {
          ...rpc(""),
          headers: { ...rpc("").headers, "Transfer-Encoding": "chunked" },
          body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        },
        expect: refused(411, /must state its length/),
      },
      { name: "JSON null", request: rpc("null"), expect: refused(400, /Parse error/) },
      { name: "a bare number", request: rpc("42"), expect: refused(400, /Parse error/) },
      { name: "not a JSON-RPC message", request: rpc('{"hello":"world"}'), expect: refused(400, /JSON-RPC/) },
      {
        name: "JSON-RPC 1.0",
        request: rpc('{"jsonrpc":"1.0","id":1,"method":"tools/list"}'),
        expect: refused(400, /JSON-RPC/),
      },
      {
        name: "an id that is an object",
        request: rpc('{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}'),
        expect: refused(400, /JSON-RPC/),
      },
      {
        name: "a method that is a number",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":7}'),
        expect: refused(400, /JSON-RPC/),
      },
      {
        name: "a batch of requests",
        request: rpc(
          JSON.stringify([
            { jsonrpc: "2.0", id: 1, method: "tools/list" },
            { jsonrpc: "2.0", id: 2, method: "tools/list" },
          ]),
        ),
        expect: refused(400, /not a batch/),
      },
      { name: "an empty batch", request: rpc("[]"), expect: refused(400, /not a batch/) },
      {
        name: "a body of 100 KB",
        request: rpc(
          JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "a".repeat(100 * 1024) } }),
        ),
        expect: refused(413, /at most 65536 bytes/),
      },
      {
        name: "a stated length of 10 MB",
        request: { ...rpc("{}"), headers: { ...rpc("").headers, "Content-Length": String(10 * 1024 * 1024) } },
        expect: refused(413, /at most 65536 bytes/),
      },
      {
        name: "text/plain",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { "Content-Type": "text/plain" }),
        expect: refused(415, /Content-Type must be application\/json/),
      },
      {
        name: "a form post",
        request: rpc("a=1", { "Content-Type": "application/x-www-form-urlencoded" }),
        expect: refused(415, /Content-Type/),
      },
      {
        name: "JSON in Latin-1",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', {
          "Content-Type": "application/json; charset=latin1",
        }),
        expect: refused(415, /UTF-8/),
      },
      {
        name: "a gzipped body",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { "Content-Encoding": "gzip" }),
        expect: refused(415, /uncompressed/),
      },
      {
        name: "bytes that are not UTF-8",
        request: rpc(
          Buffer.concat([
            Buffer.from('{"jsonrpc":"2.0","id":1,"method":"'),
            Buffer.from([0xc0, 0xaf]),
            Buffer.from('"}'),
          ]),
        ),
        expect: { reader: "jsonrpc", status: [200, 400] },
      },
      {
        name: "no Accept",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { Accept: "" }),
        expect: refused(406, /Not Acceptable/),
      },
      {
        name: "an unknown protocol version",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { "Mcp-Protocol-Version": "1999-01-01" }),
        expect: refused(400, /protocol version/i),
      },
      {
        name: "JSON nested 5,000 deep",
        request: rpc(`${"[".repeat(5000)}${"]".repeat(5000)}`),
        expect: refused(400, /not a batch/),
      },
      { name: "GET", request: get("/mcp", { Accept: MCP_ACCEPT }), expect: refused(405, /Method not allowed/) },
      {
        name: "DELETE",
        request: { method: "DELETE", path: "/mcp", headers: { Accept: MCP_ACCEPT } },
        expect: refused(405, /Method not allowed/),
      },
      {
        name: "PUT",
        request: { ...rpc('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'), method: "PUT" },
        expect: refused(405, /Method not allowed/),
      },
      {
        name: "a path below /mcp",
        request: { ...rpc('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'), path: "/mcp/tools" },
        expect: refused(404, /\/mcp itself/),
      },
      {
        name: "a notification alone",
        request: rpc('{"jsonrpc":"2.0","method":"notifications/initialized"}'),
        expect: { reader: "jsonrpc", status: 202 },
      },
      {
        name: "a response sent to the server",
        request: rpc('{"jsonrpc":"2.0","id":5,"result":{}}'),
        expect: { reader: "jsonrpc", status: 202 },
      },
    ];
    await expectNoProblems(cases);
  });

  it("answers unknown methods and tools, and arguments of the wrong kind, in plain words", async () => {
    const answered = (message: string | RegExp) => ({ reader: "jsonrpc" as const, status: 200, message });
    const cases: HostileCase[] = [
      {
        name: "an unknown method",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/delete"}'),
        expect: answered(/Method not found/),
      },
      {
        name: "resources/list (none offered)",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":"resources/list"}'),
        expect: answered(/Method not found/),
      },
      {
        name: "tools/call without params",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":"tools/call"}'),
        expect: answered(/"error"/),
      },
      { name: "an unknown tool", request: callTool("drop_tables", {}), expect: answered(/Tool drop_tables not found/) },
      { name: "a tool name that is a number", request: callTool(5, {}), expect: answered(/"error"/) },
      {
        name: "get_tool without arguments",
        request: callTool("get_tool", undefined),
        expect: answered(/tool is required/),
      },
      {
        name: "get_tool of a number",
        request: callTool("get_tool", { tool: 123 }),
        expect: answered(/tool is required/),
      },
      {
        name: "get_tool of a list",
        request: callTool("get_tool", { tool: ["a", "b"] }),
        expect: answered(/tool is required/),
      },
      {
        name: "arguments as a list",
        request: callTool("get_tool", ["hostile-notes"]),
        expect: answered(/"error"|isError/),
      },
      {
        name: "get_tool with a NUL",
        request: callTool("get_tool", { tool: "hostile\u0000notes" }),
        expect: answered(/tool must be one line/),
      },
      {
        name: "get_tool of an unknown slug",
        request: callTool("get_tool", { tool: "no-such-tool" }),
        expect: answered(/No public tool has the slug or id/),
      },
      {
        name: "get_tool of a pending tool",
        request: callTool("get_tool", { tool: "hostile-pending" }),
        expect: answered(/No public tool has the slug or id/),
      },
      {
        name: "get_tool of 5,000 characters",
        request: callTool("get_tool", { tool: "a".repeat(5000) }),
        expect: answered(/tool is too long/),
      },
      {
        name: "get_tool of SQL",
        request: callTool("get_tool", { tool: "'; drop table tools; --" }),
        expect: answered(/No public tool/),
      },
      {
        name: "get_tool of a path",
        request: callTool("get_tool", { tool: "../../etc/passwd" }),
        expect: answered(/No public tool/),
      },
      {
        name: "search_tools with a NUL",
        request: callTool("search_tools", { query: "no\u0000tes" }),
        expect: answered(/query must be one line/),
      },
      {
        name: "search_tools of 10,000 characters",
        request: callTool("search_tools", { query: "a".repeat(10_000) }),
        expect: answered(/at most 200 characters/),
      },
      {
        name: "search_tools of markup",
        request: callTool("search_tools", { query: "<script>alert(1)</script>" }),
        expect: answered(/"structuredContent"/),
      },
      {
        name: "search_tools of an object",
        request: callTool("search_tools", { query: { $ne: null } }),
        expect: answered(/query is required/),
      },
      {
        name: "browse_tools of page 1e308",
        request: callTool("browse_tools", { page: 1e308 }),
        expect: answered(/page must be a whole number/),
      },
      {
        name: "browse_tools of page -1",
        request: callTool("browse_tools", { page: -1 }),
        expect: answered(/page must be a whole number/),
      },
      {
        name: "browse_tools of page 1.5",
        request: callTool("browse_tools", { page: 1.5 }),
        expect: answered(/page must be a whole number/),
      },
      {
        name: "browse_tools of an unknown category",
        request: callTool("browse_tools", { category: "__proto__" }),
        expect: answered(/Unknown category/),
      },
      {
        name: "browse_tools of an unknown pricing",
        request: callTool("browse_tools", { pricing: "free,cheap" }),
        expect: answered(/one or more of/),
      },
      {
        name: "browse_tools with a prototype key",
        request: rpc(
          '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"browse_tools","arguments":{"__proto__":{"page":5}}}}',
        ),
        expect: answered(/"structuredContent"/),
      },
      {
        name: "find_alternatives of an unknown slug",
        request: callTool("find_alternatives", { tool: "nothing-here" }),
        expect: answered(/No public tool has the slug or id/),
      },
      {
        name: "compare_tools of one",
        request: callTool("compare_tools", { tools: ["hostile-notes"] }),
        expect: answered(/Name two or three different tools/),
      },
      {
        name: "compare_tools of 50",
        request: callTool("compare_tools", { tools: Array.from({ length: 50 }, (_, i) => `tool-${i}`) }),
        expect: answered(/Name two or three different tools/),
      },
      {
        name: "compare_tools of a text",
        request: callTool("compare_tools", { tools: "hostile-notes,other" }),
        expect: answered(/Name two or three different tools/),
      },
      {
        name: "compare_tools of one tool twice",
        request: callTool("compare_tools", { tools: ["hostile-notes", "Hostile Notes"] }),
        expect: answered(/Name two or three different tools/),
      },
      {
        name: "compare_tools with a NUL",
        request: callTool("compare_tools", { tools: ["hostile-notes", "x\u0000"] }),
        expect: answered(/must be one line/),
      },
      {
        name: "initialize with a wrong version",
        request: rpc(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: { protocolVersion: "1.0", capabilities: {}, clientInfo: { name: "x", version: "1" } },
          }),
        ),
        expect: answered(/protocolVersion/),
      },
      {
        name: "initialize without params",
        request: rpc('{"jsonrpc":"2.0","id":1,"method":"initialize"}'),
        expect: { reader: "jsonrpc", status: [200, 400] },
      },
    ];
    await expectNoProblems(cases);
  });
});
