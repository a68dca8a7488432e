import { data, Form, Link, redirect, useNavigation } from "react-router";
import { messageActionSchema } from "../../../core/messages.ts";
import { lenientPage } from "../../../core/catalog.ts";
import { formatUtcDateTime } from "../../../core/dates.ts";
import { actOnMessage, messagesView, type ContactMessage } from "../../../server/admin/messages.ts";
import { Pagination } from "../../components/pagination.tsx";
import { adminActor, servicesContextKey } from "../../context.ts";
import { actionReply } from "../../../core/replies.ts";
import { TextAnchor, TextLink } from "../../components/ui/text-link.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import type { Route } from "./+types/messages.ts";
import { formFields, readForm } from "../../lib/form.ts";

export const meta: Route.MetaFunction = () => [{ title: "Messages — Admin" }, { name: "robots", content: "noindex" }];

const NOTICES = {
  read: "Marked as read.",
  unread: "Marked as unread.",
  deleted: "Message deleted.",
} as const;
type Notice = keyof typeof NOTICES;

/** This page's URL for page `page`, with a message opened or to confirm deleting, and a notice. */
function messagesUrl(page: number, extra: { open?: string; confirm?: string; notice?: Notice } = {}): string {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (extra.open) params.set("open", extra.open);
  if (extra.confirm) params.set("confirm", extra.confirm);
  if (extra.notice) params.set("notice", extra.notice);
  const query = params.toString();
  const anchor = extra.open ? `#message-${extra.open}` : extra.confirm ? `#message-${extra.confirm}` : "";
  return `/admin/messages${query ? `?${query}` : ""}${anchor}`;
}

