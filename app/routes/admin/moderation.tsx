import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "../../../core/zod.ts";
import { pageCount, parsePage } from "../../../core/catalog.ts";
import { formatUsd } from "../../../core/featuring.ts";
import { isReviewOverdue } from "../../../core/priority-review.ts";
import {
  CREDIT_NOTE_REQUIRED,
  PAYMENT_SETTLEMENTS,
  rejectionReasonSchema,
  REJECTION_REASON_MAX,
} from "../../../core/moderation.ts";
import {
  approveTools,
  deleteTools,
  listModerationQueue,
  RefundFailed,
  rejectTools,
  SettlementRequired,
  type ChangedTool,
} from "../../../server/admin/moderation.ts";
import type { Settlement } from "../../../server/payments/settlement.ts";
import { listBrokenLinks, type BrokenLink } from "../../../server/links/health.ts";
import { mailApprovedSubmitters } from "../../../server/submissions/approval-mail.ts";
import {
  approveOwnerEdit,
  listPendingOwnerEdits,
  rejectOwnerEdit,
  type PendingOwnerEdit,
  type PendingToolEdits,
} from "../../../server/claims/owners.ts";
import { inputClass } from "../../components/field.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { ToolLogo } from "../../components/tool-logo.tsx";
import { UtcTime } from "../../components/utc-time.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { TextAnchor, TextLink } from "../../components/ui/text-link.tsx";
import { adminContextKey, servicesContextKey } from "../../context.ts";
import { categoryName } from "../../lib/tools.ts";
import { actionReply, type ActionReply } from "../../../core/replies.ts";
import type { Route } from "./+types/moderation.ts";
import { readForm } from "../../lib/form.ts";

// The moderation queue (docs/design.md#rule-5): pending submissions, paid ones first, each approved,
// rejected, edited or deleted on its own or several at once. Every form posts here with an
// `intent`; without JavaScript each is a plain form, and deleting asks for a ticked box first.

const PAGE_SIZE = 50;
const BULK_MAX = 200;
const BULK_FORM = "moderation-bulk";

export const meta: Route.MetaFunction = () => [{ title: "Moderation — Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config, now } = context.get(servicesContextKey);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  if (page === null) throw data("No such page of the queue.", { status: 404 });
  const [{ items, total }, brokenLinks, ownerEdits] = await Promise.all([
    listModerationQueue(database, { page, pageSize: PAGE_SIZE }),
    listBrokenLinks(database, config.linkHealth.failuresToFlag),
    listPendingOwnerEdits(database),
  ]);
  return { items, total, page, pages: pageCount(total, PAGE_SIZE), brokenLinks, ownerEdits, now: now() };
}

const SELECT_ONE = "Select at least one tool.";
const ids = z
  .array(z.string().trim().min(1).max(64), { error: SELECT_ONE })
  .min(1, SELECT_ONE)
  .max(BULK_MAX, `At most ${BULK_MAX} tools at a time.`)
  .transform((list) => [...new Set(list)]);

const ownerDecisionSchema = z.object({
  id: z
    .string({ error: "The request could not be understood." })
    .regex(/^[0-9a-z]{1,64}$/, "The request could not be understood."),
  reason: rejectionReasonSchema,
});

/** Which form on the page posted: "bulk", or one tool's (`approve:<id>`, …), so its message shows next to it. */
const formKey = z.string().max(100).optional();

const moderationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), ids, formKey }),
  z.object({
    intent: z.literal("reject"),
    ids,
    formKey,
    reason: rejectionReasonSchema,
    payment: z.enum(PAYMENT_SETTLEMENTS, { error: "Choose to refund the payment or keep it as credit." }).optional(),
    paymentNote: z
      .string()
      .trim()
      .max(REJECTION_REASON_MAX, `The note must be at most ${REJECTION_REASON_MAX} characters.`)
      .optional(),
  }),
  z.object({
    intent: z.literal("delete"),
    ids,
    formKey,
    confirm: z.literal("on", { error: "Tick “I understand” to confirm the deletion." }),
  }),
]);

/** The answer names the form it answers (the bulk form, or one tool's button), so only that one shows it. */
type ActionResult = ActionReply<{ formKey: string }>;

/** The settlement a reject form chose, or what is wrong with it; null when it chose none. */
function settlementOf(payment: "refund" | "credit" | undefined, note: string | undefined): Settlement | null | string {
  if (payment === undefined) return null;
  if (payment === "refund") return { kind: "refund", note: note || null };
  return note ? { kind: "credit", note } : CREDIT_NOTE_REQUIRED;
}

