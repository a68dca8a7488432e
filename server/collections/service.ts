import { sql } from "kysely";
import {
  COLLECTION_CHANGES,
  COLLECTION_LIMITS,
  collectionPath,
  moveInOrder,
  publishProblem,
  toolKeyOf,
  type CollectionChange,
} from "../../core/collections.ts";
import type { LifecycleThresholds } from "../../core/lifecycle.ts";
import { PUBLIC_STATUSES, type ToolStatus } from "../../core/tool.ts";
import type { Admin } from "../admin/session.ts";
import { recordAudit, type AuditEntry } from "../audit/audit.ts";
import { changeCatalog, type CatalogChangeDeps, type CatalogWrite } from "../catalog/change.ts";
import { findPublicToolHead, listToolCards, type ToolCard } from "../catalog/queries.ts";
import { isUniqueViolation, type Database } from "../platform/db/index.ts";
import { newId } from "../platform/db/ids.ts";

// Collections (docs/decisions/053): lists of tools an admin curates. Every change is written inside
// changeCatalog, with its audit entry in the same transaction; a change to a published collection
// (or its publishing) moves the catalogue version, so the page caches of every instance drop the
// collection's pages and the tool pages that link to it. A tool's own changes move it anyway.

export type CollectionDeps = CatalogChangeDeps;

export type CollectionStatus = "draft" | "published";

/** A collection's own fields. */
export interface CollectionHead {
  id: string;
  slug: string;
  title: string;
  intro: string;
  status: CollectionStatus;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
}

/** A tool of a collection as the admin's page lists it: hidden ones too, marked. */
export interface AdminCollectionItem {
  toolId: string;
  slug: string;
  name: string;
  status: ToolStatus;
  note: string;
}

const isPublic = (status: string) => (PUBLIC_STATUSES as readonly string[]).includes(status);

const headColumns = ["id", "slug", "title", "intro", "status", "created_at", "updated_at", "published_at"] as const;

function headOf(row: {
  id: string;
  slug: string;
  title: string;
  intro: string;
  status: CollectionStatus;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}): CollectionHead {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    intro: row.intro,
    status: row.status,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
  };
}

// ——— The admin's side ———

/** Every collection, the last changed first, with how many tools each holds (public or not). */
export async function listCollectionsForAdmin(database: Database): Promise<(CollectionHead & { tools: number })[]> {
  const rows = await database.db
    .selectFrom("collections")
    .leftJoin("collection_tools", "collection_tools.collection_id", "collections.id")
    .select(headColumns.map((c) => `collections.${c}` as const))
    .select(sql<number>`count(collection_tools.tool_id)`.as("tools"))
    .groupBy(headColumns.map((c) => `collections.${c}` as const))
    .orderBy("collections.updated_at", "desc")
    .orderBy("collections.id")
    .execute();
  return rows.map((row) => ({ ...headOf(row), tools: Number(row.tools) }));
}

/** A collection with its tools in order, as the admin edits it; null when there is none with that id. */
export async function collectionForAdmin(
  database: Database,
  id: string,
): Promise<{ collection: CollectionHead; items: AdminCollectionItem[] } | null> {
  const row = await database.db.selectFrom("collections").select(headColumns).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const items = await database.db
    .selectFrom("collection_tools")
    .innerJoin("tools", "tools.id", "collection_tools.tool_id")
    .select(["tools.id", "tools.slug", "tools.name", "tools.status", "collection_tools.note"])
    .where("collection_tools.collection_id", "=", id)
    .orderBy("collection_tools.position")
    .orderBy("collection_tools.added_at")
    .execute();
  return {
    collection: headOf(row),
    items: items.map((i) => ({
      toolId: i.id,
      slug: i.slug,
      name: i.name,
      status: i.status as ToolStatus,
      note: i.note,
    })),
  };
}

export type CreateResult = { kind: "created"; id: string } | { kind: "duplicate-slug" };

