import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, ENDPOINTS, openApiJson } from "./openapi.ts";

const SITE = "https://tools.example";

describe("the API's OpenAPI description", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    // The parser dereferences what it validates in place: it gets a copy.
    const document = structuredClone(buildOpenApiDocument(SITE));
    await expect(SwaggerParser.validate(document as never)).resolves.toMatchObject({ openapi: "3.1.0" });
  });

  it("describes every endpoint, with its errors in the Error shape, at the site's address", () => {
    const document = buildOpenApiDocument(SITE);
    expect(document.servers).toEqual([{ url: SITE }]);
    expect(Object.keys(document.paths ?? {}).sort()).toEqual(
      [
        "/api/v1/tools",
        "/api/v1/tools/{key}",
        "/api/v1/tools/{key}/alternatives",
        "/api/v1/search",
        "/api/v1/suggest",
        "/api/v1/categories",
        "/api/v1/collections",
        "/api/v1/collections/{slug}",
        "/api/v1/export.jsonl",
        "/api/v1/openapi.json",
      ].sort(),
    );
    expect(ENDPOINTS).toHaveLength(10);
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const responses = item?.get?.responses ?? {};
      expect(Object.keys(responses), path).toEqual(expect.arrayContaining(["200", "400", "default"]));
      for (const status of Object.keys(responses).filter((s) => s !== "200")) {
        expect(responses[status], `${path} ${status}`).toMatchObject({
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        });
      }
    }
    const get = (path: string) => document.paths?.[path]?.get;
    expect(Object.keys(get("/api/v1/tools/{key}")?.responses ?? {})).toContain("404");
    expect(Object.keys(get("/api/v1/suggest")?.responses ?? {})).toContain("429");
    expect(Object.keys(get("/api/v1/collections/{slug}")?.responses ?? {})).toContain("404");
    expect(get("/api/v1/export.jsonl")?.responses?.["200"]).toMatchObject({
      content: { "application/x-ndjson": { schema: { $ref: "#/components/schemas/ToolDetail" } } },
    });
    const names = (path: string) => (get(path)?.parameters ?? []).map((p) => (p as { name: string }).name);
    expect(names("/api/v1/tools")).toEqual(
      expect.arrayContaining(["category", "sort", "page", "cursor", "pageSize", "pricing", "platform"]),
    );
    expect(names("/api/v1/search")).toEqual(["q", "page", "cursor", "include"]);
    expect(names("/api/v1/tools/{key}/alternatives")).toEqual(["key", "page"]);
  });

  it("is made once per process", () => {
    expect(openApiJson(SITE)).toBe(openApiJson(SITE));
    expect(JSON.parse(openApiJson(SITE))).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(SITE))));
  });
});