/**
 * `?page=` (50 a page, newest first), `?open=<id>` shows a message whole, `?confirm=<id>` asks
 * before deleting one (a step that needs no script). Reading a page changes nothing: the Open
 * button posts, marks the message read as opening a mail does, and comes back here with `?open=`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const notice = params.get("notice");
  const view = await messagesView(context.get(servicesContextKey).database, {
    page: lenientPage(params.get("page")),
    open: params.get("open"),
    confirm: params.get("confirm"),
  });
  return { ...view, notice: notice && Object.hasOwn(NOTICES, notice) ? NOTICES[notice as Notice] : null };
}

const GONE = "This message no longer exists; it may have been deleted meanwhile.";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = messageActionSchema.safeParse(formFields(await readForm(request)));
  if (!parsed.success)
    return data(actionReply("error", "The request could not be read. Please try again."), { status: 400 });
  const { intent, id, open } = parsed.data;
  const page = lenientPage(parsed.data.page);
  if (!(await actOnMessage(context.get(servicesContextKey), adminActor(context), intent, id)))
    return data(actionReply("error", GONE), { status: 404 });
  if (intent === "delete") return redirect(messagesUrl(page, { notice: "deleted" }), 303);
  if (intent === "open") return redirect(messagesUrl(page, { open: id }), 303);
  // Marked unread: the message closes (left open, it would look read).
  return redirect(messagesUrl(page, { open: intent === "read" && open === id ? id : undefined, notice: intent }), 303);
}

const buttonClass =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60";

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, page, pages, total, unread, openId, confirming, extraMessages, notice, missing } = loaderData;
  const itemProps = { page, openId, confirmingId: confirming?.id ?? null };
  return (
    <section aria-labelledby="messages-title" className="space-y-6">
      <h1 id="messages-title" className="text-3xl font-bold">
        Messages{" "}
        <span className="text-xl font-semibold text-slate-700">{`(${unread.toLocaleString("en-US")} unread)`}</span>
      </h1>
      <p className="text-slate-700">
        {total === 0
          ? "No contact messages yet."
          : `${total.toLocaleString("en-US")} ${total === 1 ? "message" : "messages"} from the contact form, newest first.`}
      </p>
      {actionData?.message && <Alert tone="error">{actionData.message}</Alert>}
      {missing && !actionData?.message && <Alert tone="error">{GONE}</Alert>}
      {notice && !actionData?.message && <Alert tone="neutral">{notice}</Alert>}
      {extraMessages.length > 0 && (
        <ul className="space-y-3">
          {extraMessages.map((message) => (
            <MessageItem key={message.id} message={message} {...itemProps} />
          ))}
        </ul>
      )}
      {messages.length > 0 && (
        <ul aria-label={`Messages, page ${page} of ${pages}`} className="space-y-3">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} {...itemProps} />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} hrefFor={(n) => messagesUrl(n)} />
    </section>
  );
}

function MessageItem({
  message,
  page,
  openId,
  confirmingId,
}: {
  message: ContactMessage;
  page: number;
  openId: string | null;
  confirmingId: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === message.id;
  const isOpen = openId === message.id;
  const confirming = confirmingId === message.id;
  const unread = message.readAt === null;
  const titleId = `message-${message.id}-title`;
  return (
    <li
      id={`message-${message.id}`}
      aria-labelledby={titleId}
      className={`rounded-xl border p-4 ${unread ? "border-brand-600 border-l-4" : "border-slate-200"}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className={`text-lg ${unread ? "font-bold" : "font-normal"}`}>
          {unread && (
            <span className="mr-2 inline-block rounded-full border border-brand-700 px-2 py-0.5 align-middle text-xs font-bold uppercase tracking-wide text-brand-800">
              Unread
            </span>
          )}
          {message.subject}
        </h2>
        <time dateTime={new Date(message.submittedAt).toISOString()} className="text-sm text-slate-700">
          {formatUtcDateTime(message.submittedAt)}
        </time>
      </div>
      <p className={`mt-1 text-sm ${unread ? "font-semibold" : ""}`}>{`From ${message.name} <${message.email}>`}</p>
      {isOpen ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3">
          <p className="whitespace-pre-wrap break-words">{message.message}</p>
          <p className="mt-3">
            <TextAnchor href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}>
              Reply by email
            </TextAnchor>
          </p>
        </div>
      ) : (
        <p className="mt-2 line-clamp-2 text-slate-800">{message.message}</p>
      )}
      {confirming ? (
        <div role="group" aria-label="Confirm deletion" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3">
          <p className="font-medium text-red-900">{`Delete this message from ${message.name} for good? This cannot be undone.`}</p>
          <Form method="post" action="/admin/messages" className="mt-2 flex flex-wrap items-center gap-3">
            <input type="hidden" name="id" value={message.id} />
            <input type="hidden" name="page" value={page} />
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={busy}
              className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              {busy ? "Deleting…" : "Yes, delete it"}
            </button>
            <TextLink to={messagesUrl(page, { open: isOpen ? message.id : undefined })}>Cancel</TextLink>
          </Form>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {isOpen ? (
            <Link to={messagesUrl(page)} className={buttonClass}>
              Close<span className="sr-only"> the message “{message.subject}”</span>
            </Link>
          ) : (
            <Form method="post" action="/admin/messages">
              <input type="hidden" name="id" value={message.id} />
              <input type="hidden" name="page" value={page} />
              <button type="submit" name="intent" value="open" disabled={busy} className={buttonClass}>
                Open<span className="sr-only"> the message “{message.subject}”</span>
              </button>
            </Form>
          )}
          <Form method="post" action="/admin/messages">
            <input type="hidden" name="id" value={message.id} />
            <input type="hidden" name="page" value={page} />
            {isOpen && <input type="hidden" name="open" value={message.id} />}
            <button
              type="submit"
              name="intent"
              value={unread ? "read" : "unread"}
              disabled={busy}
              className={buttonClass}
            >
              {unread ? "Mark as read" : "Mark as unread"}
              <span className="sr-only"> “{message.subject}”</span>
            </button>
          </Form>
          <Link
            to={messagesUrl(page, { confirm: message.id, open: isOpen ? message.id : undefined })}
            className={buttonClass}
          >
            Delete<span className="sr-only"> the message “{message.subject}”</span>…
          </Link>
        </div>
      )}
    </li>
  );
}