/** Makes a draft collection. */
export async function createCollection(
  deps: CollectionDeps,
  admin: Admin,
  fields: { title: string; slug: string; intro: string },
): Promise<CreateResult> {
  const id = newId();
  return change<CreateResult>(
    deps,
    async (write) => {
      const taken = await write.db
        .selectFrom("collections")
        .select("id")
        .where("slug", "=", fields.slug)
        .executeTakeFirst();
      if (taken) return refuse({ kind: "duplicate-slug" });
      await write.db
        .insertInto("collections")
        .values({ id, ...fields, status: "draft", created_at: write.now, updated_at: write.now, published_at: null })
        .execute();
      await audit(write, admin, {
        action: "collection-add",
        toolName: fields.title,
        detail: { collection: fields.slug },
      });
      return { kind: "created", id } as const;
    },
    { kind: "duplicate-slug" },
  );
}

export type EditResult = { kind: "saved" } | { kind: "not-found" } | { kind: "duplicate-slug" };

/** Changes a collection's title, address and introduction. */
export async function updateCollection(
  deps: CollectionDeps,
  admin: Admin,
  id: string,
  fields: { title: string; slug: string; intro: string },
): Promise<EditResult> {
  return change<EditResult>(
    deps,
    async (write) => {
      const before = await lock(write, id);
      if (!before) return refuse({ kind: "not-found" });
      if (fields.slug !== before.slug) {
        const taken = await write.db
          .selectFrom("collections")
          .select("id")
          .where("slug", "=", fields.slug)
          .executeTakeFirst();
        if (taken) return refuse({ kind: "duplicate-slug" });
      }
      const changed = (["title", "slug", "intro"] as const).filter((f) => fields[f] !== before[f]);
      // Nothing to change: nothing is written (not even the time of the change).
      if (changed.length === 0) return refuse({ kind: "saved" });
      await write.db.updateTable("collections").set(fields).where("id", "=", id).execute();
      await audit(write, admin, {
        action: "collection-edit",
        toolName: fields.title,
        detail: { collection: fields.slug, changed },
      });
      if (before.status === "published") write.changed("collections");
      return { kind: "saved" } as const;
    },
    { kind: "duplicate-slug" },
  );
}

export type StatusResult =
  { kind: "done" } | { kind: "not-found" } | { kind: "unchanged" } | { kind: "empty"; message: string };

/** Publishes a collection (it needs a public tool to show), or takes it back to a draft. */
export async function setCollectionStatus(
  deps: CollectionDeps,
  admin: Admin,
  id: string,
  status: CollectionStatus,
): Promise<StatusResult> {
  return change<StatusResult>(deps, async (write) => {
    const before = await lock(write, id);
    if (!before) return refuse({ kind: "not-found" });
    if (before.status === status) return refuse({ kind: "unchanged" });
    if (status === "published") {
      const problem = publishProblem(await publicToolCount(write, id));
      if (problem) return refuse({ kind: "empty", message: problem });
    }
    await write.db
      .updateTable("collections")
      .set(status === "published" ? { status, published_at: write.now } : { status })
      .where("id", "=", id)
      .execute();
    await audit(write, admin, {
      action: status === "published" ? "collection-publish" : "collection-unpublish",
      toolName: before.title,
      detail: { collection: before.slug },
    });
    write.changed("collections");
    return { kind: "done" } as const;
  });
}

/** Deletes a collection and its list; the tools stay. */
export async function deleteCollection(
  deps: CollectionDeps,
  admin: Admin,
  id: string,
): Promise<{ kind: "deleted"; title: string } | { kind: "not-found" }> {
  return change<{ kind: "deleted"; title: string } | { kind: "not-found" }>(deps, async (write) => {
    const before = await lock(write, id);
    if (!before) return refuse({ kind: "not-found" });
    await write.db.deleteFrom("collection_tools").where("collection_id", "=", id).execute();
    await write.db.deleteFrom("collections").where("id", "=", id).execute();
    await audit(write, admin, {
      action: "collection-delete",
      toolName: before.title,
      detail: { collection: before.slug, status: before.status },
    });
    if (before.status === "published") write.changed("collections");
    return { kind: "deleted", title: before.title } as const;
  });
}

