import { emptyToolContent } from "../../core/tool.ts";
import type { NewTool } from "../../server/catalog/write.ts";

/** A public tool whose description tries every way to run script (added by the global setup). */
export const HOSTILE_TOOL: Omit<NewTool, "id" | "createdAt" | "updatedAt"> = {
  ...emptyToolContent(),
  slug: "hostile-fixture",
  name: "Hostile Fixture",
  tagline: "A listing whose description tries to run script",
  websiteUrl: "https://hostile-fixture.example.com",
  description:
    '<p>Harmless words stay.</p><script>alert("script")</script><img src=x onerror=alert("img")>' +
    '<a href="javascript:alert(\'link\')">click me</a><iframe src="https://evil.example"></iframe>' +
    '<svg onload=alert("svg")></svg><p style="color:red" onclick="alert(\'p\')">Second paragraph.</p>',
  categories: ["utilities"],
  tags: ["fixture"],
  platforms: ["Web"],
  pricingModel: "Free",
  status: "approved",
  source: "admin",
  logoUrl: null,
  screenshotUrl: null,
  submitterEmail: null,
  upvotesCount: 0,
};
