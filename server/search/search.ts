import { sql, type RawBuilder } from "kysely";
import { queryWords, SEARCH_WEIGHTS } from "../../core/search.ts";
import type { Database } from "../db/index.ts";
import { listToolCards, runningPayments, type ToolCard } from "../catalog/queries.ts";

/** One page of search results and how many there are in all. */
export interface SearchPage {
  items: (ToolCard & { score: number })[];
  total: number;
}

const FIELDS = ["name", "tagline", "description", "categories", "tags"] as const;
// The trigram index serves words of three characters or more; shorter ones are found by reading
// every row, which is correct for any word and fast enough for the few queries that need it.
const INDEXED_WORD_LENGTH = 3;

/**
 * Public tools matching a normalised query, scored and ordered by the product's rule
 * (core/search.ts): score, then featured, then featured price, then newest. Candidates come from
 * the search index; the score is computed by the database over them.
 */
export async function searchTools(
  database: Database,
  now: number,
  normalizedQuery: string,
  options: { page: number; pageSize: number },
): Promise<SearchPage> {
  const words = queryWords(normalizedQuery);
  if (words.length === 0) return { items: [], total: 0 };
  const { db } = database;
  const postgres = database.engine === "postgres";
  const contains = (field: string, needle: string) =>
    postgres
      ? sql<number>`(strpos(${sql.ref(`s.${field}`)}, ${needle}) > 0)::int`
      : sql<number>`(instr(${sql.ref(`s.${field}`)}, ${needle}) > 0)`;
  const terms: RawBuilder<number>[] = [];
  for (const field of FIELDS) {
    const weights = SEARCH_WEIGHTS[field];
    terms.push(sql<number>`${contains(field, normalizedQuery)} * ${sql.lit(weights.phrase)}`);
    for (const word of words) terms.push(sql<number>`${contains(field, word)} * ${sql.lit(weights.word)}`);
  }
  const score = sql<number>`${sql.join(terms, sql` + `)}`;

  const scored = db
    .selectFrom("tool_search as s")
    .innerJoin("tools as t", "t.id", "s.tool_id")
    .leftJoin(runningPayments(db, now).as("f"), "f.tool_id", "s.tool_id")
    .select([
      "s.tool_id",
      "t.created_at",
      score.as("score"),
      sql<number>`coalesce(${sql.ref("f.featured_cents")}, 0)`.as("featured_cents"),
    ])
    .where(candidates(database, words));

  const idOrder = postgres ? sql`${sql.ref("r.tool_id")} collate "C"` : sql.ref("r.tool_id");
  const [rows, count] = await Promise.all([
    db
      .selectFrom(scored.as("r"))
      .selectAll()
      .where("r.score", ">", 0)
      .orderBy("r.score", "desc")
      .orderBy(sql`case when ${sql.ref("r.featured_cents")} > 0 then 0 else 1 end`)
      .orderBy("r.featured_cents", "desc")
      .orderBy("r.created_at", "desc")
      .orderBy(idOrder)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    // The index may fold characters the rule does not (FTS5 folds "ſ" to "s"): the score decides.
    db.selectFrom(scored.as("r")).select(sql<number>`count(*)`.as("n")).where("r.score", ">", 0).executeTakeFirstOrThrow(),
  ]);
  const cards = new Map((await listToolCards(database, now, rows.map((r) => r.tool_id))).map((c) => [c.id, c]));
  return {
    items: rows.flatMap((r) => {
      const card = cards.get(r.tool_id);
      return card ? [{ ...card, score: r.score }] : [];
    }),
    total: count.n,
  };
}

/** Rows containing at least one query word, through the engine's trigram index where it can serve. */
function candidates(database: Database, words: string[]) {
  const short = words.some((w) => [...w].length < INDEXED_WORD_LENGTH);
  if (database.engine === "postgres") {
    // LIKE on the same expression the GIN index is built on; backslash escapes the wildcards.
    const doc = sql`(${sql.ref("s.name")} || chr(10) || ${sql.ref("s.tagline")} || chr(10) || ${sql.ref("s.description")} || chr(10) || ${sql.ref("s.categories")} || chr(10) || ${sql.ref("s.tags")})`;
    return sql<boolean>`(${sql.join(
      words.map((w) => sql`${doc} like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
      sql` or `,
    )})`;
  }
  if (short) {
    return sql<boolean>`(${sql.join(
      words.flatMap((w) => FIELDS.map((f) => sql`instr(${sql.ref(`s.${f}`)}, ${w}) > 0`)),
      sql` or `,
    )})`;
  }
  // Each word as an FTS5 string ("" doubles a quote), so nothing in a query is FTS syntax.
  const match = words.map((w) => `"${w.replace(/"/g, '""')}"`).join(" OR ");
  return sql<boolean>`${sql.ref("s.id")} in (select rowid from tool_search_fts where tool_search_fts match ${match})`;
}
