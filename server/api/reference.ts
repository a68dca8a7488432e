import { buildOpenApiDocument } from "./openapi.ts";

// The API reference page's content (/developers/api), read from the OpenAPI document itself, so
// the page and the description cannot disagree.

/** A field of an object schema, as a table row shows it. */
export interface FieldView {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface ParameterView {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description: string;
}

export interface ResponseView {
  status: string;
  description: string;
  contentType: string;
  /** The schema's name, when it is one of the named schemas. */
  schema: string | null;
  fields: FieldView[];
}

export interface EndpointView {
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ParameterView[];
  responses: ResponseView[];
}

export interface ApiReference {
  title: string;
  description: string;
  serverUrl: string;
  endpoints: EndpointView[];
  /** The named schemas the answers refer to, each with its fields. */
  schemas: { name: string; fields: FieldView[] }[];
}

type Schema = {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  additionalProperties?: Schema | boolean;
};

const refName = (ref: string) => ref.split("/").at(-1)!;

/** A schema's type in a few words: `string`, `integer | null`, `ToolSummary[]`, `"recent" | "oldest"`. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(" | ");
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (
    types.map((type) => (type === "array" ? `${typeOf(schema.items)}[]` : type)).join(" | ") ||
    (schema.properties ? "object" : "any")
  );
}

/** The fields of an object schema, nested objects' fields named with a dot (`filters.pricing`). */
function fieldsOf(schema: Schema | undefined, prefix = ""): FieldView[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([name, field]) => {
    const row = {
      name: `${prefix}${name}`,
      type: field.properties ? "object" : typeOf(field),
      required: required.has(name),
      description: field.description ?? "",
    };
    return [row, ...fieldsOf(field, `${prefix}${name}.`)];
  });
}

let reference: { siteUrl: string; value: ApiReference } | undefined;

/** The reference for a site, read once per process from the OpenAPI document. */
export function apiReference(siteUrl: string): ApiReference {
  if (reference?.siteUrl === siteUrl) return reference.value;
  const document = buildOpenApiDocument(siteUrl);
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const resolve = (schema: Schema | undefined) => (schema?.$ref ? schemas[refName(schema.$ref)] : schema);
  const endpoints: EndpointView[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (["get", "post", "put", "patch", "delete"] as const).flatMap((method) => {
      const operation = item?.[method];
      if (!operation) return [];
      return [
        {
          method: method.toUpperCase(),
          path,
          summary: operation.summary ?? "",
          description: operation.description ?? "",
          parameters: (operation.parameters ?? []).map((parameter) => {
            const p = parameter as {
              name: string;
              in: string;
              required?: boolean;
              description?: string;
              schema?: Schema;
            };
            return {
              name: p.name,
              in: p.in,
              required: p.required === true,
              type: typeOf(p.schema),
              description: p.description ?? "",
            };
          }),
          responses: Object.entries(operation.responses ?? {}).map(([status, response]) => {
            const r = response as { description: string; content?: Record<string, { schema?: Schema }> };
            const [contentType, media] = Object.entries(r.content ?? {})[0] ?? ["", {}];
            const schema = media.schema;
            return {
              status,
              description: r.description,
              contentType,
              schema: schema?.$ref ? refName(schema.$ref) : null,
              fields: fieldsOf(resolve(schema)),
            };
          }),
        },
      ];
    }),
  );
  const value = {
    title: document.info.title,
    description: document.info.description ?? "",
    serverUrl: document.servers?.[0]?.url ?? siteUrl,
    endpoints,
    schemas: Object.entries(schemas)
      .map(([name, schema]) => ({ name, fields: fieldsOf(schema) }))
      .filter((schema) => schema.fields.length > 0),
  };
  reference = { siteUrl, value };
  return value;
}
