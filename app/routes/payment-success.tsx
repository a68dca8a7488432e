import { useId, type ReactNode } from "react";
import { data } from "react-router";
import { formatAddedFull } from "../../core/dates.ts";
import { FEATURED_DAYS, transactionReference } from "../../core/featuring.ts";
import { STATUS_TOKEN_PATTERN } from "../../core/submission.ts";
import type { CheckoutStatus } from "../../server/payments/service.ts";
import { findSubmissionByToken, submissionStatusPath } from "../../server/submissions/service.ts";
import { sponsorReportPath, sponsorToken } from "../../server/insights/reports.ts";
import { PRIORITY_REVIEW_BUSINESS_DAYS, PRIORITY_REVIEW_TEXTS } from "../../core/priority-review.ts";
import { PageScript } from "../components/page-script.tsx";
import { UtcTime } from "../components/utc-time.tsx";
import { TextAnchor, TextLink } from "../components/ui/text-link.tsx";
import { servicesContextKey } from "../context.ts";
import { DEFAULT_SITE_NAME, pageMeta } from "../lib/meta.ts";
import { useSiteConfig } from "../lib/site.ts";
import { PageLink } from "../components/ui/page-link.tsx";
import type { Route } from "./+types/payment-success.ts";

/** Without JavaScript the page reloads itself this many times, this many seconds apart. */
const RELOAD_CHECKS = 10;
const RELOAD_EVERY_S = 3;
/** Longer than any session id a provider hands out: anything longer is not asked about. */
const SESSION_ID_MAX = 255;

type Status = CheckoutStatus["status"];

type View = "processing" | "paid" | "refunded" | "credit" | "pending" | "unknown";

/** Each view's heading, which is also the page's title, so the two always agree. */
const TITLES: Record<View, string> = {
  processing: "Processing Payment",
  paid: "Payment Successful!",
  refunded: "Payment refunded",
  credit: "Payment kept as credit",
  pending: "Payment not confirmed yet",
  unknown: "Payment Not Found",
};