export type ListResult =
  | { kind: "done"; toolName: string }
  | { kind: "not-found" }
  | { kind: "unknown-tool" }
  | { kind: "already"; toolName: string }
  | { kind: "full" }
  | { kind: "not-in-list" }
  | { kind: "cannot-move" };

/** Adds a public tool (by slug, id or page address) at the end of the list. */
export async function addToolToCollection(
  deps: CollectionDeps,
  admin: Admin,
  id: string,
  typed: string,
): Promise<ListResult> {
  const key = toolKeyOf(typed);
  const tool = key === "" ? null : await findPublicToolHead(deps.database, key);
  return change<ListResult>(
    deps,
    async (write) => {
      const before = await lock(write, id);
      if (!before) return refuse({ kind: "not-found" });
      if (!tool) return refuse({ kind: "unknown-tool" });
      const order = await orderOf(write, id);
      if (order.includes(tool.id)) return refuse({ kind: "already", toolName: tool.name });
      if (order.length >= COLLECTION_LIMITS.tools) return refuse({ kind: "full" });
      const last = await write.db
        .selectFrom("collection_tools")
        .select(sql<number | null>`max(position)`.as("last"))
        .where("collection_id", "=", id)
        .executeTakeFirst();
      await write.db
        .insertInto("collection_tools")
        .values({
          collection_id: id,
          tool_id: tool.id,
          position: Number(last?.last ?? -1) + 1,
          note: "",
          added_at: write.now,
        })
        .execute();
      await listAudit(write, admin, before, "tool-add", tool.name);
      return { kind: "done", toolName: tool.name } as const;
    },
    tool ? { kind: "already", toolName: tool.name } : undefined,
  );
}

/** Takes a tool off the list. */
export async function removeToolFromCollection(
  deps: CollectionDeps,
  admin: Admin,
  id: string,
  toolId: string,
): Promise<ListResult> {
  return change<ListResult>(deps, async (write) => {
    const before = await lock(write, id);
    if (!before) return refuse({ kind: "not-found" });
    const name = await toolNameIn(write, id, toolId);
    if (name === null) return refuse({ kind: "not-in-list" });
    await write.db
      .deleteFrom("collection_tools")
      .where("collection_id", "=", id)
      .where("tool_id", "=", toolId)
      .execute();
    await listAudit(write, admin, before, "tool-remove", name);
    return { kind: "done", toolName: name } as const;
  });
}

/** Moves a tool one place up or down the list. */
export async function moveToolInCollection(
  deps: CollectionDeps,
  admin: Admin,
  id: string,
  toolId: string,
  direction: "up" | "down",
): Promise<ListResult> {
  return change<ListResult>(deps, async (write) => {
    const before = await lock(write, id);
    if (!before) return refuse({ kind: "not-found" });
    const name = await toolNameIn(write, id, toolId);
    if (name === null) return refuse({ kind: "not-in-list" });
    const order = await orderOf(write, id);
    const next = moveInOrder(order, toolId, direction);
    if (!next) return refuse({ kind: "cannot-move" });
    // Positions are renumbered from 0 wherever they differ from the new order.
    const positions = await write.db
      .selectFrom("collection_tools")
      .select(["tool_id", "position"])
      .where("collection_id", "=", id)
      .execute();
    const current = new Map(positions.map((p) => [p.tool_id, Number(p.position)]));
    for (const [index, tool] of next.entries()) {
      if (current.get(tool) === index) continue;
      await write.db
        .updateTable("collection_tools")
        .set({ position: index })
        .where("collection_id", "=", id)
        .where("tool_id", "=", tool)
        .execute();
    }
    await listAudit(write, admin, before, "tool-move", name, { direction });
    return { kind: "done", toolName: name } as const;
  });
}

