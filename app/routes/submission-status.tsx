import { data } from "react-router";
import { SUBMISSION_NOT_FOUND } from "../../core/submission.ts";
import { findSubmissionByToken } from "../../server/submissions/service.ts";
import { PrivateLinkError } from "../components/not-found.tsx";
import { PriorityReviewOffer } from "../components/priority-review-offer.tsx";
import { priorityReviewState } from "../../server/payments/priority-review.ts";
import { TextAnchor, TextLink } from "../components/ui/text-link.tsx";
import { useFeaturingOffered } from "../lib/featuring.ts";
import { servicesContextKey } from "../context.ts";
import type { Route } from "./+types/submission-status.ts";

// A submitter's private link (/submission/<token>, shown once their submission is saved): the
// state of their submission. The token is the only key, so the page is for them alone: never
// indexed, never kept by any cache.

const NOT_FOUND = SUBMISSION_NOT_FOUND;
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const submission = await findSubmissionByToken(services.database, params.token);
  if (!submission) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  const review = submission.status === "pending" ? await priorityReviewState(services, submission.toolId) : null;
  return data({ ...submission, review, token: params.token }, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Submission status: ${loaderData.name}` : "Submission not found" },
  { name: "robots", content: "noindex, nofollow" },
];

const STATES = {
  pending: {
    label: "Pending",
    text: "It is waiting for review. Until it is approved it appears in no list.",
    className: "border-amber-300 bg-amber-50 text-amber-900",
  },
  approved: {
    label: "Approved",
    text: "It is listed in the directory.",
    className: "border-emerald-300 bg-emerald-50 text-emerald-900",
  },
  rejected: {
    label: "Rejected",
    text: "It was not accepted for the directory.",
    className: "border-red-300 bg-red-50 text-red-900",
  },
} as const;

export default function SubmissionStatus({ loaderData }: Route.ComponentProps) {
  const { toolId, name, slug, status, rejectionReason, payment, review, token } = loaderData;
  const state = STATES[status];
  return (
    <section className="mx-auto max-w-xl py-8" aria-labelledby="submission-title">
      <h1 id="submission-title" className="text-3xl font-bold">
        Your submission: {name}
      </h1>
      {/* The state is said in words; the colour only repeats it. */}
      <div className={`mt-6 rounded-xl border p-5 ${state.className}`}>
        <p className="text-lg">
          Status: <strong>{state.label}</strong>
        </p>
        <p className="mt-1">{state.text}</p>
        {status === "rejected" && (
          <p className="mt-3">
            <span className="font-medium">Reason:</span> {rejectionReason ?? "No reason was given."}
          </p>
        )}
        {payment && <p className="mt-3 font-medium">{payment}</p>}
      </div>
      {review && <PriorityReviewOffer toolId={toolId} statusToken={token} review={review} />}
      {status === "approved" && <NextSteps toolId={toolId} slug={slug} name={name} />}
      {status === "rejected" && (
        <div className="mt-6">
          <h2 className="text-xl font-semibold">Submitting it again</h2>
          <p className="mt-2 text-slate-800">
            If you can address the reason above, you are welcome to{" "}
            <TextLink to="/submit-tool">submit the tool again</TextLink>: the same website can be submitted once more,
            and the new submission is reviewed afresh. Questions about the decision?{" "}
            <TextLink to="/contact">Contact us</TextLink>.
          </p>
        </div>
      )}
      <p className="mt-8 flex flex-wrap gap-6">
        {status === "approved" && (
          <TextLink to={`/tool/${encodeURIComponent(slug)}`}>See {name} in the directory</TextLink>
        )}
        <TextLink to="/">Back to the directory</TextLink>
      </p>
    </section>
  );
}

/** What a maker can do once their tool is listed, each with its link. */
function NextSteps({ toolId, slug, name }: { toolId: string; slug: string; name: string }) {
  const featuring = useFeaturingOffered();
  const key = encodeURIComponent(slug);
  return (
    <div className="mt-6">
      <h2 className="text-xl font-semibold">Next steps</h2>
      <ul className="mt-2 list-disc space-y-2 pl-5 text-slate-800">
        <li>
          <TextLink to={`/claim/${key}`}>Claim the listing</TextLink> to edit {name}’s page yourself.
        </li>
        <li>
          Add a badge to your website: the snippets are under “For the owner” on{" "}
          <TextLink to={`/tool/${key}`}>its page</TextLink>.
        </li>
        {featuring && (
          <li>
            <TextAnchor href={`/?featured=true&tool=${encodeURIComponent(toolId)}`}>Get it featured</TextAnchor>: shown
            first on the home page, in browse and in search, for a year.
          </li>
        )}
      </ul>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PrivateLinkError
      error={error}
      notFound={{ title: "Submission not found", message: NOT_FOUND }}
      failed="The submission could not be looked up. Please try again later."
    />
  );
}
