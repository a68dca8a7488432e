import { data, Form, useNavigation } from "react-router";
import { pageCount, parsePage } from "../../../core/catalog.ts";
import { actionReply, type ActionReply } from "../../../core/replies.ts";
import { listClaims, revokeClaim } from "../../../server/claims/owners.ts";
import { Pagination } from "../../components/pagination.tsx";
import { UtcTime } from "../../components/utc-time.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { adminContextKey, servicesContextKey } from "../../context.ts";
import { readForm } from "../../lib/form.ts";
import type { Route } from "./+types/claims.ts";

// Claims of listings (ADR 032), newest first: who claimed which tool, how, and where it stands.
// Revoking a claim stops its owner link at once and withdraws its pending edit.

const PAGE_SIZE = 50;

export const meta: Route.MetaFunction = () => [{ title: "Claims — Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  if (page === null) throw data("No such page of claims.", { status: 404 });
  const { items, total } = await listClaims(services.database, { page, pageSize: PAGE_SIZE, now: services.now() });
  return { items, total, page, pages: pageCount(total, PAGE_SIZE) };
}

const CLAIM_ID = /^[0-9a-z]{1,64}$/;

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const admin = context.get(adminContextKey);
  const formData = await readForm(request);
  const id = formData.get("id");
  if (
    formData.get("intent") !== "revoke" ||
    formData.getAll("id").length !== 1 ||
    typeof id !== "string" ||
    !CLAIM_ID.test(id)
  ) {
    return data<ActionReply>(
      actionReply("error", "The request could not be understood. Please use the Revoke buttons."),
      { status: 400 },
    );
  }
  const name = await revokeClaim(services, admin, id);
  if (name === null)
    return data<ActionReply>(actionReply("error", "Nothing to revoke: that claim is revoked already, or gone."), {
      status: 404,
    });
  return data<ActionReply>(actionReply("success", `Revoked the claim of “${name}”: its owner link no longer works.`));
}

const STATUS_LABELS = { pending: "Pending", verified: "Verified", revoked: "Revoked", expired: "Expired" } as const;

export default function Claims({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = busy ? undefined : (actionData as ActionReply | undefined);
  return (
    <section aria-labelledby="claims-title" className="space-y-6">
      <h1 id="claims-title" className="text-3xl font-bold">
        Claims
      </h1>
      <p className="text-slate-700">
        {total === 0
          ? "No one has claimed a listing yet."
          : `${total.toLocaleString("en-US")} ${total === 1 ? "claim" : "claims"}, newest first.`}{" "}
        Every claim, verification and revocation is in the <TextLink to="/admin/audit">audit log</TextLink>.
      </p>
      {result?.message && <Alert tone={result.status === "success" ? "saved" : "error"}>{result.message}</Alert>}
      {items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Claims of listings, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Tool
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Method
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Address or domain
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  State
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Dates
                </th>
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((claim) => (
                <tr key={claim.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-4">
                    <TextLink to={`/admin/tools/${encodeURIComponent(claim.toolId)}`}>{claim.toolName}</TextLink>
                  </td>
                  <td className="py-2 pr-4">{claim.method === "email" ? "E-mail" : "Website"}</td>
                  <td className="py-2 pr-4 break-all">{claim.who}</td>
                  <td className="py-2 pr-4 font-medium">{STATUS_LABELS[claim.status]}</td>
                  <td className="py-2 pr-4 text-slate-700">
                    <span className="block">
                      Asked <UtcTime ms={claim.createdAt} />
                    </span>
                    {claim.verifiedAt !== null && (
                      <span className="block">
                        Verified <UtcTime ms={claim.verifiedAt} />
                      </span>
                    )}
                    {claim.revokedAt !== null && (
                      <span className="block">
                        Revoked <UtcTime ms={claim.revokedAt} />
                      </span>
                    )}
                  </td>
                  <td className="py-2">
                    {(claim.status === "verified" || claim.status === "pending") && (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="id" value={claim.id} />
                        <button
                          type="submit"
                          disabled={busy}
                          className="rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
                        >
                          Revoke
                          <span className="sr-only">
                            {" "}
                            the claim of {claim.toolName} by {claim.who}
                          </span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} hrefFor={(n) => (n === 1 ? "/admin/claims" : `/admin/claims?page=${n}`)} />
    </section>
  );
}
