import { REPORT_RESOLUTIONS, type ReportResolution } from "../../../core/reports.ts";
import { LIFECYCLE_LABELS, type LifecycleState } from "../../../core/lifecycle.ts";
import { data } from "react-router";
import { pageCount, parsePage } from "../../../core/catalog.ts";
import { listAuditLog, type AuditAction } from "../../../server/audit/audit.ts";
import { Pagination } from "../../components/pagination.tsx";
import { UtcTime } from "../../components/utc-time.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/audit.ts";

// The audit log, newest first: who approved, rejected, edited, added, imported or deleted which
// tool, deleted which message, and every sign-in, failed sign-in, lockout and sign-out.

const PAGE_SIZE = 50;

export const meta: Route.MetaFunction = () => [{ title: "Audit log — Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContextKey);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  if (page === null) throw data("No such page of the audit log.", { status: 404 });
  const { items, total } = await listAuditLog(database, { page, pageSize: PAGE_SIZE });
  return {
    items: items.map((item) => ({ ...item, detail: describeDetail(item.detail) })),
    total,
    page,
    pages: pageCount(total, PAGE_SIZE),
  };
}

const ACTION_LABELS: Record<AuditAction, string> = {
  approve: "Approved",
  reject: "Rejected",
  edit: "Edited",
  delete: "Deleted",
  add: "Added",
  import: "Imported",
  "message-delete": "Deleted message",
  login: "Signed in",
  "login-failed": "Sign-in failed",
  "login-locked": "Sign-in locked",
  logout: "Signed out",
  "password-set": "Password set",
  "claim-request": "Claim requested",
  "claim-verify": "Claim verified",
  "claim-verify-failed": "Claim verification failed",
  "claim-revoke": "Claim revoked",
  "owner-link": "Owner link mailed",
  "owner-edit": "Owner proposed an edit",
  "owner-edit-approve": "Approved owner's edit",
  "owner-edit-reject": "Rejected owner's edit",
  "report-resolve": "Resolved reports",
  "review-approve": "Approved review",
  "review-reject": "Rejected review",
  "review-delete": "Deleted review",
  "review-reply-approve": "Approved owner's reply",
  "review-reply-reject": "Rejected owner's reply",
  "collection-add": "Created collection",
  "collection-edit": "Edited collection",
  "collection-publish": "Published collection",
  "collection-unpublish": "Unpublished collection",
  "collection-delete": "Deleted collection",
};

/** Actions on a tool, whose name links to its edit page while the tool exists. */
const TOOL_ACTIONS = new Set<AuditAction>([
  "approve",
  "reject",
  "edit",
  "delete",
  "add",
  "import",
  "claim-request",
  "claim-verify",
  "claim-verify-failed",
  "claim-revoke",
  "owner-link",
  "owner-edit",
  "owner-edit-approve",
  "owner-edit-reject",
  "report-resolve",
  "review-approve",
  "review-reject",
  "review-delete",
  "review-reply-approve",
  "review-reply-reject",
]);

const FIELD_LABELS: Record<string, string> = {
  websiteUrl: "website",
  pricingModel: "pricing model",
  pricingDetails: "pricing details",
  useCases: "use cases",
  targetAudience: "target audience",
  submitterEmail: "submitter email",
  rejectionReason: "rejection reason",
};

/** A lifecycle state as pages name it ("Discontinued"), or as stored when it names none. */
function lifecycleLabel(state: unknown): string {
  return Object.hasOwn(LIFECYCLE_LABELS, String(state)) ? LIFECYCLE_LABELS[state as LifecycleState] : String(state);
}

/** A stored detail (JSON or text) as a line a person reads. */
function describeDetail(detail: string): string {
  if (!detail) return "";
  let value: unknown;
  try {
    value = JSON.parse(detail);
  } catch {
    return detail;
  }
  if (typeof value !== "object" || value === null) return String(value);
  const d = value as {
    reason?: unknown;
    changed?: unknown;
    status?: { from?: unknown; to?: unknown };
    formerName?: unknown;
    slug?: unknown;
    method?: unknown;
    email?: unknown;
    proof?: unknown;
    owner?: unknown;
    resolution?: unknown;
    reports?: unknown;
    lifecycle?: { from?: unknown; to?: unknown };
    successor?: unknown;
    collection?: unknown;
    did?: unknown;
  };
  const parts: string[] = [];
  // A collection's entries name it by its address, and say what was done to its list.
  if (typeof d.collection === "string") parts.push(`/collections/${d.collection}`);
  if (typeof d.did === "string") parts.push(d.did);
  if (typeof d.method === "string") parts.push(d.method === "email" ? "By e-mail" : "By the website");
  if (typeof d.email === "string") parts.push(d.email);
  if (typeof d.owner === "string") parts.push(`Owner: ${d.owner}`);
  if (typeof d.proof === "string") parts.push(`Proof: ${d.proof}`);
  if (typeof d.reason === "string") parts.push(`Reason: ${d.reason}`);
  if (Array.isArray(d.changed))
    parts.push(`Changed: ${d.changed.map((f) => FIELD_LABELS[String(f)] ?? String(f)).join(", ")}`);
  if (d.status && typeof d.status === "object") parts.push(`Status: ${String(d.status.from)} → ${String(d.status.to)}`);
  else if (typeof d.status === "string") parts.push(`Was ${d.status}`);
  if (d.lifecycle && typeof d.lifecycle === "object")
    parts.push(`Lifecycle: ${lifecycleLabel(d.lifecycle.from)} → ${lifecycleLabel(d.lifecycle.to)}`);
  if (typeof d.successor === "string") parts.push(`Successor: /tool/${d.successor}`);
  if (typeof d.formerName === "string") parts.push(`Formerly “${d.formerName}”`);
  if (typeof d.slug === "string") parts.push(`/tool/${d.slug}`);
  if (typeof d.resolution === "string") {
    const label = REPORT_RESOLUTIONS[d.resolution as ReportResolution] ?? d.resolution;
    parts.push(
      typeof d.reports === "number" ? `${label} (${d.reports} ${d.reports === 1 ? "report" : "reports"})` : label,
    );
  }
  return parts.join(" · ");
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages } = loaderData;
  return (
    <section aria-labelledby="audit-title" className="space-y-6">
      <h1 id="audit-title" className="text-3xl font-bold">
        Audit log
      </h1>
      <p className="text-slate-700">
        {total === 0
          ? "Nothing has been recorded yet."
          : `${total.toLocaleString("en-US")} ${total === 1 ? "entry" : "entries"}, newest first.`}
      </p>
      {items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Admin actions and sign-ins, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  When
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Who
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Action
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  On
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Address
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Detail
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-4 whitespace-nowrap text-slate-700">
                    <UtcTime ms={item.createdAt} seconds />
                  </td>
                  <td className="py-2 pr-4">{item.adminUsername}</td>
                  <td className="py-2 pr-4 font-medium">{ACTION_LABELS[item.action] ?? item.action}</td>
                  <td className="py-2 pr-4">
                    {!TOOL_ACTIONS.has(item.action) ? (
                      item.toolName
                    ) : item.toolExists && item.toolId ? (
                      <TextLink to={`/admin/tools/${encodeURIComponent(item.toolId)}`}>{item.toolName}</TextLink>
                    ) : (
                      <span>
                        {item.toolName} <span className="text-slate-700">(deleted)</span>
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap text-slate-700">{item.ip ?? ""}</td>
                  <td className="py-2 break-words text-slate-800">{item.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} hrefFor={(n) => (n === 1 ? "/admin/audit" : `/admin/audit?page=${n}`)} />
    </section>
  );
}
