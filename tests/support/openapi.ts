import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";

// Checks the JSON API's answers against its own OpenAPI description: the status must be one the
// operation describes (or its default), the content type one it lists, and the body must match
// that response's schema, $refs to the components resolved.

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
  components?: unknown;
}

/** A JSON Pointer token (RFC 6901). */
const token = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

export interface OpenApiChecker {
  /** The document's path template a request path falls under (`/api/v1/tools/{key}`), or null. */
  templateOf(path: string): string | null;
  /** Asserts an answer is one the document describes. */
  check(answer: { path: string; method: string; status: number; contentType: string | null; body: unknown }): void;
}

export function openApiChecker(document: OpenApiDocument): OpenApiChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "openapi", paths: document.paths, components: document.components });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
  const templateOf = (path: string) => templates.find((t) => t.pattern.test(path))?.template ?? null;

  return {
    templateOf,
    check({ path, method, status, contentType, body }) {
      const where = `${method} ${path} ${status}`;
      const template = templateOf(path.split("?")[0]!);
      const operation = template ? document.paths[template]![method.toLowerCase()] : undefined;
      if (!template || !operation) {
        // No such operation: the API's refusal, which has the Error shape.
        expect(status, where).toBeGreaterThanOrEqual(400);
        const validate = validator("/components/schemas/Error");
        expect(validate(body) ? [] : validate.errors, where).toEqual([]);
        return;
      }
      const key = String(status) in operation.responses ? String(status) : "default";
      expect(operation.responses, `${where}: the status is described`).toHaveProperty([key]);
      const type = (contentType ?? "").split(";")[0]!.trim();
      expect(Object.keys(operation.responses[key]!.content ?? {}), `${where}: content type`).toContain(type);
      const pointer = ["paths", template, method.toLowerCase(), "responses", key, "content", type, "schema"]
        .map(token)
        .join("/");
      const validate = validator(`/${pointer}`);
      expect(validate(body) ? [] : validate.errors, where).toEqual([]);
    },
  };
}
