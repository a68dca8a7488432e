import { data, Form, redirect, useNavigation } from "react-router";
import { FEATURED_YEAR_FROM_APPROVAL, formatUsd, featureTier } from "../../core/featuring.ts";
import { PRIORITY_REVIEW_BUSINESS_DAYS, PRIORITY_REVIEW_TEXTS } from "../../core/priority-review.ts";
import { STATUS_TOKEN_PATTERN } from "../../core/submission.ts";
import { findOrder } from "../../server/payments/orders.ts";
import { servicesContextKey } from "../context.ts";
import type { Route } from "./+types/test-checkout.ts";
import { readForm } from "../lib/form.ts";

// The built-in test checkout (docs/design.md#rule-2): stands in for the card provider's hosted page when
// no Stripe key is configured, so the whole flow runs on one machine. It never exists beside Stripe.

export const meta: Route.MetaFunction = () => [{ title: "Test checkout" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { payments, database } = context.get(servicesContextKey);
  const order = payments.mode === "test" ? await findOrder(database.db, { sessionId: params.sessionId }) : null;
  if (!order || order.provider !== "test") throw data("No such test checkout.", { status: 404 });
  const tool = order.toolId
    ? await database.db.selectFrom("tools").select("status").where("id", "=", order.toolId).executeTakeFirst()
    : undefined;
  return {
    toolName: order.toolName,
    amountCents: order.amountCents,
    status: order.status,
    waitsForReview: tool?.status === "pending",
    priority: order.kind === "priority-review",
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { payments } = context.get(servicesContextKey);
  const intent = String((await readForm(request)).get("intent") ?? "");
  const sessionId = params.sessionId;
  if (intent === "pay") {
    const paid = await payments.payTest(sessionId);
    if (!paid) throw data("No such test checkout.", { status: 404 });
    // The success page checks the status token against the order's tool before it shows it.
    const status = new URL(request.url).searchParams.get("status");
    const statusParam = status && STATUS_TOKEN_PATTERN.test(status) ? `&status=${encodeURIComponent(status)}` : "";
    return redirect(
      `/payment-success?session_id=${encodeURIComponent(sessionId)}&tool_id=${encodeURIComponent(paid.toolId ?? "")}${statusParam}`,
      303,
    );
  }
  if (intent === "cancel") {
    const cancelled = await payments.cancelTest(sessionId);
    if (!cancelled) throw data("No such test checkout.", { status: 404 });
    return redirect(`/payment-cancel?tool_id=${encodeURIComponent(cancelled.toolId ?? "")}`, 303);
  }
  // Only a script sends anything else: the site's error page says what this page takes.
  throw data("Choose Pay or Cancel.", { status: 400 });
}

export default function TestCheckout({ loaderData }: Route.ComponentProps) {
  const { toolName, amountCents, status, waitsForReview, priority } = loaderData;
  const busy = useNavigation().state !== "idle";
  const amountUsd = amountCents / 100;
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-slate-300 p-8" aria-labelledby="checkout-title">
      <p className="rounded-md bg-amber-100 px-3 py-2 text-center text-sm font-semibold text-amber-900" role="note">
        Test mode — no real charge
      </p>
      <h1 id="checkout-title" className="mt-6 text-2xl font-bold">
        Test checkout
      </h1>
      <dl className="mt-4 space-y-2">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Tool</dt>
          <dd className="font-medium">{toolName}</dd>
        </div>
        {priority ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">For</dt>
            <dd className="font-medium">Priority review within {PRIORITY_REVIEW_BUSINESS_DAYS} business days</dd>
          </div>
        ) : (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">Featured for</dt>
            <dd className="font-medium">
              1 year{waitsForReview ? " from approval" : ""} ({featureTier(amountUsd)})
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2">
          <dt className="text-slate-700">Amount</dt>
          <dd className="text-lg font-bold">{formatUsd(amountCents)}</dd>
        </div>
      </dl>
      {(priority || waitsForReview) && (
        <p className="mt-3 text-sm text-slate-700">
          {priority ? PRIORITY_REVIEW_TEXTS.noApproval : FEATURED_YEAR_FROM_APPROVAL}
        </p>
      )}
      {status === "created" || status === "expired" ? (
        <Form method="post" className="mt-8 flex gap-3">
          <button
            type="submit"
            name="intent"
            value="pay"
            disabled={busy}
            className="flex-1 rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
          >
            Pay {formatUsd(amountCents)}
          </button>
          <button
            type="submit"
            name="intent"
            value="cancel"
            disabled={busy}
            className="rounded-lg border border-slate-300 px-5 py-3 font-medium hover:bg-slate-50 disabled:opacity-60"
          >
            Cancel
          </button>
        </Form>
      ) : (
        <p className="mt-8 text-slate-800" role="status">
          This checkout is closed ({status}).
        </p>
      )}
    </section>
  );
}