/** Sets (or, empty, clears) the note shown with a tool of the list. */
export async function setToolNote(
  deps: CollectionDeps,
  admin: Admin,
  id: string,
  toolId: string,
  note: string,
): Promise<ListResult> {
  return change<ListResult>(deps, async (write) => {
    const before = await lock(write, id);
    if (!before) return refuse({ kind: "not-found" });
    const name = await toolNameIn(write, id, toolId);
    if (name === null) return refuse({ kind: "not-in-list" });
    await write.db
      .updateTable("collection_tools")
      .set({ note })
      .where("collection_id", "=", id)
      .where("tool_id", "=", toolId)
      .execute();
    await listAudit(write, admin, before, "tool-note", name);
    return { kind: "done", toolName: name } as const;
  });
}

/**
 * Reads a collection for a change, marking it changed: on PostgreSQL the update holds the row
 * until the transaction ends, so two admins' changes to one collection's list come one after
 * the other (SQLite writes one at a time anyway).
 */
async function lock(write: CatalogWrite, id: string): Promise<CollectionHead | null> {
  const row = await write.db
    .updateTable("collections")
    .set({ updated_at: write.now })
    .where("id", "=", id)
    .returning([...headColumns])
    .executeTakeFirst();
  return row ? headOf(row) : null;
}

async function orderOf(write: CatalogWrite, id: string): Promise<string[]> {
  const rows = await write.db
    .selectFrom("collection_tools")
    .select("tool_id")
    .where("collection_id", "=", id)
    .orderBy("position")
    .orderBy("added_at")
    .execute();
  return rows.map((r) => r.tool_id);
}

async function toolNameIn(write: CatalogWrite, id: string, toolId: string): Promise<string | null> {
  const row = await write.db
    .selectFrom("collection_tools")
    .innerJoin("tools", "tools.id", "collection_tools.tool_id")
    .select("tools.name")
    .where("collection_tools.collection_id", "=", id)
    .where("collection_tools.tool_id", "=", toolId)
    .executeTakeFirst();
  return row?.name ?? null;
}

async function publicToolCount(write: CatalogWrite, id: string): Promise<number> {
  const row = await write.db
    .selectFrom("collection_tools")
    .innerJoin("tools", "tools.id", "collection_tools.tool_id")
    .select(sql<number>`count(*)`.as("n"))
    .where("collection_tools.collection_id", "=", id)
    .where("tools.status", "in", [...PUBLIC_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A refused change: thrown out of the transaction, so nothing it did (the row it locked) is kept. */
class Refusal {
  readonly result: unknown;
  constructor(result: unknown) {
    this.result = result;
  }
}

function refuse<R>(result: R): never {
  throw new Refusal(result);
}

/**
 * A change of collections: changeCatalog's transaction, rolled back whole when the change is
 * refused (the refusal is the answer) or when two admins took one address at once.
 */
async function change<Result>(
  deps: CollectionDeps,
  fn: (write: CatalogWrite) => Promise<Result>,
  onUnique?: Result,
): Promise<Result> {
  try {
    return await changeCatalog(deps, fn);
  } catch (error) {
    if (error instanceof Refusal) return error.result as Result;
    // Two admins taking one address (or adding one tool) at once: the unique index keeps one.
    if (onUnique !== undefined && isUniqueViolation(error)) return onUnique;
    throw error;
  }
}

function audit(write: CatalogWrite, admin: Admin, entry: AuditEntry): Promise<void> {
  return recordAudit(write.db, admin, [entry], write.now);
}

/** A change to the list: one audit entry, and the pages told when the collection is public. */
async function listAudit(
  write: CatalogWrite,
  admin: Admin,
  collection: CollectionHead,
  change: CollectionChange,
  toolName: string,
  more: Record<string, unknown> = {},
): Promise<void> {
  await audit(write, admin, {
    action: "collection-edit",
    toolName: collection.title,
    detail: { collection: collection.slug, did: `${COLLECTION_CHANGES[change]} “${toolName}”`, ...more },
  });
  if (collection.status === "published") write.changed("collections");
}

// ——— The public side ———

/** A published collection as the list of collections shows it. */
export interface CollectionSummary {
  slug: string;
  title: string;
  intro: string;
  /** Its public tools (hidden ones are not counted: they are not shown). */
  tools: number;
  publishedAt: number;
  updatedAt: number;
}

/** Every published collection, the most recently published first, with its number of public tools. */
export async function publishedCollections(database: Database): Promise<CollectionSummary[]> {
  const rows = await database.db
    .selectFrom("collections")
    .leftJoin("collection_tools", "collection_tools.collection_id", "collections.id")
    .leftJoin("tools", (join) =>
      join.onRef("tools.id", "=", "collection_tools.tool_id").on("tools.status", "in", [...PUBLIC_STATUSES]),
    )
    .select([
      "collections.slug",
      "collections.title",
      "collections.intro",
      "collections.published_at",
      "collections.updated_at",
      "collections.id",
    ])
    .select(sql<number>`count(tools.id)`.as("tools"))
    .where("collections.status", "=", "published")
    .groupBy([
      "collections.id",
      "collections.slug",
      "collections.title",
      "collections.intro",
      "collections.published_at",
      "collections.updated_at",
    ])
    .orderBy("collections.published_at", "desc")
    .orderBy("collections.id")
    .execute();
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    intro: row.intro,
    tools: Number(row.tools),
    publishedAt: Number(row.published_at ?? row.updated_at),
    updatedAt: Number(row.updated_at),
  }));
}

