import { describe, expect, it } from "vitest";
import { getPage, textOf } from "../../tests/support/html.ts";
import { useTestServer } from "../../tests/support/server.ts";

describe("the API reference page", () => {
  const testServer = useTestServer();

  it("lists every endpoint of the OpenAPI document, with its parameters and answers", async () => {
    const server = testServer();
    const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>>;
    };
    const { res, html } = await getPage(server.url, "/developers/api");
    expect(res.status).toBe(200);
    const text = textOf(html);
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThanOrEqual(8);
    for (const path of paths) {
      for (const [method, operation] of Object.entries(document.paths[path]!)) {
        const heading = new RegExp(`<h2 id="[^"]*"[^>]*><code>${method.toUpperCase()} ${path}</code></h2>`);
        expect(html, path).toMatch(heading);
        for (const parameter of operation.parameters ?? [])
          expect(text, `${path} ${parameter.name}`).toContain(parameter.name);
      }
    }
    expect(text).toContain("nextCursor");
    expect(text).toContain("ToolDetail");
    // An answer names its schema and links to its fields, listed once under Schemas.
    const schemaLinks = [...html.matchAll(/href="#(schema-[a-z0-9-]+)"/g)].map((match) => match[1]!);
    expect(schemaLinks).toContain("schema-toollist");
    for (const id of new Set(schemaLinks)) expect(html, id).toContain(`id="${id}"`);
    expect(html.match(/<caption[^>]*>Fields of ToolSummary<\/caption>/g)).toHaveLength(1);
    expect(html).toContain('href="/api/v1/openapi.json"');
    expect(html).toContain('href="/developers"');
    // Drawn on the server: no React scripts to hydrate it.
    expect(html).not.toMatch(/<script[^>]+type="module"/);
  });
});
