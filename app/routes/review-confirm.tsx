import { data } from "react-router";
import { confirmReview, reviewConfirmationState } from "../../server/reviews/service.ts";
import { LINK_PAGE_HEADERS, LinkPage, linkPageMeta } from "../components/link-page.tsx";
import { servicesContextKey } from "../context.ts";
import { readForm } from "../lib/form.ts";
import type { Route } from "./+types/review-confirm.ts";

// A review's confirmation link (docs/decisions/051), a page of a mailed link (components/link-page.tsx).

const PRIVATE = LINK_PAGE_HEADERS;

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = () => linkPageMeta("Confirm your review");

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
  if (shown.state === "invalid")
    return (
      <LinkPage title="Link not valid" link={{ to: "/", label: "Back to the directory" }}>
        This confirmation link has expired, was already used or is not valid. Links work for 48 hours; you can write the
        review again on the tool&apos;s page.
      </LinkPage>
    );
  if (shown.state === "confirmed")
    return (
      <LinkPage title="Review confirmed" status link={{ to: "/", label: "Back to the directory" }}>
        Thank you. A moderator reads every review before it is shown; yours replaces any earlier review of this tool
        from your address.
      </LinkPage>
    );
  return (
    <LinkPage title="Confirm your review" button={{ label: "Confirm review" }}>
      Press the button to send your review of {shown.toolName} to the moderators.
    </LinkPage>
  );
}
