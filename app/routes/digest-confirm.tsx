import { data, Form } from "react-router";
import { confirmationState, confirmSubscription, type ConfirmationState } from "../../server/digest/subscribers.ts";
import { TextLink } from "../components/ui/text-link.tsx";
import { servicesContextKey } from "../context.ts";
import { readForm } from "../lib/form.ts";
import type { Route } from "./+types/digest-confirm.ts";

// The confirmation link of the weekly digest (double opt-in). Opening it only shows a button:
// mail scanners open links, and a subscription is confirmed by a person pressing it (a POST).
// The token is the key, so the page is never cached or indexed.

const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your subscription" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, now } = context.get(servicesContextKey);
  const state = await confirmationState(database, params.token, now());
  return data({ state }, { status: state === "invalid" ? 404 : 200, headers: PRIVATE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, now } = context.get(servicesContextKey);
  await readForm(request);
  const state: ConfirmationState = await confirmSubscription(database, params.token, now());
  return data({ state }, { status: state === "invalid" ? 404 : 200, headers: PRIVATE });
}

export default function DigestConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "invalid") {
    return (
      <section className="mx-auto max-w-xl py-8" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="text-3xl font-bold">
          Link not valid
        </h1>
        <p className="mt-4 text-slate-700">
          This confirmation link has expired or is not valid. Links work for 48 hours; you can ask for a new one.
        </p>
        <p className="mt-6">
          <TextLink to="/digest">Subscribe again</TextLink>
        </p>
      </section>
    );
  }
  if (state === "confirmed") {
    return (
      <section className="mx-auto max-w-xl py-8" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="text-3xl font-bold">
          You&apos;re subscribed
        </h1>
        <p className="mt-4 text-slate-700" role="status">
          Thank you. The weekly digest comes every Monday morning; each issue has a link to unsubscribe.
        </p>
        <p className="mt-6">
          <TextLink to="/">Back to the directory</TextLink>
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl py-8" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="text-3xl font-bold">
        Confirm your subscription
      </h1>
      <p className="mt-4 text-slate-700">
        Press the button to receive the weekly digest of new tools at the address this link was sent to.
      </p>
      <Form method="post" className="mt-6">
        <button type="submit" className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">
          Confirm subscription
        </button>
      </Form>
    </section>
  );
}
