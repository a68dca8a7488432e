import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "../../core/zod.ts";
import { alternativesQuerySchema, searchQuerySchema, suggestQuerySchema, toolListQuerySchema } from "../../core/api.ts";
import {
  alternativesResponseSchema,
  categoriesResponseSchema,
  collectionListResponseSchema,
  collectionResponseSchema,
  errorResponseSchema,
  searchResponseSchema,
  suggestResponseSchema,
  toolDetailSchema,
  toolListResponseSchema,
  toolResponseSchema,
} from "../../core/api-responses.ts";

// The OpenAPI description of the public JSON API, made from the Zod schemas the routes parse their
// queries with and build their answers to (docs/decisions/044): nothing here is written twice, so
// the description cannot say one thing while the API does another. An endpoint is one entry of
// ENDPOINTS.

/** Every answer may be refused this way: a parameter given twice, or one that cannot be read. */
const BAD_REQUEST = "A parameter that cannot be read, or one given more than once.";

/** One endpoint of `/api/v1`: what it takes and what it answers. */
interface Endpoint {
  /** The path as OpenAPI writes it, `{name}` for a path parameter. */
  path: string;
  summary: string;
  description: string;
  path_?: z.ZodObject;
  query?: z.ZodObject;
  /** The 200 answer. */
  ok: { description: string; schema: z.ZodType; contentType?: string };
  /** The errors it answers besides 400, by status. */
  errors?: Partial<Record<404 | 429, string>>;
}

const toolKey = z.object({
  key: z.string().meta({ description: "The tool's slug or id." }),
});

/** The endpoints of `/api/v1`, in the order the reference page lists them. */
export const ENDPOINTS: readonly Endpoint[] = [
  {
    path: "/tools",
    summary: "List public tools",
    description:
      "One page of the public tools of a category (or all), in a sort order, narrowed by pricing and platform. Page by number (`page`) or by cursor (`cursor`, from `nextCursor`): a cursor page starts right after the previous one, so a walk gives each tool once even while tools are added.",
    query: toolListQuerySchema,
    ok: { description: "A page of tools, with the filter counts.", schema: toolListResponseSchema },
  },
  {
    path: "/tools/{key}",
    summary: "Get one tool",
    description: "Everything public about one tool, by its slug or its id.",
    path_: toolKey,
    ok: { description: "The tool.", schema: toolResponseSchema },
    errors: { 404: "No public tool has that slug or id." },
  },
  {
    path: "/tools/{key}/alternatives",
    summary: "List a tool's alternatives",
    description:
      "The public tools most like a tool (sharing categories, tags, platforms and pricing), with what each shares with it.",
    path_: toolKey,
    query: alternativesQuerySchema,
    ok: { description: "A page of alternatives.", schema: alternativesResponseSchema },
    errors: { 404: "No public tool has that slug or id." },
  },
  {
    path: "/search",
    summary: "Search public tools",
    description:
      "The search page's results for some words, best match first (featured tools first among equal scores), 20 a page. Page by number or by cursor.",
    query: searchQuerySchema,
    ok: { description: "A page of results.", schema: searchResponseSchema },
  },
  {
    path: "/suggest",
    summary: "Suggest tools and categories",
    description:
      "What the header's search box suggests as text is typed: up to 6 public tools and 3 categories whose name has the text where a word starts.",
    query: suggestQuerySchema,
    ok: { description: "The suggestions.", schema: suggestResponseSchema },
    errors: { 429: "Too many suggestions asked for from one address in a short time: see Retry-After." },
  },
  {
    path: "/categories",
    summary: "List categories",
    description: "Every category, with its number of public tools.",
    ok: { description: "All categories.", schema: categoriesResponseSchema },
  },
  {
    path: "/collections",
    summary: "List collections",
    description:
      "Every published collection (a list of tools chosen by hand), the most recently published first, with its number of public tools.",
    ok: { description: "All published collections.", schema: collectionListResponseSchema },
  },
  {
    path: "/collections/{slug}",
    summary: "Get one collection",
    description:
      "A published collection: its introduction, and its public tools in the curator's order, each with its note.",
    path_: z.object({ slug: z.string().meta({ description: "The collection's slug." }) }),
    ok: { description: "The collection.", schema: collectionResponseSchema },
    errors: { 404: "No published collection has that slug." },
  },
  {
    path: "/export.jsonl",
    summary: "Export every public tool",
    description:
      "Every public tool, streamed as JSON Lines: one JSON object per line, each a ToolDetail. For copying the whole catalogue at once rather than paging through it.",
    ok: {
      description: "One JSON object per line, each a ToolDetail.",
      schema: toolDetailSchema,
      contentType: "application/x-ndjson",
    },
  },
  {
    path: "/openapi.json",
    summary: "This description",
    description: "The OpenAPI 3.1 description of this API.",
    ok: {
      description: "An OpenAPI 3.1 document.",
      schema: z
        .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) })
        .meta({ id: "OpenApiDocument" }),
    },
  },
];

/** Where the API is mounted on the site. */
export const API_BASE = "/api/v1";

function operation(endpoint: Endpoint): ZodOpenApiOperationObject {
  const error = (description: string) => ({
    description,
    content: { "application/json": { schema: errorResponseSchema } },
  });
  const params = {
    ...(endpoint.path_ ? { path: endpoint.path_ } : {}),
    ...(endpoint.query ? { query: endpoint.query } : {}),
  };
  return {
    operationId: operationId(endpoint.path),
    summary: endpoint.summary,
    description: endpoint.description,
    ...(endpoint.path_ || endpoint.query ? { requestParams: params } : {}),
    responses: {
      "200": {
        description: endpoint.ok.description,
        content: { [endpoint.ok.contentType ?? "application/json"]: { schema: endpoint.ok.schema } },
      },
      "400": error(BAD_REQUEST),
      ...Object.fromEntries(
        Object.entries(endpoint.errors ?? {}).map(([status, description]) => [status, error(description)]),
      ),
      default: error("Any other error (such as 500 internal or 503 unavailable), in the same shape."),
    },
  };
}

/** `/tools/{key}/alternatives` → `toolsKeyAlternatives`: a name a client generator can use. */
function operationId(path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter((word) => word !== "" && word !== "jsonl" && word !== "json");
  return words.map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("");
}

/** The OpenAPI 3.1 document of `/api/v1` for a site. */
export function buildOpenApiDocument(siteUrl: string): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = Object.fromEntries(
    ENDPOINTS.map((endpoint) => [`${API_BASE}${endpoint.path}`, { get: operation(endpoint) }]),
  );
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Public JSON API",
      version: "1",
      description:
        "Read-only and open to every origin. Lists show public tools only. Errors have one shape, Error, with the HTTP status of their code.",
    },
    servers: [{ url: siteUrl }],
    paths,
  });
}

const documents = new Map<string, string>();

/** The document as JSON text, made once per process (per site address). */
export function openApiJson(siteUrl: string): string {
  let text = documents.get(siteUrl);
  if (text === undefined) {
    text = JSON.stringify(buildOpenApiDocument(siteUrl));
    documents.set(siteUrl, text);
  }
  return text;
}