const plural = (n: number) => (n === 1 ? "1 tool" : `${n} tools`);
const names = (tools: ChangedTool[]) => tools.map((t) => `“${t.name}”`).join(", ");

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const admin = context.get(adminContextKey);
  const formData = await readForm(request);
  const key = String(formData.get("formKey") ?? "bulk").slice(0, 100);
  // Owners' edits of claimed listings: approved through the admin's tool edit, or rejected with a reason the owner reads.
  const intent = formData.get("intent");
  if (intent === "owner-approve" || intent === "owner-reject") {
    const owner = ownerDecisionSchema.safeParse({
      id: formData.getAll("id").length === 1 ? formData.get("id") : null,
      reason: formData.get("reason") ?? undefined,
    });
    if (!owner.success)
      return data<ActionResult>(
        actionReply("error", owner.error.issues[0]?.message ?? "The request could not be understood.", {
          formKey: key,
        }),
        { status: 400 },
      );
    const done =
      intent === "owner-approve"
        ? await approveOwnerEdit(services, admin, owner.data.id)
        : await rejectOwnerEdit(services, admin, owner.data.id, owner.data.reason || null);
    if (done.kind === "gone")
      return data<ActionResult>(
        actionReply("error", "That edit was decided already, or its listing is gone.", { formKey: key }),
        { status: 404 },
      );
    if (done.kind === "refused")
      return data<ActionResult>(actionReply("error", done.message, { formKey: key }), { status: 409 });
    return data<ActionResult>(
      actionReply(
        "success",
        `${intent === "owner-approve" ? "Approved and published" : "Rejected"} the edit of “${done.toolName}” by ${done.owner}.`,
        { formKey: key },
      ),
    );
  }
  const submission = parseWithZod(formData, { schema: moderationSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flat();
    const error =
      errors.find((e): e is string => typeof e === "string") ??
      "The request could not be understood. Please try again.";
    return data<ActionResult>(actionReply("error", error, { formKey: key }), { status: 400 });
  }
  const value = submission.value;
  let notice: string;
  if (value.intent === "approve") {
    const done = await approveTools(services, admin, value.ids);
    // Submitters hear of it by mail; the answer does not wait for the mail server.
    void mailApprovedSubmitters(
      services,
      done.map((tool) => tool.id),
    );
    notice =
      done.length > 0
        ? `Approved ${plural(done.length)}: ${names(done)}.`
        : "Nothing to approve: those tools are already approved, or gone.";
  } else if (value.intent === "reject") {
    const settled = settlementOf(value.payment, value.paymentNote);
    if (typeof settled === "string")
      return data<ActionResult>(actionReply("error", settled, { formKey: key }), { status: 400 });
    let done: Awaited<ReturnType<typeof rejectTools>>;
    try {
      done = await rejectTools(services, admin, value.ids, value.reason || null, settled);
    } catch (error) {
      if (error instanceof SettlementRequired)
        return data<ActionResult>(actionReply("error", error.message, { formKey: key }), { status: 400 });
      if (error instanceof RefundFailed) {
        return data<ActionResult>(
          actionReply("error", `The refund was not made, so nothing was rejected: ${error.message}`, { formKey: key }),
          { status: 502 },
        );
      }
      throw error;
    }
    const money = settled
      ? settled.kind === "refund"
        ? " The payment was refunded."
        : " The payment is kept as credit."
      : "";
    const reviews = done.filter((tool) => tool.reviewRefunded).length;
    const reviewMoney =
      reviews === 0
        ? ""
        : ` ${reviews === 1 ? "Its priority review was" : `${reviews} priority reviews were`} refunded.`;
    notice =
      done.length > 0
        ? `Rejected ${plural(done.length)}: ${names(done)}.${money}${reviewMoney}`
        : "Nothing to reject: those tools are already rejected, or gone.";
  } else {
    const done = await deleteTools(services, admin, value.ids);
    notice =
      done.length > 0
        ? `Deleted ${plural(done.length)}: ${names(done)}.`
        : "Nothing to delete: those tools are gone already.";
  }
  return data<ActionResult>(actionReply("success", notice, { formKey: key }));
}

