import { data } from "react-router";
import { confirmationState, confirmSubscription, type ConfirmationState } from "../../server/digest/subscribers.ts";
import { LINK_PAGE_HEADERS, LinkPage, linkPageMeta } from "../components/link-page.tsx";
import { servicesContextKey } from "../context.ts";
import { readForm } from "../lib/form.ts";
import type { Route } from "./+types/digest-confirm.ts";

// The confirmation link of the weekly digest (double opt-in), a page of a mailed link
// (components/link-page.tsx).

const PRIVATE = LINK_PAGE_HEADERS;

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = () => linkPageMeta("Confirm your subscription");

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
  if (state === "invalid")
    return (
      <LinkPage title="Link not valid" link={{ to: "/digest", label: "Subscribe again" }}>
        This confirmation link has expired or is not valid. Links work for 48 hours; you can ask for a new one.
      </LinkPage>
    );
  if (state === "confirmed")
    return (
      <LinkPage title="You're subscribed" status link={{ to: "/", label: "Back to the directory" }}>
        Thank you. The weekly digest comes every Monday morning; each issue has a link to unsubscribe.
      </LinkPage>
    );
  return (
    <LinkPage title="Confirm your subscription" button={{ label: "Confirm subscription" }}>
      Press the button to receive the weekly digest of new tools at the address this link was sent to.
    </LinkPage>
  );
}
