/** An XML document response that shared caches may keep for a while. */
export function xmlResponse(xml: string, type: "application/xml" | "application/atom+xml"): Response {
  return new Response(xml, {
    headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "public, max-age=300" },
  });
}