const buttonClass = "rounded-md border px-3 py-1.5 text-sm font-medium disabled:opacity-60";
const approveClass = `${buttonClass} border-emerald-700 bg-emerald-700 text-white hover:bg-emerald-800`;
const neutralClass = `${buttonClass} border-slate-300 bg-white text-slate-900 hover:bg-slate-100`;
const dangerClass = `${buttonClass} border-red-700 bg-white text-red-800 hover:bg-red-50`;

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, brokenLinks, ownerEdits, now } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = busy ? undefined : (actionData as ActionResult | undefined);
  const messageFor = (key: string) => (result && result.formKey === key ? result : null);

  return (
    <section aria-labelledby="moderation-title" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 id="moderation-title" className="text-3xl font-bold">
          Moderation
        </h1>
        <p className="text-slate-700">
          {total === 0
            ? "Nothing is waiting for review."
            : `${plural(total)} waiting for review; paid priority reviews first (soonest due first), then those paid to be featured, then oldest first.`}{" "}
          <TextLink to="/admin/audit">Audit log</TextLink>
        </p>
      </div>

      {result?.status === "success" && result.message && <Alert tone="saved">{result.message}</Alert>}

      {items.length > 0 && (
        <Form
          method="post"
          id={BULK_FORM}
          preventScrollReset
          className="rounded-xl border border-slate-200 bg-slate-50 p-4"
        >
          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold">Selected tools</legend>
            <p className="text-sm text-slate-700">Tick the tools below, then choose what to do with all of them.</p>
            <input type="hidden" name="formKey" value="bulk" />
            <FormMessage result={messageFor("bulk")} />
            <div>
              <label htmlFor="bulk-reason" className="block text-sm font-medium text-slate-900">
                Reason for rejecting (optional, shown to the submitters)
              </label>
              <textarea
                id="bulk-reason"
                name="reason"
                rows={2}
                maxLength={REJECTION_REASON_MAX}
                className={inputClass}
              />
            </div>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="confirm" value="on" className="mt-0.5 h-4 w-4 accent-red-700" />
              <span>I understand that deleting removes the selected tools and their files for good.</span>
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="intent" value="approve" disabled={busy} className={approveClass}>
                Approve selected
              </button>
              <button type="submit" name="intent" value="reject" disabled={busy} className={neutralClass}>
                Reject selected
              </button>
              <button type="submit" name="intent" value="delete" disabled={busy} className={dangerClass}>
                Delete selected
              </button>
            </div>
          </fieldset>
        </Form>
      )}

      {items.length > 0 && (
        <ol className="space-y-4" aria-label="Pending tools">
          {items.map((tool) => (
            <li key={tool.id}>
              <article aria-labelledby={`tool-${tool.id}`} className="rounded-xl border border-slate-200 p-4">
                <div className="flex gap-4">
                  <div className="flex flex-col items-center gap-3">
                    {/* Outside every form on the card: the `form` attribute puts it in the bulk form above. */}
                    <label className="flex flex-col items-center gap-1 text-xs text-slate-700">
                      <input
                        type="checkbox"
                        name="ids"
                        value={tool.id}
                        form={BULK_FORM}
                        className="h-5 w-5 accent-brand-700"
                      />
                      <span>
                        Select<span className="sr-only"> {tool.name}</span>
                      </span>
                    </label>
                    <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={56} />
                  </div>
                  <div className="min-w-0 flex-1 space-y-2">
                    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                      <h2 id={`tool-${tool.id}`} className="text-xl font-semibold">
                        {tool.name}
                      </h2>
                      {tool.reviewDueAt !== null && <ReviewDue dueAt={tool.reviewDueAt} now={now} />}
                      {tool.paidCents !== null && (
                        <span className="rounded-full border border-amber-400 bg-amber-50 px-2 py-0.5 text-sm font-medium text-amber-900">
                          Paid {formatUsd(tool.paidCents)} to be featured
                        </span>
                      )}
                    </div>
                    <p className="text-slate-800">{tool.tagline}</p>
                    <p className="text-sm break-all">
                      <TextAnchor href={tool.websiteUrl} target="_blank" rel="noopener noreferrer nofollow">
                        {tool.websiteUrl}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </TextAnchor>
                    </p>
                    {tool.categories.length > 0 && (
                      <p className="text-sm text-slate-700">
                        Categories: {tool.categories.map(categoryName).join(", ")}
                      </p>
                    )}
                    {tool.excerpt && <p className="text-sm text-slate-800">{tool.excerpt}</p>}
                    <p className="text-sm text-slate-700">
                      Submitted <UtcTime ms={tool.createdAt} />
                      {tool.source !== "free_submission" && <> · source: {tool.source.replace(/_/g, " ")}</>}
                      {" · "}
                      <TextLink to={`/tool/${encodeURIComponent(tool.slug)}`}>Its pending page</TextLink>
                    </p>
                    <ToolActions tool={tool} busy={busy} messageFor={messageFor} />
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        pages={pages}
        hrefFor={(n) => (n === 1 ? "/admin/moderation" : `/admin/moderation?page=${n}`)}
      />
      <OwnerEdits
        tools={ownerEdits.tools}
        toolCount={ownerEdits.toolCount}
        editCount={ownerEdits.editCount}
        busy={busy}
        messageFor={messageFor}
      />
      <BrokenLinks links={brokenLinks} />
    </section>
  );
}

/**
 * Owners' proposed edits, by listing: every owner's pending edit of a listing side by side, each
 * with who sent it and its field-by-field diff (now → proposed) against the live listing.
 */
function OwnerEdits({
  tools,
  toolCount,
  editCount,
  busy,
  messageFor,
}: {
  tools: PendingToolEdits[];
  toolCount: number;
  editCount: number;
  busy: boolean;
  messageFor: (key: string) => ActionResult | null;
}) {
  return (
    <section aria-labelledby="owner-edits-title" className="space-y-3 border-t border-slate-200 pt-6">
      <h2 id="owner-edits-title" className="text-2xl font-semibold">
        Owners&apos; edits
      </h2>
      <p className="text-slate-700">
        {toolCount === 0
          ? "No owner has proposed an edit."
          : `${plural(toolCount)} with changes proposed by their verified owners (${editCount === 1 ? "1 edit" : `${editCount} edits`}). Approving one publishes its changes as an edit of yours; other owners' edits of the listing stay waiting, compared with the listing as it then is.`}
      </p>
      {tools.map((tool) => (
        <article
          key={tool.toolId}
          aria-labelledby={`owner-edits-${tool.toolId}`}
          className="space-y-3 rounded-xl border border-slate-200 p-4"
        >
          <h3 id={`owner-edits-${tool.toolId}`} className="text-lg font-semibold">
            {tool.toolName}
          </h3>
          <p className="text-sm text-slate-700">
            {tool.edits.length === 1
              ? "One owner proposes changes."
              : `${tool.edits.length} owners propose changes, side by side.`}{" "}
            <TextLink to={`/tool/${encodeURIComponent(tool.toolSlug)}`}>Its page</TextLink>
          </p>
          <ul
            className={`grid gap-4 ${tool.edits.length > 1 ? "lg:grid-cols-2" : ""}`}
            aria-label={`Edits of ${tool.toolName}`}
          >
            {tool.edits.map((edit) => (
              <OwnerEdit key={edit.id} toolName={tool.toolName} edit={edit} busy={busy} messageFor={messageFor} />
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}

/** One owner's pending edit: who sent it and when, its diff, and approve or reject. */
function OwnerEdit({
  toolName,
  edit,
  busy,
  messageFor,
}: {
  toolName: string;
  edit: PendingOwnerEdit;
  busy: boolean;
  messageFor: (key: string) => ActionResult | null;
}) {
  const approve = messageFor(`owner-approve:${edit.id}`);
  const reject = messageFor(`owner-reject:${edit.id}`);
  const of = `the edit of ${toolName} by ${edit.owner}`;
  return (
    <li className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3">
      <p className="text-sm text-slate-700">
        Proposed by <strong className="break-all text-slate-900">{edit.owner}</strong> on{" "}
        <UtcTime ms={edit.createdAt} />
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Changes to {toolName} proposed by {edit.owner}
          </caption>
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Field
              </th>
              <th scope="col" className="py-2 pr-4">
                Now
              </th>
              <th scope="col" className="py-2">
                Proposed
              </th>
            </tr>
          </thead>
          <tbody>
            {edit.changes.map((change) => (
              <tr key={change.field} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {change.label}
                </th>
                <td className="py-2 pr-4 whitespace-pre-wrap break-words text-red-900">
                  <del>{change.from}</del>
                </td>
                <td className="py-2 whitespace-pre-wrap break-words text-emerald-900">
                  <ins>{change.to}</ins>
                </td>
              </tr>
            ))}
            {edit.logo && (
              <tr className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-4 font-medium">
                  Logo
                </th>
                <td className="py-2 pr-4">
                  {edit.logo.from ? <img src={edit.logo.from} alt="Current logo" width={48} height={48} /> : "—"}
                </td>
                <td className="py-2">
                  <img src={edit.logo.to} alt="Proposed logo" width={48} height={48} />
                </td>
              </tr>
            )}
            {edit.changes.length === 0 && !edit.logo && (
              <tr>
                <td colSpan={3} className="py-2 text-slate-700">
                  The listing already says all this (it was changed since).
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="owner-approve" />
          <input type="hidden" name="id" value={edit.id} />
          <input type="hidden" name="formKey" value={`owner-approve:${edit.id}`} />
          <button type="submit" disabled={busy} className={approveClass}>
            Approve<span className="sr-only"> {of}</span>
          </button>
        </Form>
        <details open={reject?.status === "error"} className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium">
            Reject<span className="sr-only"> {of}</span>…
          </summary>
          <Form method="post" preventScrollReset className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="owner-reject" />
            <input type="hidden" name="id" value={edit.id} />
            <input type="hidden" name="formKey" value={`owner-reject:${edit.id}`} />
            <label htmlFor={`owner-reason-${edit.id}`} className="block text-sm font-medium text-slate-900">
              Reason (optional, shown to {edit.owner})
            </label>
            <textarea
              id={`owner-reason-${edit.id}`}
              name="reason"
              rows={2}
              maxLength={REJECTION_REASON_MAX}
              className={inputClass}
            />
            <button type="submit" disabled={busy} className={neutralClass}>
              Reject {of}
            </button>
          </Form>
        </details>
      </div>
      <FormMessage result={approve} />
      <FormMessage result={reject} />
    </li>
  );
}

/** Public tools whose website failed the last link checks in a row: worth a look, maybe an edit. */
function BrokenLinks({ links }: { links: BrokenLink[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="broken-links-title" className="space-y-3 border-t border-slate-200 pt-6">
      <h2 id="broken-links-title" className="text-2xl font-semibold">
        Links that may be broken
      </h2>
      <p className="text-slate-700">
        These public tools&apos; websites did not answer the last weekly link checks. Check them, then edit or delete
        the tool.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-300 text-slate-800">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Tool
              </th>
              <th scope="col" className="py-2 pr-4">
                Website
              </th>
              <th scope="col" className="py-2 pr-4">
                Failures in a row
              </th>
              <th scope="col" className="py-2 pr-4">
                Last result
              </th>
              <th scope="col" className="py-2">
                Last checked
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.id} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-4">
                  <TextLink to={`/admin/tools/${encodeURIComponent(link.id)}`}>{link.name}</TextLink>
                </td>
                <td className="max-w-xs py-2 pr-4 break-all">
                  <TextAnchor href={link.websiteUrl} target="_blank" rel="noopener noreferrer nofollow">
                    {link.websiteUrl}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </TextAnchor>
                </td>
                <td className="py-2 pr-4">{link.failures}</td>
                <td className="py-2 pr-4 break-words">{link.lastResult ?? "—"}</td>
                <td className="py-2 whitespace-nowrap">
                  {link.checkedAt === null ? "Never" : <UtcTime ms={link.checkedAt} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One tool's own actions: approve, edit, and reject or delete behind a disclosure. */
function ToolActions({
  tool,
  busy,
  messageFor,
}: {
  tool: { id: string; name: string; paidCents: number | null; reviewDueAt: number | null };
  busy: boolean;
  messageFor: (key: string) => ActionResult | null;
}) {
  const approve = messageFor(oneToolKey("approve", tool.id));
  const reject = messageFor(oneToolKey("reject", tool.id));
  const remove = messageFor(oneToolKey("delete", tool.id));
  return (
    <div className="space-y-2 pt-2">
      <div className="flex flex-wrap items-center gap-2">
        <Form method="post" preventScrollReset>
          <OneToolFields intent="approve" id={tool.id} />
          <button type="submit" disabled={busy} className={approveClass}>
            Approve<span className="sr-only"> {tool.name}</span>
          </button>
        </Form>
        <Link to={`/admin/tools/${encodeURIComponent(tool.id)}`} className={neutralClass}>
          Edit<span className="sr-only"> {tool.name}</span>
        </Link>
      </div>
      <FormMessage result={approve} />
      <details open={reject?.status === "error"} className="rounded-lg border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium">
          Reject<span className="sr-only"> {tool.name}</span>…
        </summary>
        <Form method="post" preventScrollReset className="mt-2 space-y-2">
          <OneToolFields intent="reject" id={tool.id} />
          <label htmlFor={`reason-${tool.id}`} className="block text-sm font-medium text-slate-900">
            Reason (optional, shown to the submitter)
          </label>
          <textarea
            id={`reason-${tool.id}`}
            name="reason"
            rows={2}
            maxLength={REJECTION_REASON_MAX}
            className={inputClass}
          />
          {tool.paidCents !== null && <PaymentChoice id={tool.id} paidCents={tool.paidCents} />}
          {tool.reviewDueAt !== null && (
            <p className="text-sm text-slate-800">
              Its priority review was paid for: rejecting it refunds that payment in full, and the submitter is told by
              mail.
            </p>
          )}
          <FormMessage result={reject} />
          <button type="submit" disabled={busy} className={neutralClass}>
            Reject {tool.name}
          </button>
        </Form>
      </details>
      <details open={remove?.status === "error"} className="rounded-lg border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium">
          Delete<span className="sr-only"> {tool.name}</span>…
        </summary>
        <Form method="post" preventScrollReset className="mt-2 space-y-2">
          <OneToolFields intent="delete" id={tool.id} />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="confirm" value="on" required className="mt-0.5 h-4 w-4 accent-red-700" />
            <span>I understand that this removes {tool.name} and its files for good.</span>
          </label>
          <FormMessage result={remove} />
          <button type="submit" disabled={busy} className={dangerClass}>
            Delete {tool.name}
          </button>
        </Form>
      </details>
    </div>
  );
}

/** A paid priority review's deadline, and whether it has passed, in words (the colour only repeats it). */
function ReviewDue({ dueAt, now }: { dueAt: number; now: number }) {
  const overdue = isReviewOverdue(dueAt, now);
  return (
    <span
      className={`rounded-full border px-2 py-0.5 text-sm font-medium ${overdue ? "border-red-400 bg-red-50 text-red-900" : "border-brand-600 bg-brand-50 text-brand-800"}`}
    >
      {overdue ? "Overdue · " : ""}Priority review · due <UtcTime ms={dueAt} />
    </span>
  );
}

/** A paid tool's reject form: the payment must be refunded or kept as credit, never left paid. */
function PaymentChoice({ id, paidCents }: { id: string; paidCents: number }) {
  const amount = formatUsd(paidCents);
  return (
    <fieldset className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <legend className="px-1 font-semibold">Paid {amount} to be featured</legend>
      <p id={`payment-hint-${id}`} className="text-amber-900">
        Rejecting it settles the payment: refund it, or keep it as credit and say why. The submitter is told by mail and
        on their status page.
      </p>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name="payment"
          value="refund"
          required
          aria-describedby={`payment-hint-${id}`}
          className="mt-0.5 h-4 w-4 accent-brand-700"
        />
        <span>Refund {amount}</span>
      </label>
      <label className="flex items-start gap-2">
        <input type="radio" name="payment" value="credit" required className="mt-0.5 h-4 w-4 accent-brand-700" />
        <span>Keep {amount} as credit</span>
      </label>
      <label htmlFor={`payment-note-${id}`} className="block font-medium text-slate-900">
        Note about the payment (required for credit, shown to the submitter)
      </label>
      <textarea
        id={`payment-note-${id}`}
        name="paymentNote"
        rows={2}
        maxLength={REJECTION_REASON_MAX}
        className={inputClass}
      />
    </fieldset>
  );
}

type Intent = z.infer<typeof moderationSchema>["intent"];

/** The form key of one tool's own form: the action echoes it, so the message shows by that form. */
const oneToolKey = (intent: Intent, id: string) => `${intent}:${id}`;

/** What one tool's own form posts besides its inputs: the intent, the tool and the form's key. */
function OneToolFields({ intent, id }: { intent: Intent; id: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="ids" value={id} />
      <input type="hidden" name="formKey" value={oneToolKey(intent, id)} />
    </>
  );
}

/** A form's error, announced when it appears. */
function FormMessage({ result }: { result: ActionResult | null }) {
  if (result?.status !== "error" || !result.message) return null;
  return (
    <Alert tone="error" compact>
      {result.message}
    </Alert>
  );
}
