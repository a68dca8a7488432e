import { MCP_PATH, MCP_TOOL_LIST } from "../../core/mcp-tools.ts";
import { slugify } from "../../core/slug.ts";
import { Prose } from "../components/prose.tsx";
import { PageLink } from "../components/ui/page-link.tsx";
import { servicesContextKey } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/developers.ts";

// How to connect an assistant to the catalogue (the MCP endpoint, server/mcp) and where the
// other machine-readable doors are. Every snippet carries this site's own address.

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContextKey);
  return {
    mcpUrl: `${config.siteUrl}${MCP_PATH}`,
    mcpEnabled: config.mcp.enabled,
    // The name an assistant lists the server under.
    serverKey: slugify(config.siteName).replace(/^-+|-+$/g, "") || "toolshelf",
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "For Developers",
    "Connect an AI assistant to this directory of tools over MCP, or read it through the JSON API.",
  );

/** A snippet named by its caption (what it is and where it goes), then the text to copy. */
function Snippet({ id, label, code }: { id: string; label: string; code: string }) {
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-semibold text-slate-900">{label}</figcaption>
      <pre
        id={id}
        className="rounded-lg bg-slate-100 p-3 font-mono text-sm break-all whitespace-pre-wrap text-slate-900"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export default function Developers({ loaderData }: Route.ComponentProps) {
  const { mcpUrl, mcpEnabled, serverKey } = loaderData;
  return (
    <Prose
      title="For Developers"
      intro="Let an AI assistant search and read this directory, or use the catalogue in your own code. Everything here is public and read-only; no key is needed."
    >
      <h2 id="mcp">Connect an assistant (MCP)</h2>
      {mcpEnabled ? (
        <p>
          The directory is an MCP server (Model Context Protocol, Streamable HTTP) at <code>{mcpUrl}</code>. Add it to
          your assistant with one of these settings.
        </p>
      ) : (
        <p role="status">
          The MCP server is switched off on this site at the moment. The settings below will work once it is on again.
        </p>
      )}
      <Snippet
        id="claude-desktop"
        label="Claude Desktop: claude_desktop_config.json (Settings → Developer → Edit Config), through the mcp-remote bridge"
        code={json({ mcpServers: { [serverKey]: { command: "npx", args: ["-y", "mcp-remote", mcpUrl] } } })}
      />
      <p>
        On plans with custom connectors, Claude Desktop can also connect directly: Settings → Connectors → Add custom
        connector, with the address <code>{mcpUrl}</code>. In Claude Code:{" "}
        <code>
          claude mcp add --transport http {serverKey} {mcpUrl}
        </code>
        .
      </p>
      <Snippet
        id="cursor"
        label="Cursor: .cursor/mcp.json in your project (or ~/.cursor/mcp.json for every project)"
        code={json({ mcpServers: { [serverKey]: { url: mcpUrl } } })}
      />
      <Snippet
        id="vscode"
        label="VS Code: .vscode/mcp.json in your workspace"
        code={json({ servers: { [serverKey]: { type: "http", url: mcpUrl } } })}
      />
      <Snippet
        id="inspector"
        label="Try it from a terminal with the MCP Inspector: lists the tools"
        code={`npx @modelcontextprotocol/inspector --cli ${mcpUrl} --transport http --method tools/list`}
      />
      <p>
        Requests are limited per address; an assistant asking a few questions never meets the limit. Featured tools are
        paid placements: every answer marks them <code>sponsored: true</code>, and assistants are asked to say so.
      </p>

      <h2 id="tools">What the assistant can do</h2>
      <dl className="space-y-4">
        {MCP_TOOL_LIST.map((tool) => (
          <div key={tool.name}>
            <dt className="font-semibold">
              {tool.title} <code className="font-normal">{tool.name}</code>
            </dt>
            <dd className="mt-1">{tool.description}</dd>
          </div>
        ))}
      </dl>

      <h2 id="api">JSON API and more</h2>
      <ul>
        <li>
          <PageLink to="/developers/api">The JSON API</PageLink>: tools, search, categories and alternatives over plain
          HTTP GET.
        </li>
        <li>
          <PageLink to="/api/v1/openapi.json">Its OpenAPI description</PageLink> (JSON), for code generators and API
          clients.
        </li>
        <li>
          <PageLink to="/llms.txt">llms.txt</PageLink>: a short guide to the site for language models.
        </li>
      </ul>
    </Prose>
  );
}
