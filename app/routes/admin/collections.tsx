import { data, Form, redirect, useNavigation } from "react-router";
import { toolCount } from "../../../core/collections.ts";
import { createCollection, listCollectionsForAdmin } from "../../../server/collections/service.ts";
import { CollectionFields } from "../../components/collection-fields.tsx";
import { UtcTime } from "../../components/utc-time.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { adminContextKey, servicesContextKey } from "../../context.ts";
import {
  DUPLICATE_SLUG_MESSAGE,
  readCollectionFields,
  type CollectionFieldErrors,
  type CollectionFieldValues,
} from "../../lib/collection-form.ts";
import { readForm } from "../../lib/form.ts";
import type { Route } from "./+types/collections.ts";

// The admin's collections (docs/decisions/053): every one, drafts too, the last changed first, and
// the form that makes a new one (a draft, edited further on its own page).

export const meta: Route.MetaFunction = () => [
  { title: "Collections — Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { collections: await listCollectionsForAdmin(context.get(servicesContextKey).database) };
}

type CreateReply = { message: string; errors: CollectionFieldErrors; values: CollectionFieldValues };

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const admin = context.get(adminContextKey);
  const formData = await readForm(request);
  const read = readCollectionFields(formData);
  if (!read.ok)
    return data<CreateReply>(
      { message: "The collection was not created: please correct the fields below.", ...read },
      { status: 400 },
    );
  const result = await createCollection(services, admin, read.fields);
  if (result.kind === "duplicate-slug")
    return data<CreateReply>(
      {
        message: "The collection was not created: please correct the fields below.",
        errors: { slug: DUPLICATE_SLUG_MESSAGE },
        values: read.fields,
      },
      { status: 409 },
    );
  return redirect(`/admin/collections/${result.id}?created=1`);
}

export default function AdminCollections({ loaderData, actionData }: Route.ComponentProps) {
  const { collections } = loaderData;
  const busy = useNavigation().state === "submitting";
  const reply = busy ? undefined : (actionData as CreateReply | undefined);
  return (
    <section aria-labelledby="collections-title" className="space-y-8">
      <div>
        <h1 id="collections-title" className="text-3xl font-bold">
          Collections
        </h1>
        <p className="mt-1 text-slate-700">
          Lists of tools chosen by hand, shown at <TextLink to="/collections">/collections</TextLink> once published.
          Every change is in the <TextLink to="/admin/audit">audit log</TextLink>.
        </p>
      </div>
      {collections.length === 0 ? (
        <p className="text-slate-700">No collections yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Collections, the last changed first</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Title
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Tools
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Changed
                </th>
              </tr>
            </thead>
            <tbody>
              {collections.map((c) => (
                <tr key={c.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-4 wrap-anywhere">
                    <TextLink to={`/admin/collections/${c.id}`}>{c.title}</TextLink>
                    <span className="block text-xs text-slate-700">/collections/{c.slug}</span>
                  </td>
                  <td className="py-2 pr-4">{c.status === "published" ? "Published" : "Draft"}</td>
                  <td className="py-2 pr-4">{toolCount(c.tools)}</td>
                  <td className="py-2 whitespace-nowrap text-slate-700">
                    <UtcTime ms={c.updatedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="new-collection-heading" className="max-w-2xl rounded-xl border border-slate-200 p-4">
        <h2 id="new-collection-heading" className="text-xl font-semibold">
          New collection
        </h2>
        <p className="mt-1 text-sm text-slate-700">It starts as a draft: add its tools, then publish it.</p>
        {reply?.message && (
          <Alert tone="error" className="mt-3">
            {reply.message}
          </Alert>
        )}
        <Form method="post" className="mt-3 space-y-4">
          <CollectionFields
            idPrefix="new-collection"
            values={reply?.values ?? { title: "", slug: "", intro: "" }}
            errors={reply?.errors}
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
          >
            Create collection
          </button>
        </Form>
      </section>
    </section>
  );
}
