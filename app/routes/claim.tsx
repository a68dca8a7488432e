import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, isRouteErrorResponse, redirect } from "react-router";
import {
  acceptedAddresses,
  emailProofDomains,
  emailRefusalMessage,
  verificationDnsNames,
} from "../../core/claim-domains.ts";
import { claimEmailSchema, VERIFICATION_FILE_PATH, VERIFICATION_META_NAME } from "../../core/claims.ts";
import {
  confirmEmailClaim,
  emailLinkState,
  findClaimableTool,
  findWebsiteClaim,
  requestEmailClaim,
  requestOwnerLink,
  startWebsiteClaim,
  verifyWebsiteClaim,
  type Limited,
  type ProofSeen,
  type VerifyResult,
} from "../../server/claims/service.ts";
import { inputClass, SubmitButton } from "../components/field.tsx";
import { StatusPage } from "../components/not-found.tsx";
import { PageScript } from "../components/page-script.tsx";
import { UtcTime } from "../components/utc-time.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { TextAnchor, TextLink } from "../components/ui/text-link.tsx";
import { requestContextKey, servicesContextKey } from "../context.ts";
import { readForm } from "../lib/form.ts";
import type { Route } from "./+types/claim.ts";

// "Is this your tool? Claim it" (ADR 032): the claim page of a public tool. Ownership is proven
// by the website's own domain — a one-time link mailed to an address there, or a code the website
// shows in a meta tag or a well-known file — and gives a private owner link, shown once. The
// page's addresses may carry a secret (?confirm=, ?claim=): never cached, never indexed.