/** What the server's page shows first for a status (a pending one reloads itself a few times before saying so). */
function firstView(status: Status, check: number, settledAs: CheckoutStatus["settledAs"]): View {
  if (status === "refunded") return settledAs === "credit" ? "credit" : "refunded";
  return status === "pending" && check < RELOAD_CHECKS ? "processing" : status;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(
    matches,
    TITLES[loaderData ? firstView(loaderData.status, loaderData.check, loaderData.settledAs) : "unknown"],
    "The outcome of a payment to feature a tool.",
  ),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The state of the checkout named by `session_id`, as our server knows it (it asks the provider
 * when the order is not paid yet). `tool_id` in the address is the provider's echo of what was
 * bought and is never trusted: the session alone says which tool was paid for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const sessionId = (params.get("session_id") ?? "").trim();
  const check = Math.min(RELOAD_CHECKS, Math.max(0, Number.parseInt(params.get("check") ?? "0", 10) || 0));
  const nothing = {
    toolName: null,
    toolSlug: null,
    listing: null,
    featuredUntil: null,
    orderId: null,
    kind: "featuring",
    reviewDueAt: null,
    settledAs: null,
    refundNote: null,
  } as const;
  let state: CheckoutStatus = { status: "unknown", ...nothing };
  if (sessionId && sessionId.length <= SESSION_ID_MAX) {
    const services = context.get(servicesContextKey);
    try {
      state = await services.payments.status(sessionId);
    } catch (error) {
      // The provider could not be asked: not confirmed (yet), never success and never "not found".
      services.log.warn({ err: error }, "checkout status not available");
      state = { status: "pending", ...nothing };
    }
  }
  // A submitter's private status link, repeated here: only when the token is the paid tool's own.
  const token = params.get("status") ?? "";
  let statusUrl: string | null = null;
  if (state.toolSlug && STATUS_TOKEN_PATTERN.test(token)) {
    const { database, config } = context.get(servicesContextKey);
    const submission = await findSubmissionByToken(database, token);
    if (submission?.slug === state.toolSlug) statusUrl = `${config.siteUrl}${submissionStatusPath(token)}`;
  }
  // The placement's report, by its private link: whoever holds the payment's session holds this.
  // A priority review is no placement and has none.
  const { orderId, ...shown } = state;
  const { config, signingKey } = context.get(servicesContextKey);
  const reportUrl =
    orderId && state.kind === "featuring"
      ? `${config.siteUrl}${sponsorReportPath(await sponsorToken(signingKey, orderId))}`
      : null;
  return data(
    { sessionId: sessionId || null, check, statusUrl, reportUrl, ...shown },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const {
    sessionId,
    status: loaded,
    toolName,
    toolSlug,
    listing,
    featuredUntil,
    check,
    statusUrl,
    reportUrl,
    kind,
    reviewDueAt,
    settledAs,
    refundNote,
  } = loaderData;
  const siteName = useSiteConfig().site?.siteName ?? DEFAULT_SITE_NAME;
  const reference = sessionId ? transactionReference(sessionId) : null;
  const render = (view: View) => (
    <PaymentView
      view={view}
      tool={{ name: toolName, slug: toolSlug, listing, featuredUntil, kind, reviewDueAt, refundNote }}
      reference={reference}
      sessionId={sessionId}
      statusUrl={statusUrl}
      reportUrl={reportUrl}
    />
  );
  if (!sessionId) return render(loaded);
  // With JavaScript, 'Processing Payment' shows from the first paint and the page's script
  // (app/enhancers/payment-status.ts) shows the answer after at least 2 seconds, asking again while
  // the payment is pending; without it, the server's answer shows (and a pending one reloads itself).
  const noScriptView = firstView(loaded, check, settledAs);
  return (
    <div data-payment-status="" data-session-id={sessionId} data-status={loaded}>
      <div className="noscript:hidden" data-view="processing">
        {render("processing")}
      </div>
      <div className="hidden noscript:block" data-view="answer" data-title={`${TITLES[noScriptView]} — ${siteName}`}>
        {render(noScriptView)}
        {noScriptView === "processing" && (
          <noscript>
            <meta
              httpEquiv="refresh"
              content={`${RELOAD_EVERY_S}; url=/payment-success?session_id=${encodeURIComponent(sessionId)}&check=${check + 1}`}
            />
          </noscript>
        )}
      </div>
      {/* What the script shows when the payment is still not confirmed after it stops asking. */}
      {loaded === "pending" && (
        <div hidden data-view="pending" data-title={`${TITLES.pending} — ${siteName}`}>
          {render("pending")}
        </div>
      )}
      <PageScript name="payment-status" />
    </div>
  );
}

const buttonClass = "inline-block rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800";

function PaymentView({
  view,
  tool: paidFor,
  reference,
  sessionId,
  statusUrl,
  reportUrl,
}: {
  view: View;
  tool: Pick<CheckoutStatus, "listing" | "featuredUntil" | "kind" | "reviewDueAt" | "refundNote"> & {
    name: string | null;
    slug: string | null;
  };
  reference: string | null;
  sessionId: string | null;
  statusUrl: string | null;
  reportUrl: string | null;
}) {
  const { name: toolName, slug: toolSlug } = paidFor;
  if (view === "processing") {
    return (
      <Panel title={TITLES.processing}>
        <div
          aria-hidden="true"
          className="mx-auto mt-6 h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
        />
        <p className="mt-4 text-slate-700" role="status">
          Please wait while we confirm your payment.
        </p>
      </Panel>
    );
  }

  if (view === "paid") {
    // A rejected or deleted tool has no page to link to.
    const tool =
      toolName && toolSlug && paidFor.listing !== "gone" ? (
        <TextLink to={`/tool/${encodeURIComponent(toolSlug)}`}>{toolName}</TextLink>
      ) : (
        (toolName ?? "Your tool")
      );
    const until = paidFor.featuredUntil === null ? null : formatAddedFull(paidFor.featuredUntil);
    if (paidFor.kind === "priority-review")
      return (
        <Panel title={TITLES.paid}>
          <p className="mt-4 text-lg text-slate-800" role="status">
            {paidFor.listing === "pending" && paidFor.reviewDueAt !== null ? (
              <>
                Thank you! Your payment for a priority review of {tool} is confirmed. We will review it by{" "}
                <UtcTime ms={paidFor.reviewDueAt} /> ({PRIORITY_REVIEW_BUSINESS_DAYS} business days).
              </>
            ) : (
              <>Thank you! Your payment for a priority review of {tool} is confirmed; it has already been reviewed.</>
            )}
          </p>
          <p className="mt-2 text-slate-700">{PRIORITY_REVIEW_TEXTS.noApproval}</p>
          <PanelEnd statusUrl={statusUrl} reference={reference} />
        </Panel>
      );
    return (
      <Panel title={TITLES.paid}>
        {paidFor.listing === "pending" ? (
          <>
            <p className="mt-4 text-lg text-slate-800" role="status">
              Thank you! Your payment for {tool} is confirmed. {toolName ?? "Your tool"} is still waiting for review, so
              it is not featured yet.
            </p>
            <p className="mt-2 text-slate-700">
              It appears as featured as soon as it is approved; paid submissions are reviewed first. Its featured year
              of {FEATURED_DAYS} days starts on the day it is approved, so the review takes none of it. If it is not
              accepted, the payment is refunded or, if you prefer, kept as credit.
            </p>
          </>
        ) : paidFor.listing === "gone" ? (
          <>
            <p className="mt-4 text-lg text-slate-800" role="status">
              Thank you! Your payment for {tool} is confirmed, but the tool is not listed here, so it is not featured.
            </p>
            <p className="mt-2 text-slate-700">
              Please <TextLink to="/contact">contact us</TextLink> and quote the transaction reference below.
            </p>
          </>
        ) : (
          <p className="mt-4 text-lg text-slate-800" role="status">
            Thank you! {tool} is now featured{until ? `, until ${until}` : ""}.
          </p>
        )}
        <div className="mx-auto mt-8 max-w-md rounded-xl border border-amber-300 bg-amber-50 p-5 text-left">
          <h2 className="font-semibold">What featuring gives your tool</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            <li>Premium placement on the home page, in browse and in search</li>
            <li>A Featured badge on its card and its page</li>
            <li>Higher ranking: a higher amount ranks higher</li>
            <li>Valid for {FEATURED_DAYS} days</li>
          </ul>
        </div>
        {statusUrl && <StatusLink url={statusUrl} />}
        {reportUrl && (
          <div className="mx-auto mt-6 max-w-lg rounded-xl border border-slate-200 bg-slate-50 p-4 text-left">
            <p className="font-medium text-slate-900">
              Keep this private link to the placement&apos;s report (impressions, clicks, click-through per day):
            </p>
            <p className="mt-2 break-all">
              <TextAnchor href={reportUrl}>{reportUrl}</TextAnchor>
            </p>
          </div>
        )}
        <Reference reference={reference} />
        <Links>
          <PageLink to="/" className={buttonClass}>
            Back to the directory
          </PageLink>
          <TextLink to="/browse">Browse tools</TextLink>
        </Links>
      </Panel>
    );
  }

  if (view === "refunded" || view === "credit") {
    const what = paidFor.kind === "priority-review" ? "a priority review of" : "featuring";
    return (
      <Panel title={TITLES[view]}>
        <p className="mt-4 text-lg text-slate-800" role="status">
          Your payment for {what} {toolName ?? "your tool"}{" "}
          {view === "credit" ? "is kept as credit" : "has been refunded in full"}.
        </p>
        {paidFor.refundNote && <p className="mt-2 text-slate-700">{paidFor.refundNote}</p>}
        {view === "refunded" && (
          <p className="mt-2 text-slate-700">
            If you have a question about it, <TextLink to="/contact">contact us</TextLink>
            {reference ? " and quote the transaction reference below" : ""}.
          </p>
        )}
        <PanelEnd statusUrl={statusUrl} reference={reference} />
      </Panel>
    );
  }

  if (view === "pending") {
    const again = sessionId ? `/payment-success?session_id=${encodeURIComponent(sessionId)}` : "/payment-success";
    return (
      <Panel title={TITLES.pending}>
        <p className="mt-4 text-slate-800" role="status">
          The payment provider has not confirmed this payment yet
          {paidFor.kind === "featuring" ? ", so the tool is not featured yet" : ""}.
        </p>
        <p className="mt-2 text-slate-700">
          If you completed the payment, confirmation usually arrives within a minute
          {paidFor.kind === "featuring" ? " and the tool is then featured on its own" : ""}. Check again in a moment. If
          you were charged and it is still not confirmed after an hour, <TextLink to="/contact">contact us</TextLink>
          {reference ? " and quote the transaction reference below" : ""}.
        </p>
        {statusUrl && <StatusLink url={statusUrl} />}
        <Reference reference={reference} />
        <Links>
          {/* A full page load, so the server asks the provider again. */}
          <a href={again} className={buttonClass}>
            Check again
          </a>
          <TextLink to="/">Back to the directory</TextLink>
        </Links>
      </Panel>
    );
  }

  return (
    <Panel title={TITLES.unknown}>
      <p className="mt-4 text-slate-800" role="status">
        {sessionId ? "We could not find a payment for this link" : "This link does not name a payment"}, so no tool has
        been featured.
      </p>
      <p className="mt-2 text-slate-700">
        If you paid and ended up here, please <TextLink to="/contact">contact us</TextLink>.
      </p>
      <Links>
        <PageLink to="/?featured=true" className={buttonClass}>
          Try again
        </PageLink>
        <TextLink to="/">Back to the directory</TextLink>
      </Links>
    </Panel>
  );
}

/** The end of a panel with nothing more to do: the status link, the reference, and the way back. */
function PanelEnd({ statusUrl, reference }: { statusUrl: string | null; reference: string | null }) {
  return (
    <>
      {statusUrl && <StatusLink url={statusUrl} />}
      <Reference reference={reference} />
      <Links>
        <PageLink to="/" className={buttonClass}>
          Back to the directory
        </PageLink>
      </Links>
    </>
  );
}

function Reference({ reference }: { reference: string | null }) {
  if (!reference) return null;
  return (
    <p className="mt-6 text-sm text-slate-700">
      Transaction reference: <span className="font-mono font-semibold text-ink">{reference}</span>
    </p>
  );
}

/** The submitter's private status link, as the submit page showed it before checkout. */
function StatusLink({ url }: { url: string }) {
  return (
    <div className="mx-auto mt-6 max-w-md rounded-xl border border-slate-200 bg-slate-50 p-4 text-left">
      <p className="font-medium text-slate-900">Your private link to follow the submission:</p>
      <p className="mt-2 break-all">
        <TextAnchor href={url}>{url}</TextAnchor>
      </p>
      <p className="mt-2 text-sm text-slate-700">If you gave your email address, we have sent it there too.</p>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  // The server's page carries two panels (one per kind of browser): each needs its own id.
  const titleId = useId();
  return (
    <section className="mx-auto max-w-xl py-8 text-center" aria-labelledby={titleId}>
      <h1 id={titleId} className="text-3xl font-bold">
        {title}
      </h1>
      {children}
    </section>
  );
}

function Links({ children }: { children: ReactNode }) {
  return <p className="mt-8 flex flex-wrap items-center justify-center gap-6">{children}</p>;
}