/** A published collection with its public tools in order, each with its note; null for a draft or an unknown address. */
export async function publishedCollection(
  database: Database,
  slug: string,
  now: number,
  thresholds: LifecycleThresholds,
): Promise<{ collection: CollectionHead; items: (ToolCard & { note: string })[] } | null> {
  // A NUL names no collection (and PostgreSQL text cannot hold one).
  if (slug.includes("\u0000") || slug.length > COLLECTION_LIMITS.slug) return null;
  const row = await database.db
    .selectFrom("collections")
    .select(headColumns)
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!row) return null;
  const entries = await database.db
    .selectFrom("collection_tools")
    .select(["tool_id", "note"])
    .where("collection_id", "=", row.id)
    .orderBy("position")
    .orderBy("added_at")
    .execute();
  const notes = new Map(entries.map((e) => [e.tool_id, e.note]));
  // Cards are of public tools only, in the order asked: pending, rejected and deleted ones drop out.
  const cards = await listToolCards(
    database,
    now,
    entries.map((e) => e.tool_id),
    thresholds,
  );
  return { collection: headOf(row), items: cards.map((card) => ({ ...card, note: notes.get(card.id) ?? "" })) };
}

/** The published collections a public tool is in, the most recently published first. */
export async function collectionsOfTool(
  database: Database,
  toolId: string,
): Promise<{ slug: string; title: string }[]> {
  return database.db
    .selectFrom("collection_tools")
    .innerJoin("collections", "collections.id", "collection_tools.collection_id")
    .select(["collections.slug", "collections.title"])
    .where("collection_tools.tool_id", "=", toolId)
    .where("collections.status", "=", "published")
    .orderBy("collections.published_at", "desc")
    .orderBy("collections.id")
    .execute();
}

/** Whether a tool is public: the admin's page marks the others, which no public page shows. */
export function isPublicStatus(status: string): boolean {
  return isPublic(status);
}

/** The sitemap's pages of collections: the list and each published one; none while none is published. */
export async function collectionSitemapPages(database: Database): Promise<{ path: string; lastmod: number }[]> {
  const collections = await publishedCollections(database);
  if (collections.length === 0) return [];
  return [
    { path: "/collections", lastmod: Math.max(...collections.map((c) => c.updatedAt)) },
    ...collections.map((c) => ({ path: collectionPath(c.slug), lastmod: c.updatedAt })),
  ];
}
