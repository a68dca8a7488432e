import { data } from "react-router";
import { subscriberOfToken, subscriptionOf } from "../../server/digest/subscribers.ts";
import { LINK_PAGE_HEADERS, LinkPage, linkPageMeta } from "../components/link-page.tsx";
import { servicesContextKey } from "../context.ts";
import type { Route } from "./+types/digest-unsubscribe.ts";

// The unsubscribe link in every digest. Opening it shows a button (mail scanners open links);
// the button posts `List-Unsubscribe=One-Click` to this same address, which server/digest/http.ts
// answers (it also takes the one-click posts of mail programs, RFC 8058) and sends back here.

const PRIVATE = LINK_PAGE_HEADERS;

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = () => linkPageMeta("Unsubscribe from the weekly digest");

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const id = await subscriberOfToken(services, params.token);
  const state = id === null ? null : await subscriptionOf(services.database, id);
  return data({ state: state ?? "invalid" }, { status: state === null ? 404 : 200, headers: PRIVATE });
}

export default function DigestUnsubscribe({ loaderData, params }: Route.ComponentProps) {
  const { state } = loaderData;
  if (state === "invalid")
    return (
      <LinkPage title="Link not valid">
        This unsubscribe link is not valid. Use the link at the end of the latest digest.
      </LinkPage>
    );
  if (state === "unsubscribed")
    return (
      <LinkPage title="You are unsubscribed" status link={{ to: "/digest", label: "Subscribe again" }}>
        No more issues of the weekly digest will be sent, and your address has been removed.
      </LinkPage>
    );
  // The post is answered by the one-click endpoint, which sends the browser back here.
  return (
    <LinkPage
      title="Unsubscribe from the weekly digest"
      button={{
        label: "Unsubscribe",
        action: `/digest/unsubscribe/${encodeURIComponent(params.token)}`,
        fields: { "List-Unsubscribe": "One-Click", source: "page" },
      }}
    >
      Press the button and no more issues will be sent; your address is removed.
    </LinkPage>
  );
}