const NOT_FOUND = "No public listing has this address, so there is nothing to claim here.";
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  for (const [name, value] of Object.entries(PRIVATE)) headers.set(name, value);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Claim ${loaderData.tool.name}` : "Nothing to claim" },
  { name: "robots", content: "noindex, nofollow" },
];

type View =
  | { kind: "start" }
  | { kind: "confirm"; token: string; state: "valid" | "expired" | "unknown" }
  | { kind: "website"; secret: string; claim: { siteCode: string; expiresAt: number } | null };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const tool = await findClaimableTool(services.database, params.key);
  if (!tool) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  const query = new URL(request.url).searchParams;
  const confirm = query.get("confirm");
  const secret = query.get("claim");
  const now = services.now();
  let view: View = { kind: "start" };
  if (confirm !== null)
    view = { kind: "confirm", token: confirm, state: await emailLinkState(services.database, tool, confirm, now) };
  else if (secret !== null)
    view = { kind: "website", secret, claim: await findWebsiteClaim(services.database, tool, secret, now) };
  // A website without a domain of its own (an address, a page of a shared host) cannot be claimed by e-mail.
  const domains = emailProofDomains(tool.websiteUrl);
  const byEmail =
    typeof domains === "string"
      ? { refusal: emailRefusalMessage(tool.websiteUrl) }
      : { accepted: acceptedAddresses(domains) };
  const claimable = {
    name: tool.name,
    slug: tool.slug,
    host: tool.host,
    websiteUrl: tool.websiteUrl,
    dnsNames: verificationDnsNames(tool.websiteUrl),
  };
  return data({ tool: claimable, view, byEmail }, { headers: PRIVATE });
}

/** What an action answers: which form, how it went, the sentence, and an owner link to show once. */
interface Reply {
  intent: string;
  status: "success" | "error";
  message: string;
  /** The e-mail field's own message. */
  field?: string;
  /** The address as typed, given back with an error so it need not be typed again. */
  typed?: string;
  ownerUrl?: string;
  mailed?: boolean;
  /** What a website check saw, proof by proof. */
  seen?: ProofSeen[];
}

const reply = (value: Reply, status = 200, extra: Record<string, string> = {}) =>
  data(value, { status, headers: { ...PRIVATE, ...extra } });
const limitedReply = (intent: string, limited: Limited, typed?: string) =>
  reply({ intent, status: "error", message: limited.message, typed }, 429, {
    "Retry-After": String(limited.retryAfterSec),
  });

const TOKEN_FIELD = /^[A-Za-z0-9_-]{1,100}$/;
const ONE_ADDRESS = "Please enter one e-mail address.";

/** A field sent exactly once, as text; null when it is missing, repeated or a file. */
function single(formData: FormData, name: string): string | null {
  const values = formData.getAll(name);
  return values.length === 1 && typeof values[0] === "string" ? values[0] : null;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const { addressKey, ip } = context.get(requestContextKey);
  const client = { addressKey, ip };
  const tool = await findClaimableTool(services.database, params.key);
  if (!tool) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  const formData = await readForm(request);
  const intent = single(formData, "intent");

  if (intent === "email" || intent === "owner-link") {
    const submission = parseWithZod(formData, { schema: claimEmailSchema });
    const typed = single(formData, "email")?.slice(0, 254);
    if (formData.getAll("email").length > 1)
      return reply({ intent, status: "error", message: ONE_ADDRESS, field: ONE_ADDRESS }, 400);
    if (submission.status !== "success") {
      const message = submission.error?.email?.[0] ?? "Please enter a valid e-mail address.";
      return reply({ intent, status: "error", message, field: message, typed }, 400);
    }
    if (intent === "owner-link") {
      const outcome = await requestOwnerLink(services, tool, submission.value.email, client);
      if (outcome.kind === "limited") return limitedReply(intent, outcome, typed);
      return reply({ intent, status: "success", message: outcome.message });
    }
    const outcome = await requestEmailClaim(services, tool, submission.value.email, client);
    switch (outcome.kind) {
      case "sent":
        return reply({
          intent,
          status: "success",
          message: `We have sent a confirmation link to ${outcome.email}. It works once, for one hour.`,
        });
      case "bad-email":
        return reply({ intent, status: "error", message: outcome.message, field: outcome.message, typed }, 400);
      case "limited":
        return limitedReply(intent, outcome, typed);
      case "mail-failed":
        return reply(
          { intent, status: "error", message: "We could not send the e-mail just now. Please try again later.", typed },
          503,
        );
    }
  }
  if (intent === "website") {
    const outcome = await startWebsiteClaim(services, tool, client);
    if (outcome.kind === "limited") return limitedReply(intent, outcome);
    // Redirect after the post; the claimant's secret is in their page's address alone.
    return redirect(`/claim/${encodeURIComponent(tool.slug)}?claim=${outcome.secret}`, {
      status: 303,
      headers: PRIVATE,
    });
  }
  if (intent === "verify" || intent === "confirm") {
    const secret = single(formData, intent === "verify" ? "claim" : "token");
    if (secret === null || !TOKEN_FIELD.test(secret)) {
      return reply(
        {
          intent,
          status: "error",
          message: "This link is incomplete. Please open it again from your e-mail or start a new claim.",
        },
        400,
      );
    }
    const outcome: VerifyResult =
      intent === "verify"
        ? await verifyWebsiteClaim(services, tool, secret, client)
        : await confirmEmailClaim(services, tool, secret, client);
    switch (outcome.kind) {
      case "verified":
        return reply({
          intent,
          status: "success",
          message: `You are now a verified owner of ${tool.name}.`,
          ownerUrl: `${services.config.siteUrl}/owner/${outcome.ownerToken}`,
          mailed: outcome.mailed,
        });
      case "limited":
        return limitedReply(intent, outcome);
      case "unknown":
        return reply({ intent, status: "error", message: outcome.message }, 410);
      case "failed":
        return reply(
          { intent, status: "error", message: outcome.message, ...(outcome.seen ? { seen: outcome.seen } : {}) },
          422,
        );
    }
  }
  return reply(
    {
      intent: "unknown",
      status: "error",
      message: "The request could not be understood. Please use the forms on this page.",
    },
    400,
  );
}

/** The forms each view of the page shows, by intent. */
const FORMS_OF: Record<View["kind"], readonly string[]> = {
  start: ["email", "website", "owner-link"],
  confirm: ["confirm"],
  website: ["verify"],
};

const cardClass = "space-y-3 rounded-xl border border-slate-200 p-5";

export default function Claim({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, view, byEmail } = loaderData;
  const result = actionData as Reply | undefined;
  const forIntent = (intent: string) => (result?.intent === intent ? result : undefined);

  if (result?.status === "success" && result.ownerUrl)
    return <Verified toolName={tool.name} slug={tool.slug} result={result} />;

  return (
    <section className="mx-auto max-w-2xl space-y-8 py-8" aria-labelledby="claim-title">
      <div className="space-y-2">
        <h1 id="claim-title" className="text-3xl font-bold">
          Is {tool.name} your tool? Claim it
        </h1>
        <p className="text-slate-700">
          Prove that you run{" "}
          <TextAnchor href={tool.websiteUrl} target="_blank" rel="noopener noreferrer nofollow">
            {tool.host}
            <span className="sr-only"> (opens in a new tab)</span>
          </TextAnchor>{" "}
          and you get a private owner link: see the listing&apos;s likes and views, and propose changes to its text and
          logo. Changes are published once our team has reviewed them.
        </p>
      </div>

      {/* An answer to a form this view does not show (a link opened without its address) is said here. */}
      {result &&
        !FORMS_OF[view.kind].includes(result.intent) &&
        (result.status === "success" ? (
          <Alert tone="saved">{result.message}</Alert>
        ) : (
          <VerifyFailure result={result} />
        ))}

      {view.kind === "confirm" && (
        <ConfirmEmail tool={tool} token={view.token} state={view.state} result={forIntent("confirm")} />
      )}
      {view.kind === "website" && (
        <WebsiteProof tool={tool} secret={view.secret} claim={view.claim} result={forIntent("verify")} />
      )}

      {view.kind === "start" && (
        <>
          <section aria-labelledby="by-email" className={cardClass}>
            <h2 id="by-email" className="text-xl font-semibold">
              By e-mail at {tool.host}
            </h2>
            {"refusal" in byEmail ? (
              <p className="text-slate-700">{byEmail.refusal}</p>
            ) : (
              <>
                <p className="text-slate-700">
                  We send a one-time link to {byEmail.accepted}. The link works once, for one hour.
                </p>
                <EmailForm
                  intent="email"
                  label="Your e-mail address at the website's domain"
                  button="Send the link"
                  busy="Sending…"
                  result={forIntent("email")}
                />
              </>
            )}
          </section>

          <section aria-labelledby="by-website" className={cardClass}>
            <h2 id="by-website" className="text-xl font-semibold">
              By the website
            </h2>
            <p className="text-slate-700">
              We give you a code to publish in one of three ways: in a meta tag on the home page, in a file at{" "}
              {VERIFICATION_FILE_PATH}
              {tool.dnsNames.length > 0 ? `, or in a DNS TXT record at ${tool.dnsNames.at(-1)}` : ""}. Then we check for
              it.
            </p>
            {forIntent("website") && <Alert tone="error">{forIntent("website")!.message}</Alert>}
            <Form method="post">
              <input type="hidden" name="intent" value="website" />
              <SubmitButton busy={false} label="Get a verification code" busyLabel="Preparing…" />
            </Form>
          </section>

          <section aria-labelledby="owner-again" className={cardClass}>
            <h2 id="owner-again" className="text-xl font-semibold">
              Already the owner?
            </h2>
            <p className="text-slate-700">
              Lost your owner link? If you claimed {tool.name} by e-mail, we mail a new one to that address. The link
              you have keeps working until you open the new one. If you claimed it through the website, get a new
              verification code above and verify again.
            </p>
            <EmailForm
              intent="owner-link"
              label="The address you claimed it with"
              button="Mail me a new owner link"
              busy="Sending…"
              result={forIntent("owner-link")}
            />
          </section>
        </>
      )}

      <p>
        <TextLink to={`/tool/${encodeURIComponent(tool.slug)}`}>Back to {tool.name}</TextLink>
      </p>
      <PageScript name="busy-forms" />
    </section>
  );
}

/** An e-mail address form (claim by e-mail, new owner link) with its own message. */
function EmailForm({
  intent,
  label,
  button,
  busy,
  result,
}: {
  intent: string;
  label: string;
  button: string;
  busy: string;
  result: Reply | undefined;
}) {
  const id = `${intent}-address`;
  const errorId = `${id}-error`;
  return (
    <Form method="post" className="space-y-3">
      {result && !result.field && (
        <Alert tone={result.status === "success" ? "saved" : "error"}>{result.message}</Alert>
      )}
      <input type="hidden" name="intent" value={intent} />
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        <input
          id={id}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={result?.status === "error" ? result.typed : undefined}
          aria-invalid={result?.field ? true : undefined}
          aria-describedby={errorId}
          className={`mt-1 ${inputClass}`}
        />
        <p id={errorId} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
          {result?.field}
        </p>
      </div>
      <SubmitButton busy={false} label={button} busyLabel={busy} />
    </Form>
  );
}

/** An e-mailed link, opened: a button uses it (mail scanners open links; only a person posts). */
function ConfirmEmail({
  tool,
  token,
  state,
  result,
}: {
  tool: { name: string; slug: string; host: string };
  token: string;
  state: "valid" | "expired" | "unknown";
  result: Reply | undefined;
}) {
  return (
    <section aria-labelledby="confirm-title" className={cardClass}>
      <h2 id="confirm-title" className="text-xl font-semibold">
        Confirm your claim
      </h2>
      {result && <Alert tone="error">{result.message}</Alert>}
      {state === "valid" ? (
        <>
          <p className="text-slate-700">
            Confirm that you run {tool.host} and become a verified owner of {tool.name}.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="token" value={token} />
            <SubmitButton busy={false} label="Confirm that I own it" busyLabel="Confirming…" />
          </Form>
        </>
      ) : (
        !result && (
          <Alert tone="warning">
            {state === "expired"
              ? "This confirmation link has expired: links work for one hour."
              : "This confirmation link has expired or has been used already."}
          </Alert>
        )
      )}
      {state !== "valid" && (
        <p>
          <TextLink to={`/claim/${encodeURIComponent(tool.slug)}`}>Ask for a new link</TextLink>
        </p>
      )}
    </section>
  );
}

/** A started website claim: the code, the three places to publish it, and the button that checks. */
function WebsiteProof({
  tool,
  secret,
  claim,
  result,
}: {
  tool: { name: string; slug: string; host: string; websiteUrl: string; dnsNames: string[] };
  secret: string;
  claim: { siteCode: string; expiresAt: number } | null;
  result: Reply | undefined;
}) {
  if (!claim) {
    return (
      <section aria-labelledby="website-title" className={cardClass}>
        <h2 id="website-title" className="text-xl font-semibold">
          Verify by the website
        </h2>
        <Alert tone="warning">{result?.message ?? "This claim has expired or has been verified already."}</Alert>
        <p>
          <TextLink to={`/claim/${encodeURIComponent(tool.slug)}`}>Start a new claim</TextLink>
        </p>
      </section>
    );
  }
  const meta = `<meta name="${VERIFICATION_META_NAME}" content="${claim.siteCode}">`;
  const origin = new URL(tool.websiteUrl).origin;
  const [hostName, domainName] = tool.dnsNames;
  const codeBlock = (text: string) => (
    <pre className="mt-2 rounded-lg bg-slate-100 p-3 text-sm break-all whitespace-pre-wrap">
      <code>{text}</code>
    </pre>
  );
  return (
    <section aria-labelledby="website-title" className={cardClass}>
      <h2 id="website-title" className="text-xl font-semibold">
        Verify by the website
      </h2>
      <p className="text-slate-700">
        Keep this page&apos;s address: it is your claim, and only you have it. It works until{" "}
        <UtcTime ms={claim.expiresAt} />. Do one of these {tool.dnsNames.length > 0 ? "three" : "two"} things, then
        press Verify: we check all of them at once.
      </p>
      <ol className="list-decimal space-y-4 pl-6">
        <li>
          <p>
            <strong>A meta tag.</strong> Put this tag in the <code>&lt;head&gt;</code> of the home page,{" "}
            {tool.websiteUrl} (within its first 64 KB; a tag in the page&apos;s body, a comment or a script does not
            count):
          </p>
          {codeBlock(meta)}
        </li>
        <li>
          <p>
            <strong>A file.</strong> Or put a file at <code>{`${origin}${VERIFICATION_FILE_PATH}`}</code> with this line
            in it:
          </p>
          {codeBlock(claim.siteCode)}
        </li>
        {hostName && (
          <li>
            <p>
              <strong>A DNS record.</strong> Or add a TXT record named <code>{domainName ?? hostName}</code>
              {domainName && (
                <>
                  {" "}
                  (or <code>{hostName}</code>)
                </>
              )}{" "}
              to your domain&apos;s DNS, with this value. Changes to DNS can take a while to be seen.
            </p>
            {codeBlock(claim.siteCode)}
          </li>
        )}
      </ol>
      <p className="text-sm text-slate-700">
        We read the home page and the file at {origin}.{" "}
        {tool.dnsNames.length > 0
          ? "A redirect counts only if it ends there or at the same address with or without www. (a move from http to https is fine)."
          : "A redirect counts only if it ends at that same address and port."}
      </p>
      {result && <VerifyFailure result={result} />}
      <Form method="post">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="claim" value={secret} />
        <SubmitButton busy={false} label="Verify" busyLabel="Checking the website…" />
      </Form>
      <p className="text-sm text-slate-700">Once verified, you may remove the tag, the file or the record.</p>
    </section>
  );
}

const PROOF_LABELS: Record<ProofSeen["proof"], string> = {
  "meta tag": "Meta tag",
  file: "File",
  "DNS TXT record": "DNS TXT record",
};

/** An error; for a website check that found nothing, the sentence and what each proof saw where. */
function VerifyFailure({ result }: { result: Reply }) {
  if (!result.seen) return <Alert tone="error">{result.message}</Alert>;
  return (
    <Alert tone="error" as="div" className="space-y-2">
      <p>{result.message}</p>
      <ul className="list-disc space-y-1 pl-5">
        {result.seen.map((item) => (
          <li key={`${item.proof} ${item.where}`} className="break-words">
            {PROOF_LABELS[item.proof]} ({item.where}): {item.note}.
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** The moment of verification: the owner link, shown this once. */
function Verified({ toolName, slug, result }: { toolName: string; slug: string; result: Reply }) {
  return (
    <section className="mx-auto max-w-2xl space-y-6 py-8" aria-labelledby="verified-title">
      <h1 id="verified-title" className="text-3xl font-bold">
        You own {toolName} on this directory
      </h1>
      <Alert tone="success">{result.message}</Alert>
      <div className="space-y-2 rounded-xl border border-slate-200 p-5">
        <h2 className="text-xl font-semibold">Your private owner link</h2>
        <p className="text-slate-700">
          This is the only time we show it{result.mailed ? " (we have also mailed it to you)" : ""}. Keep it safe:
          anyone with it can propose changes to the listing.
        </p>
        <p className="break-all">
          <TextAnchor href={result.ownerUrl}>{result.ownerUrl}</TextAnchor>
        </p>
      </div>
      <p>
        <TextLink to={`/tool/${encodeURIComponent(slug)}`}>Back to {toolName}</TextLink>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "The claim page could not be shown. Please try again later.";
  return (
    <StatusPage
      headTags={false}
      eyebrow={notFound ? "404" : undefined}
      title={notFound ? "Nothing to claim" : "Something went wrong"}
      message={notFound ? NOT_FOUND : message}
      link={{ to: "/", label: "Go to Homepage" }}
    />
  );
}
