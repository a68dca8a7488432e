import { useEffect, useId, useState, type ReactNode } from "react";
import { data, Link, useRevalidator } from "react-router";
import { FEATURED_DAYS, transactionReference } from "../../core/featuring.ts";
import { TextLink } from "../components/ui/text-link.tsx";
import { servicesContextKey } from "../context.ts";
import { useHydrated } from "../lib/hydrated.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/payment-success.ts";

/** The least time 'Processing Payment' shows in the browser (docs/design.md#constants). */
const PROCESSING_MIN_MS = 2000;
/** How often, and for how long, the browser asks again while the payment is not confirmed. */
const POLL_EVERY_MS = 1000;
const POLL_FOR_MS = 30_000;
/** Without JavaScript the page reloads itself this many times, this many seconds apart. */
const RELOAD_CHECKS = 10;
const RELOAD_EVERY_S = 3;
/** Longer than any session id a provider hands out: anything longer is not asked about. */
const SESSION_ID_MAX = 255;

type Status = "paid" | "pending" | "unknown";

const TITLES: Record<Status, string> = {
  paid: "Payment Successful!",
  pending: "Processing Payment",
  unknown: "Payment Not Found",
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, TITLES[loaderData?.status ?? "unknown"], "The outcome of a payment to feature a tool."),
  { name: "robots", content: "noindex" },
];

