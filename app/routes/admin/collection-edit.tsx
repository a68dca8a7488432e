import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { collectionActionSchema, collectionPath, COLLECTION_LIMITS, toolCount } from "../../../core/collections.ts";
import { PUBLIC_STATUSES } from "../../../core/tool.ts";
import {
  addToolToCollection,
  collectionForAdmin,
  deleteCollection,
  moveToolInCollection,
  removeToolFromCollection,
  setCollectionStatus,
  setToolNote,
  updateCollection,
  type ListResult,
} from "../../../server/collections/service.ts";
import { CollectionFields } from "../../components/collection-fields.tsx";
import { inputClass } from "../../components/field.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { adminContextKey, servicesContextKey } from "../../context.ts";
import {
  DUPLICATE_SLUG_MESSAGE,
  readCollectionFields,
  type CollectionFieldErrors,
  type CollectionFieldValues,
} from "../../lib/collection-form.ts";
import { formFields, readForm } from "../../lib/form.ts";
import { TOOL_STATUS_LABELS } from "../../lib/tools.ts";
import type { Route } from "./+types/collection-edit.ts";

// One collection as the admin edits it (docs/decisions/053): its fields, its status, its tools in
// order — each with its note, moved a place up or down by buttons (keyboard and no script needed,
// no dragging), or removed — a tool added by its address or found by name, and deletion. Every
// change is one audit entry.

