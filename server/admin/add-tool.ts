import type { SubmissionContent } from "../../core/submission.ts";
import type { Logger } from "../platform/logger.ts";
import type { AuditActor } from "../audit/audit.ts";
import { ScreenshotError } from "../screenshots/capture.ts";
import type { ScreenshotService } from "../screenshots/service.ts";
import { saveTool, type LogoSource, type SubmitDeps, type SubmitResult } from "../submissions/service.ts";

export interface AddToolDeps extends Omit<SubmitDeps, "onJobQueued"> {
  screenshots: ScreenshotService;
  log: Logger;
}

export type AddToolResult =
  | Exclude<SubmitResult, { kind: "saved" }>
  /** Saved, approved and public; `screenshotUrl` is null when the website could not be captured. */
  | { kind: "saved"; tool: { id: string; slug: string; name: string }; screenshotUrl: string | null };

/**
 * A tool added by an admin: checked and stored as a submission is (same logo
 * processing, same duplicate-website refusal — the admin edits the existing listing instead), but
 * public at once (approved, source admin), and its screenshot taken now rather than by the job
 * queue. A screenshot that cannot be taken leaves the tool saved without one.
 */
export async function addTool(
  deps: AddToolDeps,
  content: SubmissionContent,
  logo: Extract<LogoSource, { name: string }>,
  admin: AuditActor,
): Promise<AddToolResult> {
  const result = await saveTool(deps, content, logo, {
    status: "approved",
    source: "admin",
    statusLink: false,
    screenshotJob: false,
    audit: { actor: admin, action: "add" },
  });
  if (result.kind !== "saved") return result;
  const { tool } = result;
  let screenshotUrl: string | null = null;
  try {
    screenshotUrl = await deps.screenshots.take(content.websiteUrl, tool.id);
  } catch (error) {
    // The tool stays saved; the page says the screenshot is missing.
    if (error instanceof ScreenshotError)
      deps.log.info({ toolId: tool.id, code: error.code }, "add tool: screenshot not captured");
    else deps.log.warn({ err: error, toolId: tool.id }, "add tool: screenshot not captured");
  }
  return { kind: "saved", tool, screenshotUrl };
}
