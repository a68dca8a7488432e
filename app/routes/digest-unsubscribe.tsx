import { data } from "react-router";
import { subscriberOfToken, subscriptionOf } from "../../server/digest/subscribers.ts";
import { TextLink } from "../components/ui/text-link.tsx";
import { servicesContextKey } from "../context.ts";
import type { Route } from "./+types/digest-unsubscribe.ts";

// The unsubscribe link in every digest. Opening it shows a button (mail scanners open links);
// the button posts `List-Unsubscribe=One-Click` to this same address, which server/digest/http.ts
// answers (it also takes the one-click posts of mail programs, RFC 8058) and sends back here.

const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe from the weekly digest" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const id = await subscriberOfToken(services, params.token);
  const state = id === null ? null : await subscriptionOf(services.database, id);
  return data({ state: state ?? "invalid" }, { status: state === null ? 404 : 200, headers: PRIVATE });
}

export default function DigestUnsubscribe({ loaderData, params }: Route.ComponentProps) {
  const { state } = loaderData;
  if (state === "invalid") {
    return (
      <section className="mx-auto max-w-xl py-8" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title" className="text-3xl font-bold">
          Link not valid
        </h1>
        <p className="mt-4 text-slate-700">
          This unsubscribe link is not valid. Use the link at the end of the latest digest.
        </p>
      </section>
    );
  }
  if (state === "unsubscribed") {
    return (
      <section className="mx-auto max-w-xl py-8" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title" className="text-3xl font-bold">
          You are unsubscribed
        </h1>
        <p className="mt-4 text-slate-700" role="status">
          No more issues of the weekly digest will be sent, and your address has been removed.
        </p>
        <p className="mt-6">
          <TextLink to="/digest">Subscribe again</TextLink>
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl py-8" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title" className="text-3xl font-bold">
        Unsubscribe from the weekly digest
      </h1>
      <p className="mt-4 text-slate-700">Press the button and no more issues will be sent; your address is removed.</p>
      {/* A plain form: the post is answered by the one-click endpoint, which sends the browser back here. */}
      <form method="post" action={`/digest/unsubscribe/${encodeURIComponent(params.token)}`} className="mt-6">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <input type="hidden" name="source" value="page" />
        <button type="submit" className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">
          Unsubscribe
        </button>
      </form>
    </section>
  );
}
