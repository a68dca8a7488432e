import { data, Form } from "react-router";
import { confirmReview, reviewConfirmationState } from "../../server/reviews/service.ts";
import { TextLink } from "../components/ui/text-link.tsx";
import { servicesContextKey } from "../context.ts";
import { readForm } from "../lib/form.ts";
import type { Route } from "./+types/review-confirm.ts";

// A review's confirmation link (docs/decisions/051). Opening it only shows a button: mail
// scanners open links, and a review is confirmed by a person pressing it (a POST). The token is
// the key, so the page is never cached or indexed.

const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your review" },
  { name: "robots", content: "noindex, nofollow" },
];

type State = { state: "pending"; toolName: string } | { state: "confirmed" } | { state: "invalid" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, now } = context.get(servicesContextKey);
  const state: State = await reviewConfirmationState(database, params.token, now());
  return data(state, { status: state.state === "invalid" ? 404 : 200, headers: PRIVATE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  await readForm(request);
  const state: State = { state: await confirmReview(services, params.token) };
  return data(state, { status: state.state === "invalid" ? 404 : 200, headers: PRIVATE });
}

export default function ReviewConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const shown: State = actionData ?? loaderData;
  if (shown.state === "invalid") {
    return (
      <section className="mx-auto max-w-xl py-8" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="text-3xl font-bold">
          Link not valid
        </h1>
        <p className="mt-4 text-slate-700">
          This confirmation link has expired, was already used or is not valid. Links work for 48 hours; you can write
          the review again on the tool&apos;s page.
        </p>
        <p className="mt-6">
          <TextLink to="/">Back to the directory</TextLink>
        </p>
      </section>
    );
  }
  if (shown.state === "confirmed") {
    return (
      <section className="mx-auto max-w-xl py-8" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="text-3xl font-bold">
          Review confirmed
        </h1>
        <p className="mt-4 text-slate-700" role="status">
          Thank you. A moderator reads every review before it is shown; yours replaces any earlier review of this tool
          from your address.
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
        Confirm your review
      </h1>
      <p className="mt-4 text-slate-700 wrap-anywhere">
        Press the button to send your review of {shown.toolName} to the moderators.
      </p>
      <Form method="post" className="mt-6">
        <button type="submit" className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">
          Confirm review
        </button>
      </Form>
    </section>
  );
}
