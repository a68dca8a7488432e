export function loader() {
  return new Response("User-agent: *\nAllow: /\nDisallow: /admin\n", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
