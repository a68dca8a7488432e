import { isToolId } from "../../core/tool.ts";
import { TextLink } from "../components/ui/text-link.tsx";
import { pageMeta } from "../lib/meta.ts";
import { PageLink } from "../components/ui/page-link.tsx";
import type { Route } from "./+types/payment-cancel.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Payment Cancelled", "The payment to feature a tool was cancelled; nothing was charged."),
  { name: "robots", content: "noindex" },
];

/** `tool_id`, the provider's echo of what was being bought: only used to choose that tool again in the dialog. */
export function loader({ request }: Route.LoaderArgs) {
  const toolId = new URL(request.url).searchParams.get("tool_id");
  return { toolId: toolId && isToolId(toolId) ? toolId : null };
}

/** Where the payment provider sends a visitor who cancelled checkout (docs/design.md#screens). */
export default function PaymentCancel({ loaderData }: Route.ComponentProps) {
  const again = loaderData.toolId ? `/?featured=true&tool=${encodeURIComponent(loaderData.toolId)}` : "/?featured=true";
  return (
    <section className="mx-auto max-w-xl py-8 text-center" aria-labelledby="cancel-title">
      <h1 id="cancel-title" className="text-3xl font-bold">
        Payment Cancelled
      </h1>
      <p className="mt-4 text-lg text-slate-800">No charges were made.</p>
      <p className="mt-2 text-slate-700">Your tool has not been featured. You can try again whenever you like.</p>
      <p className="mt-8 flex flex-wrap items-center justify-center gap-6">
        <PageLink
          to={again}
          className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800"
        >
          Try Again
        </PageLink>
        <TextLink to="/">Back to the directory</TextLink>
      </p>
    </section>
  );
}
