import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// The product's pages and machine files, in one place (docs/design.md#screens). Not here: the paths
// server/app.ts mounts on Express before React Router — /healthz, /readyz, /metrics (with
// METRICS_TOKEN), /assets/*, /uploads/*, /api/v1/*, /api/admin/*, /api/checkout-session,
// /api/feature-candidates, /like/:toolId, /og/*, /badge/* and /webhooks/stripe (docs/design.md#paths-served-by-express).
// A new first path segment goes into server/metrics/route.ts too, or its requests count as "other".
export default [
  index("routes/home.tsx"),
  route("browse/:filter?/:sort?", "routes/browse.tsx"),
  route("tool/:key", "routes/tool.tsx"),
  route("alternatives/:key", "routes/alternatives.tsx"),
  route("compare/:key?", "routes/compare.tsx"),
  route("tag/:slug", "routes/tag.tsx"),
  route("search/:term?", "routes/search.tsx"),
  route("about", "routes/about.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("contact", "routes/contact.tsx"),
  // The weekly digest: subscribe, confirm (double opt-in), unsubscribe (its POST is server/digest/http.ts).
  route("digest", "routes/digest.tsx"),
  route("digest/confirm/:token", "routes/digest-confirm.tsx"),
  route("digest/unsubscribe/:token", "routes/digest-unsubscribe.tsx"),
  // The same screen at both addresses (docs/design.md#screens); after a post, the submission's
  // confirmation under them, at its private status token.
  route("submit-tool/:statusToken?", "routes/submit.tsx", { id: "submit-tool" }),
  route("submit/:statusToken?", "routes/submit.tsx", { id: "submit" }),
  route("payment-success", "routes/payment-success.tsx"),
  route("payment-cancel", "routes/payment-cancel.tsx"),
  route("test-checkout/:sessionId", "routes/test-checkout.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  // Everything else under /admin: signed-in admins only (the layout's middleware).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/moderation", "routes/admin/moderation.tsx"),
    route("admin/tools", "routes/admin/tools.tsx"),
    route("admin/tools/:id", "routes/admin/tool-edit.tsx"),
    route("admin/add-tool", "routes/admin/add-tool.tsx"),
    route("admin/import", "routes/admin/import.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/orders", "routes/admin/orders.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/jobs", "routes/admin/jobs.tsx"),
    route("admin/digest", "routes/admin/digest.tsx"),
    route("admin/claims", "routes/admin/claims.tsx"),
  ]),
  // A submitter's private link to their submission's state.
  route("submission/:token", "routes/submission-status.tsx"),
  // Claiming a listing (issue 21): the claim page of a public tool, and a verified owner's private page.
  route("claim/:key", "routes/claim.tsx"),
  route("owner/:token", "routes/owner.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-part.ts"),
  route("feed.xml", "routes/feed.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
