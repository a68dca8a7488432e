import type { TestServer } from "./server.ts";

/** Asks for a checkout as the feature dialog's script does (JSON, from this site's page). */
export function postCheckout(
  server: TestServer,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}/api/checkout-session`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Accept: "application/json", Origin: server.url, ...headers },
    redirect: "manual",
  });
}
