import { data, Form, useNavigation } from "react-router";
import { actionReply, type ActionReply } from "../../../core/replies.ts";
import { REPORT_REASONS, reportResolutionSchema, type ReportResolution } from "../../../core/reports.ts";
import { listReportGroups, markToolDiscontinued, resolveReports } from "../../../server/reports/service.ts";
import { UtcTime } from "../../components/utc-time.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { adminContextKey, servicesContextKey } from "../../context.ts";
import { readForm } from "../../lib/form.ts";
import type { Route } from "./+types/reports.ts";

// Visitors' reports of problems with listings (docs/decisions/049), grouped by tool, the most
// recently reported tool first. Each action resolves all of the tool's open reports, writes the
// audit log, and mails the reporters who left an address what was done.

export const meta: Route.MetaFunction = () => [{ title: "Reports — Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return listReportGroups(context.get(servicesContextKey).database);
}

const TOOL_ID = /^[0-9A-Za-z_-]{1,64}$/;

const DONE: Record<ReportResolution, string> = {
  fixed: "marked fixed",
  discontinued: "marked discontinued",
  rejected: "rejected",
  dismissed: "dismissed",
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const admin = context.get(adminContextKey);
  const formData = await readForm(request);
  const intent = reportResolutionSchema.safeParse(formData.get("intent"));
  const toolId = formData.get("toolId");
  if (
    !intent.success ||
    formData.getAll("intent").length !== 1 ||
    formData.getAll("toolId").length !== 1 ||
    typeof toolId !== "string" ||
    !TOOL_ID.test(toolId)
  ) {
    return data<ActionReply>(
      actionReply("error", "The request could not be understood. Please use the buttons of a tool's reports."),
      { status: 400 },
    );
  }
  const result =
    intent.data === "discontinued"
      ? await markToolDiscontinued(services, admin, toolId)
      : await resolveReports(services, admin, toolId, intent.data);
  if (result.kind === "none")
    return data<ActionReply>(actionReply("error", "Nothing to resolve: that tool has no open reports (any more)."), {
      status: 404,
    });
  const reports = `${result.reports} ${result.reports === 1 ? "report" : "reports"}`;
  const mailed =
    result.mailed > 0 ? ` ${result.mailed} ${result.mailed === 1 ? "reporter was" : "reporters were"} mailed.` : "";
  return data<ActionReply>(
    actionReply("success", `${reports} about “${result.toolName}” ${DONE[intent.data]}.${mailed}`),
  );
}

const BUTTONS: Record<ReportResolution, string> = {
  fixed: "Mark fixed",
  discontinued: "Mark discontinued",
  rejected: "Reject",
  dismissed: "Dismiss",
};

const BUTTON =
  "rounded-md border px-3 py-1.5 text-sm font-medium disabled:opacity-60 border-slate-400 bg-white text-slate-900 hover:bg-slate-100";

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, open } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = busy ? undefined : (actionData as ActionReply | undefined);
  return (
    <section aria-labelledby="reports-title" className="space-y-6">
      <h1 id="reports-title" className="text-3xl font-bold">
        Reports
      </h1>
      <p className="text-slate-700">
        {open === 0
          ? "No open reports."
          : `${open.toLocaleString("en-US")} open ${open === 1 ? "report" : "reports"}, the most recently reported tool first.`}{" "}
        Every resolution is in the <TextLink to="/admin/audit">audit log</TextLink>.
      </p>
      {result?.message && <Alert tone={result.status === "success" ? "saved" : "error"}>{result.message}</Alert>}
      <ul className="space-y-6">
        {groups.map((group) => (
          <li key={group.toolId}>
            <article aria-labelledby={`reports-${group.toolId}`} className="rounded-xl border border-slate-200 p-4">
              <h2 id={`reports-${group.toolId}`} className="text-xl font-semibold wrap-anywhere">
                <TextLink to={`/tool/${encodeURIComponent(group.toolSlug)}`}>{group.toolName}</TextLink>{" "}
                <span className="text-base font-normal text-slate-700">
                  — {group.count} open {group.count === 1 ? "report" : "reports"}, newest{" "}
                  <UtcTime ms={group.newestAt} />
                </span>
              </h2>
              <p className="mt-2 text-sm text-slate-800">
                {group.reasons.map((r) => `${REPORT_REASONS[r.reason]}: ${r.count}`).join(" · ")}
              </p>
              <ul className="mt-3 space-y-2 text-sm">
                {group.reports.map((report) => (
                  <li key={report.id} className="border-l-2 border-slate-300 pl-3">
                    <span className="font-medium">{REPORT_REASONS[report.reason]}</span>
                    {" · "}
                    <UtcTime ms={report.createdAt} />
                    {report.wantsReply && " · awaits a reply"}
                    {report.note && (
                      <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">{report.note}</p>
                    )}
                  </li>
                ))}
              </ul>
              <div className="mt-4 flex flex-wrap items-center gap-2">
                <TextLink to={`/admin/tools/${encodeURIComponent(group.toolId)}`}>
                  Edit the tool<span className="sr-only"> {group.toolName}</span>
                </TextLink>
                <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
                  <input type="hidden" name="toolId" value={group.toolId} />
                  {(Object.keys(BUTTONS) as ReportResolution[]).map((resolution) => (
                    <button
                      key={resolution}
                      type="submit"
                      name="intent"
                      value={resolution}
                      disabled={busy}
                      className={BUTTON}
                    >
                      {BUTTONS[resolution]}
                      <span className="sr-only"> (reports about {group.toolName})</span>
                    </button>
                  ))}
                </Form>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
