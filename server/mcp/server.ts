import { McpServer, type ToolCallback } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { mcpInputs, mcpOutputs, type McpToolKey } from "../../core/mcp-schemas.ts";
import { MCP_TOOLS, SPONSORED_NOTE } from "../../core/mcp-tools.ts";
import type { z } from "../../core/zod.ts";
import {
  alternativesAnswer,
  categoriesAnswer,
  collectionAnswer,
  collectionsAnswer,
  searchAnswer,
  toolAnswer,
  toolListAnswer,
  type CatalogAnswerDeps,
} from "../api/answers.ts";
import { toolDetail } from "../api/tool-json.ts";
import { compareTools } from "../catalog/compare.ts";
import type { PublicCatalog } from "../catalog/public.ts";
import type { Config } from "../platform/config.ts";
import { BUSY_MESSAGE, isDatabaseBusy } from "../platform/http/errors.ts";
import type { Logger } from "../platform/logger.ts";

// The MCP server of one request (the endpoint is stateless: server/mcp/http.ts): read-only tools
// over the public catalogue, answering what the JSON API answers. Pending and rejected tools are
// never found: every answer is built by server/api/answers.ts or from public tools only.

/** What the MCP tools read of the running server. */
export interface McpDeps extends CatalogAnswerDeps {
  config: Pick<Config, "siteUrl" | "siteName" | "lifecycle" | "linkHealth">;
  catalog: CatalogAnswerDeps["catalog"] & Pick<PublicCatalog, "namedLike">;
  log: Logger;
}

/** A tool's answer: its structured content, and the same as JSON text for clients that read only text. */
function answered<K extends McpToolKey>(_tool: K, content: z.infer<(typeof mcpOutputs)[K]>): CallToolResult {
  const structured = content as Record<string, unknown>;
  const text: CallToolResult["content"] = [{ type: "text", text: JSON.stringify(structured) }];
  const sponsored = sponsoredNames(structured);
  if (sponsored.length > 0)
    text.push({
      type: "text",
      text: `Sponsored (paid featured placement, marked sponsored: true): ${sponsored.join(", ")}. ${SPONSORED_NOTE}`,
    });
  return { content: text, structuredContent: structured };
}

/** The names of the sponsored tools an answer holds (a list, one tool, or a collection's tools). */
function sponsoredNames(content: Record<string, unknown>): string[] {
  const data = content.data;
  const listed = (data as { tools?: unknown } | undefined)?.tools;
  const tools = Array.isArray(data) ? data : Array.isArray(listed) ? listed : data ? [data] : [];
  return tools
    .filter((tool): tool is { name: string; sponsored: true } => (tool as { sponsored?: unknown }).sponsored === true)
    .map((tool) => tool.name);
}

/** A refusal the model can act on: what was wrong, in words. */
function refused(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

const NO_PUBLIC_TOOL = (key: string) =>
  `No public tool has the slug or id “${key}”. Use search_tools to find a tool's slug.`;

/** A new MCP server with the catalogue's tools, for one request. */
export function createMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer(
    { name: deps.config.siteName, version: "1.0.0", websiteUrl: deps.config.siteUrl },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        `Read-only access to the public directory of software, AI and web tools at ${deps.config.siteUrl}. ` +
        `Search, browse by category, read one tool, find alternatives, compare, and read the editors' collections. ${SPONSORED_NOTE}`,
    },
  );
  const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

  /** Runs a tool; a failure of ours is logged and answered in plain words, never with its internals. */
  const guarded =
    <A>(name: string, run: (args: A) => Promise<CallToolResult>) =>
    async (args: A): Promise<CallToolResult> => {
      try {
        return await run(args);
      } catch (error) {
        if (isDatabaseBusy(error)) {
          deps.log.warn({ err: error, tool: name }, "mcp: database busy");
          return refused(BUSY_MESSAGE);
        }
        deps.log.error({ err: error, tool: name }, "mcp: tool failed");
        return refused("Something went wrong on our side. Please try again.");
      }
    };

  /** Registers a tool with its definition and schemas, all named by its key, its run guarded. */
  const register = <K extends McpToolKey>(
    key: K,
    run: (args: z.infer<z.ZodObject<(typeof mcpInputs)[K]>>) => Promise<CallToolResult>,
  ) => {
    const { name, title, description } = MCP_TOOLS[key];
    server.registerTool(
      name,
      { title, description, inputSchema: mcpInputs[key], outputSchema: mcpOutputs[key], annotations },
      // The SDK's callback type cannot be related to a key's schema through the generic; each
      // call below is checked against its own schema by `run`'s type.
      guarded(name, run) as unknown as ToolCallback<(typeof mcpInputs)[K]>,
    );
  };

  register("searchTools", async ({ query, page }) => {
    const outcome = await searchAnswer(deps, query, page);
    if (outcome.kind === "too-long") return refused(`query must be at most ${outcome.maxLength} characters.`);
    if (outcome.kind === "prompt") return refused("query is required: the words to search for.");
    return answered("searchTools", outcome.answer);
  });

  register("getTool", async ({ tool }) => {
    const answer = await toolAnswer(deps, tool);
    return answer ? answered("getTool", answer) : refused(NO_PUBLIC_TOOL(tool));
  });

  register("listCategories", async () => answered("listCategories", await categoriesAnswer(deps)));

  register("browseTools", async (query) => answered("browseTools", await toolListAnswer(deps, query)));

  register("findAlternatives", async ({ tool, page }) => {
    const answer = await alternativesAnswer(deps, tool, page);
    return answer ? answered("findAlternatives", answer) : refused(NO_PUBLIC_TOOL(tool));
  });

  register("compareTools", async ({ tools }) => {
    const outcome = await compareTools(deps, tools);
    if (outcome.kind !== "compared") return refused(outcome.message);
    return answered("compareTools", {
      data: outcome.tools.map((tool) => toolDetail(tool, deps.config.siteUrl)),
      url: `${deps.config.siteUrl}${outcome.path}`,
    });
  });

  register("listCollections", async () => answered("listCollections", await collectionsAnswer(deps)));

  register("getCollection", async ({ collection }) => {
    const answer = await collectionAnswer(deps, collection);
    return answer
      ? answered("getCollection", answer)
      : refused(`No published collection has the slug “${collection}”. Use list_collections to find one.`);
  });

  return server;
}