const PICKER_SHOWN = 10;
const QUERY_MAX = 100;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? loaderData.collection.title : "Collection"} — Admin` },
  { name: "robots", content: "noindex" },
];

const ID = /^[0-9A-Za-z_-]{1,64}$/;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { database, catalog, now } = context.get(servicesContextKey);
  const found = ID.test(params.id) ? await collectionForAdmin(database, params.id) : null;
  if (!found) throw data("There is no collection with that id (it may have been deleted).", { status: 404 });
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, QUERY_MAX);
  // The picker: public tools whose name has the words typed, from the catalogue in memory.
  const inList = new Set(found.items.map((i) => i.toolId));
  const matches =
    query === ""
      ? []
      : (await catalog.namedLike(now(), query, PICKER_SHOWN)).map((t) => ({
          slug: t.slug,
          name: t.name,
          tagline: t.tagline,
          inList: inList.has(t.id),
        }));
  return {
    ...found,
    items: found.items.map((i) => ({ ...i, isPublic: (PUBLIC_STATUSES as readonly string[]).includes(i.status) })),
    created: url.searchParams.get("created") === "1",
    query,
    matches,
  };
}

type EditReply = {
  status: "success" | "error";
  message: string;
  /** Where the message belongs: the fields' form, the add form, or the page. */
  about?: "fields" | "add";
  errors?: CollectionFieldErrors;
  values?: CollectionFieldValues;
  /** A tool just moved, whose button keeps the focus. */
  moved?: { toolId: string; direction: "up" | "down" };
};

const NOT_FOUND = "There is no collection with that id (it may have been deleted).";

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContextKey);
  const admin = context.get(adminContextKey);
  const formData = await readForm(request);
  const reply = (body: EditReply, status = body.status === "success" ? 200 : 400) => data<EditReply>(body, { status });
  const parsed = collectionActionSchema.safeParse(formFields(formData));
  if (!parsed.success) {
    const add = formData.get("intent") === "add-tool";
    return reply({ status: "error", message: parsed.error.issues[0]!.message, ...(add ? { about: "add" } : {}) });
  }
  if (!ID.test(params.id)) return reply({ status: "error", message: NOT_FOUND }, 404);
  const id = params.id;
  const act = parsed.data;
  switch (act.intent) {
    case "save": {
      const read = readCollectionFields(formData);
      if (!read.ok)
        return reply({
          status: "error",
          message: "Not saved: please correct the fields below.",
          about: "fields",
          errors: read.errors,
          values: read.values,
        });
      const result = await updateCollection(services, admin, id, read.fields);
      if (result.kind === "not-found") return reply({ status: "error", message: NOT_FOUND }, 404);
      if (result.kind === "duplicate-slug")
        return reply(
          {
            status: "error",
            message: "Not saved: please correct the fields below.",
            about: "fields",
            errors: { slug: DUPLICATE_SLUG_MESSAGE },
            values: read.fields,
          },
          409,
        );
      return reply({ status: "success", message: "Saved." });
    }
    case "publish":
    case "unpublish": {
      const result = await setCollectionStatus(services, admin, id, act.intent === "publish" ? "published" : "draft");
      if (result.kind === "not-found") return reply({ status: "error", message: NOT_FOUND }, 404);
      if (result.kind === "empty") return reply({ status: "error", message: result.message }, 409);
      if (result.kind === "unchanged")
        return reply({
          status: "success",
          message:
            act.intent === "publish" ? "The collection is already published." : "The collection is already a draft.",
        });
      return reply({
        status: "success",
        message:
          act.intent === "publish"
            ? "Published: the collection is on the site."
            : "Unpublished: the collection is a draft again.",
      });
    }
    case "delete": {
      const result = await deleteCollection(services, admin, id);
      if (result.kind === "not-found") return reply({ status: "error", message: NOT_FOUND }, 404);
      return redirect("/admin/collections");
    }
    case "add-tool":
      return listReply(await addToolToCollection(services, admin, id, act.tool), "add", (name) => `Added “${name}”.`);
    case "remove-tool":
      return listReply(
        await removeToolFromCollection(services, admin, id, act.tool),
        undefined,
        (name) => `Removed “${name}”.`,
      );
    case "move-up":
    case "move-down": {
      const direction = act.intent === "move-up" ? "up" : "down";
      return listReply(
        await moveToolInCollection(services, admin, id, act.tool, direction),
        undefined,
        (name) => `Moved “${name}” ${direction}.`,
        { moved: { toolId: act.tool, direction } },
      );
    }
    case "set-note":
      return listReply(await setToolNote(services, admin, id, act.tool, act.note), undefined, (name) =>
        act.note === "" ? `Removed the note of “${name}”.` : `Saved the note of “${name}”.`,
      );
  }
}

function listReply(
  result: ListResult,
  about: EditReply["about"],
  done: (toolName: string) => string,
  extra: Partial<EditReply> = {},
) {
  const error = (message: string, status: number) =>
    data<EditReply>({ status: "error", message, ...(about ? { about } : {}) }, { status });
  switch (result.kind) {
    case "done":
      return data<EditReply>({ status: "success", message: done(result.toolName), ...extra });
    case "not-found":
      return error(NOT_FOUND, 404);
    case "unknown-tool":
      return error("No public tool has that address. Type a tool's slug, or find it by name below.", 400);
    case "already":
      return error(`“${result.toolName}” is already in this collection.`, 409);
    case "full":
      return error(`A collection holds at most ${COLLECTION_LIMITS.tools} tools.`, 409);
    case "not-in-list":
      return error("That tool is not in this collection (any more).", 404);
    case "cannot-move":
      return error("That tool cannot move further that way.", 409);
  }
}

const BUTTON =
  "rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-60";
const PRIMARY = "rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 disabled:opacity-60";

export default function CollectionEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, items, created, query, matches } = loaderData;
  const busy = useNavigation().state === "submitting";
  const reply = busy ? undefined : (actionData as EditReply | undefined);
  const moved = reply?.moved;
  const published = collection.status === "published";

  // After a move the page (or, without scripts, the new page) keeps the focus on the button
  // pressed, so Move up can be pressed again and again from the keyboard.
  useEffect(() => {
    if (moved) document.getElementById(focusTarget(items, moved))?.focus();
  }, [moved, items]);

  return (
    <section aria-labelledby="collection-heading" className="space-y-8">
      <div>
        <p className="text-sm">
          <TextLink to="/admin/collections">All collections</TextLink>
        </p>
        <h1 id="collection-heading" className="mt-2 text-3xl font-bold wrap-anywhere">
          {collection.title}
        </h1>
        <p className="mt-1 text-slate-700">
          {published ? (
            <>
              Published at <TextLink to={collectionPath(collection.slug)}>{collectionPath(collection.slug)}</TextLink>
            </>
          ) : (
            "Draft: not on the site."
          )}{" "}
          · {toolCount(items.length)}
        </p>
      </div>

      {created && !reply && (
        <Alert tone="success">Collection created as a draft. Add its tools, then publish it.</Alert>
      )}
      {reply && !reply.about && <Alert tone={reply.status === "success" ? "saved" : "error"}>{reply.message}</Alert>}

      <section aria-labelledby="status-title" className="space-y-2">
        <h2 id="status-title" className="text-xl font-semibold">
          Status
        </h2>
        <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
          {published ? (
            <button type="submit" name="intent" value="unpublish" disabled={busy} className={BUTTON}>
              Unpublish
            </button>
          ) : (
            <button type="submit" name="intent" value="publish" disabled={busy} className={PRIMARY}>
              Publish
            </button>
          )}
          <span className="text-sm text-slate-700">
            {published
              ? "Unpublished, it leaves the site and the sitemap."
              : "Published, it is listed at /collections."}
          </span>
        </Form>
      </section>

      <section aria-labelledby="tools-title" className="space-y-3">
        <h2 id="tools-title" className="text-xl font-semibold">
          Tools, in order
        </h2>
        {items.length === 0 ? (
          <p className="text-slate-700">No tools yet: add some below.</p>
        ) : (
          <ol className="space-y-3">
            {items.map((item, index) => (
              <li key={item.toolId} className="rounded-xl border border-slate-200 p-3">
                <Form method="post" preventScrollReset className="space-y-2">
                  <input type="hidden" name="tool" value={item.toolId} />
                  <p className="font-medium wrap-anywhere">
                    <span className="text-slate-700">{index + 1}.</span>{" "}
                    <TextLink to={`/admin/tools/${encodeURIComponent(item.toolId)}`}>{item.name}</TextLink>
                    {!item.isPublic && (
                      <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950">
                        {TOOL_STATUS_LABELS[item.status]}: not shown on the site
                      </span>
                    )}
                  </p>
                  <div className="flex flex-wrap items-end gap-2">
                    <div className="min-w-0 grow">
                      <label htmlFor={`note-${item.toolId}`} className="block text-sm font-medium text-slate-900">
                        Note<span className="sr-only"> for {item.name}</span> (optional)
                      </label>
                      <input
                        id={`note-${item.toolId}`}
                        name="note"
                        type="text"
                        defaultValue={item.note}
                        maxLength={COLLECTION_LIMITS.note}
                        className={inputClass}
                      />
                    </div>
                    <button type="submit" name="intent" value="set-note" disabled={busy} className={BUTTON}>
                      Save note<span className="sr-only"> for {item.name}</span>
                    </button>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {(["up", "down"] as const).map((direction) => {
                      const id = `move-${direction}-${item.toolId}`;
                      const edge = direction === "up" ? index === 0 : index === items.length - 1;
                      return (
                        <button
                          key={direction}
                          id={id}
                          type="submit"
                          name="intent"
                          value={`move-${direction}`}
                          disabled={busy || edge}
                          // Without scripts the answer is a new page: the button just pressed takes the focus
                          // again, where the admin left it, rather than the page's start.
                          // eslint-disable-next-line jsx-a11y/no-autofocus -- restores focus after the admin's own press
                          autoFocus={moved ? focusTarget(items, moved) === id : undefined}
                          className={BUTTON}
                        >
                          {direction === "up" ? "Move up" : "Move down"}
                          <span className="sr-only"> {item.name}</span>
                        </button>
                      );
                    })}
                    <button type="submit" name="intent" value="remove-tool" disabled={busy} className={BUTTON}>
                      Remove<span className="sr-only"> {item.name}</span>
                    </button>
                  </div>
                </Form>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="add-title" className="max-w-2xl space-y-4 rounded-xl border border-slate-200 p-4">
        <h2 id="add-title" className="text-xl font-semibold">
          Add a tool
        </h2>
        {reply?.about === "add" && (
          <Alert tone={reply.status === "success" ? "saved" : "error"} compact>
            {reply.message}
          </Alert>
        )}
        <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 grow">
            <label htmlFor="add-tool" className="block text-sm font-medium text-slate-900">
              Tool address (slug)
            </label>
            <input
              id="add-tool"
              name="tool"
              type="text"
              required
              maxLength={COLLECTION_LIMITS.toolKey}
              placeholder="notion"
              className={inputClass}
            />
          </div>
          <button type="submit" name="intent" value="add-tool" disabled={busy} className={PRIMARY}>
            Add
          </button>
        </Form>
        <Form method="get" role="search" aria-label="Find a tool by name" className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 grow">
            <label htmlFor="find-tool" className="block text-sm font-medium text-slate-900">
              Find a tool by name
            </label>
            <input
              id="find-tool"
              name="q"
              type="search"
              defaultValue={query}
              maxLength={QUERY_MAX}
              className={inputClass}
            />
          </div>
          <button type="submit" className={BUTTON}>
            Find
          </button>
        </Form>
        {query !== "" &&
          (matches.length === 0 ? (
            <p className="text-sm text-slate-700">No public tool has a name like “{query}”.</p>
          ) : (
            <ul className="space-y-2" aria-label={`Tools named like “${query}”`}>
              {matches.map((match) => (
                <li key={match.slug} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 wrap-anywhere">
                    <span className="font-medium">{match.name}</span>{" "}
                    <span className="text-sm text-slate-700">— {match.tagline}</span>
                  </span>
                  {match.inList ? (
                    <span className="text-sm text-slate-700">In the list</span>
                  ) : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="tool" value={match.slug} />
                      <button type="submit" name="intent" value="add-tool" disabled={busy} className={BUTTON}>
                        Add<span className="sr-only"> {match.name}</span>
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          ))}
      </section>

      <section aria-labelledby="details-title" className="max-w-2xl space-y-3">
        <h2 id="details-title" className="text-xl font-semibold">
          Title, address and introduction
        </h2>
        {reply?.about === "fields" && <Alert tone="error">{reply.message}</Alert>}
        <Form method="post" preventScrollReset className="space-y-4">
          <CollectionFields
            // A new set of fields after a save elsewhere: what is stored, or what was typed when refused.
            key={`${collection.updatedAt}-${reply?.about ?? ""}`}
            idPrefix="collection"
            values={reply?.values ?? { title: collection.title, slug: collection.slug, intro: collection.intro }}
            errors={reply?.errors}
          />
          <button type="submit" name="intent" value="save" disabled={busy} className={PRIMARY}>
            Save
          </button>
        </Form>
      </section>

      <section aria-labelledby="delete-title" className="max-w-2xl space-y-3 rounded-xl border border-red-200 p-4">
        <h2 id="delete-title" className="text-xl font-semibold">
          Delete the collection
        </h2>
        <Form method="post" className="space-y-3">
          <p className="flex items-center gap-2">
            <input id="delete-confirm" name="confirm" type="checkbox" value="yes" required className="size-4" />
            <label htmlFor="delete-confirm" className="text-sm">
              I understand that the collection is deleted for good (its tools stay).
            </label>
          </p>
          <button
            type="submit"
            name="intent"
            value="delete"
            disabled={busy}
            className="rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60"
          >
            Delete {collection.title}
          </button>
        </Form>
      </section>
    </section>
  );
}

/** The button that keeps the focus after a move: the same one, or the other when it reached the end. */
function focusTarget(items: readonly { toolId: string }[], moved: { toolId: string; direction: "up" | "down" }) {
  const at = items.findIndex((i) => i.toolId === moved.toolId);
  const edge = moved.direction === "up" ? at === 0 : at === items.length - 1;
  const direction = edge ? (moved.direction === "up" ? "down" : "up") : moved.direction;
  return `move-${direction}-${moved.toolId}`;
}