// Personal and changing by the second: never kept by the page cache or a shared cache.
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
  let state: { status: Status; toolName: string | null; toolSlug: string | null } = { status: "unknown", toolName: null, toolSlug: null };
  if (sessionId && sessionId.length <= SESSION_ID_MAX) {
    const services = context.get(servicesContextKey);
    try {
      state = await services.payments.status(sessionId);
    } catch (error) {
      // The provider could not be asked: not confirmed (yet), never success and never "not found".
      services.log.warn({ err: error }, "checkout status not available");
      state = { status: "pending", toolName: null, toolSlug: null };
    }
  }
  return data(
    { sessionId: sessionId || null, check, ...state },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type View = "processing" | "paid" | "pending" | "unknown";

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { sessionId, status: loaded, toolName, toolSlug, check } = loaderData;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [polled, setPolled] = useState<Status | null>(null);
  const [minShown, setMinShown] = useState(!sessionId);
  const [pollOver, setPollOver] = useState(false);
  const status = polled ?? loaded;

  useEffect(() => {
    if (!sessionId) return;
    const timer = setTimeout(() => setMinShown(true), PROCESSING_MIN_MS);
    return () => clearTimeout(timer);
  }, [sessionId]);

  // While the server says pending, ask again every second for up to 30 seconds.
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!sessionId || loaded !== "pending") return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      try {
        const response = await fetch(`/api/checkout-session/${encodeURIComponent(sessionId)}`, {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        if (response.ok) {
          const body = (await response.json()) as { status?: unknown };
          if (body.status === "paid" || body.status === "unknown") {
            setPolled(body.status);
            // The page's own data then names the tool that was featured.
            if (body.status === "paid") void revalidate();
            return;
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (Date.now() - started + POLL_EVERY_MS > POLL_FOR_MS) setPollOver(true);
      else timer = setTimeout(ask, POLL_EVERY_MS);
    };
    timer = setTimeout(ask, POLL_EVERY_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [sessionId, loaded, revalidate]);

  const reference = sessionId ? transactionReference(sessionId) : null;
  const render = (view: View) => (
    <PaymentView view={view} toolName={toolName} toolSlug={toolSlug} reference={reference} sessionId={sessionId} />
  );

  if (hydrated) {
    const waiting = !minShown || (status === "pending" && !pollOver);
    return render(waiting ? "processing" : status);
  }
  // The server's page. With JavaScript, 'Processing Payment' shows from the first paint and the
  // browser takes over; without it, the server's answer shows (and a pending one reloads itself).
  const noScriptView: View = loaded === "pending" && check < RELOAD_CHECKS ? "processing" : loaded;
  if (!sessionId) return render(loaded);
  return (
    <>
      <div className="noscript:hidden">{render("processing")}</div>
      <div className="hidden noscript:block">
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
    </>
  );
}

const buttonClass = "inline-block rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800";

function PaymentView({
  view,
  toolName,
  toolSlug,
  reference,
  sessionId,
}: {
  view: View;
  toolName: string | null;
  toolSlug: string | null;
  reference: string | null;
  sessionId: string | null;
}) {
  if (view === "processing") {
    return (
      <Panel title="Processing Payment">
        <div aria-hidden="true" className="mx-auto mt-6 h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
        <p className="mt-4 text-slate-700" role="status">
          Please wait while we confirm your payment.
        </p>
      </Panel>
    );
  }

  if (view === "paid") {
    const tool =
      toolName && toolSlug ? (
        <TextLink to={`/tool/${encodeURIComponent(toolSlug)}`}>
          {toolName}
        </TextLink>
      ) : (
        (toolName ?? "Your tool")
      );
    return (
      <Panel title="Payment Successful!">
        <p className="mt-4 text-lg text-slate-800" role="status">
          Thank you! {tool} is now featured.
        </p>
        <p className="mt-2 text-sm text-slate-700">A tool still awaiting review is featured as soon as it is approved.</p>
        <div className="mx-auto mt-8 max-w-md rounded-xl border border-amber-300 bg-amber-50 p-5 text-left">
          <h2 className="font-semibold">What featuring gives your tool</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            <li>Premium placement on the home page, in browse and in search</li>
            <li>A Featured badge on its card and its page</li>
            <li>Higher ranking: a higher amount ranks higher</li>
            <li>Valid for {FEATURED_DAYS} days</li>
          </ul>
        </div>
        {reference && (
          <p className="mt-6 text-sm text-slate-700">
            Transaction reference: <span className="font-mono font-semibold text-ink">{reference}</span>
          </p>
        )}
        <Links>
          <Link to="/" className={buttonClass}>
            Back to the directory
          </Link>
          <TextLink to="/browse">
            Browse tools
          </TextLink>
        </Links>
      </Panel>
    );
  }

  if (view === "pending") {
    const again = sessionId ? `/payment-success?session_id=${encodeURIComponent(sessionId)}` : "/payment-success";
    return (
      <Panel title="Payment not confirmed yet">
        <p className="mt-4 text-slate-800" role="status">
          The payment provider has not confirmed this payment yet, so the tool is not featured yet.
        </p>
        <p className="mt-2 text-slate-700">
          If you completed the payment, confirmation usually arrives within a minute and the tool is then featured on its own.
          Check again in a moment. If you were charged and it is still not confirmed after an hour,{" "}
          <TextLink to="/contact">
            contact us
          </TextLink>
          {reference ? " and quote the transaction reference below" : ""}.
        </p>
        {reference && (
          <p className="mt-6 text-sm text-slate-700">
            Transaction reference: <span className="font-mono font-semibold text-ink">{reference}</span>
          </p>
        )}
        <Links>
          {/* A full page load, so the server asks the provider again. */}
          <a href={again} className={buttonClass}>
            Check again
          </a>
          <TextLink to="/">
            Back to the directory
          </TextLink>
        </Links>
      </Panel>
    );
  }

  return (
    <Panel title="We could not find this payment">
      <p className="mt-4 text-slate-800" role="status">
        {sessionId ? "There is no payment for this link" : "This link does not name a payment"}, so no tool has been featured.
      </p>
      <p className="mt-2 text-slate-700">
        If you paid and ended up here, please{" "}
        <TextLink to="/contact">
          contact us
        </TextLink>
        .
      </p>
      <Links>
        <Link to="/?featured=true" className={buttonClass}>
          Try again
        </Link>
        <TextLink to="/">
          Back to the directory
        </TextLink>
      </Links>
    </Panel>
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
