import { buildOpenApiDocument } from "../../server/api/openapi.ts";
import { openApiChecker } from "./openapi.ts";

// Every answer of the public JSON API that an integration test fetches, in any test file, is
// checked against the API's own OpenAPI description (as the server builds it): the description
// cannot drift from what the server answers without a test failing. Answers without a JSON body
// (a preflight, a 304, a HEAD, the JSON Lines export) have nothing to check.

const checker = openApiChecker(JSON.parse(JSON.stringify(buildOpenApiDocument("http://127.0.0.1"))));
const fetchOf = globalThis.fetch;

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const res = await fetchOf(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const contentType = res.headers.get("content-type");
  if (
    url.pathname.startsWith("/api/v1/") &&
    method !== "HEAD" &&
    res.status !== 204 &&
    res.status !== 304 &&
    (contentType ?? "").startsWith("application/json")
  ) {
    const text = await res.clone().text();
    checker.check({ path: url.pathname, method, status: res.status, contentType, body: JSON.parse(text) });
  }
  return res;
};
