import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { MCP_TOOL_LIST } from "../../core/mcp-tools.ts";
import { expect, test } from "./fixtures.ts";

// A developer finds the MCP settings from the footer and connects an assistant with them: the
// address in the page's Cursor and VS Code snippets is the endpoint an MCP client lists tools from.

test("the footer leads to the developers page, whose MCP address an MCP client connects to", async ({
  page,
  visit,
  checkA11y,
  baseURL,
}) => {
  expect(await visit("/")).toBe(200);
  await page.getByRole("contentinfo").getByRole("link", { name: "Developers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "For Developers" })).toBeVisible();
  await expect(page).toHaveURL(/\/developers$/);
  await checkA11y();

  const cursor = JSON.parse(
    await page
      .getByRole("figure", { name: /^Cursor/ })
      .locator("code")
      .innerText(),
  ) as {
    mcpServers: Record<string, { url: string }>;
  };
  const vscode = JSON.parse(
    await page
      .getByRole("figure", { name: /^VS Code/ })
      .locator("code")
      .innerText(),
  ) as {
    servers: Record<string, { type: string; url: string }>;
  };
  const [mcpUrl] = Object.values(cursor.mcpServers).map((server) => server.url);
  expect(mcpUrl).toMatch(/^http:\/\/\S+\/mcp$/);
  expect(Object.values(vscode.servers)).toEqual([{ type: "http", url: mcpUrl }]);
  await expect(page.getByRole("figure", { name: /^Try it from a terminal/ })).toContainText(
    `npx @modelcontextprotocol/inspector --cli ${mcpUrl} --transport http --method tools/list`,
  );
  // Every tool is described, as the server describes it.
  for (const tool of MCP_TOOL_LIST) await expect(page.getByText(tool.description)).toBeVisible();
  // Long addresses in the snippets wrap: the page fits a 360 px wide screen.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The journeys' server runs without SITE_URL, so the snippets name http://localhost:<port>, which
  // this machine resolves to ::1 while the server listens on 127.0.0.1: the address is pointed at
  // the one it listens on, as SITE_URL would in production.
  const endpoint = new URL(new URL(mcpUrl!).pathname, baseURL);
  const client = new Client({ name: "developers-journey", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(endpoint));
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOL_LIST.map((tool) => tool.name).sort());
    const found = await client.callTool({ name: "search_tools", arguments: { query: "notes" } });
    expect(found.isError).toBeFalsy();
  } finally {
    await client.close();
  }
});
