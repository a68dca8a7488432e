// `node scripts/bench/search-index.ts [--tools 100000] [--queries 40] [--sample 5] [--seed 1]`
//
// The search index in memory (server/catalog/memory/, docs/decisions/039) against one standard
// alternative, MiniSearch, in this process (no server, no database), on a synthetic catalogue
// (server/seed/synthetic.ts) of `--tools` public tools:
// - build time, and memory kept (heapUsed, and heapUsed + array buffers: typed arrays live outside
//   the heap) after garbage collection;
// - time per query, p50/p95/max, over up to `--queries` queries of each kind from the benchmarks'
//   query mix (scripts/bench/lib.ts QueryMix): single words, prefixes as typed so far, two-word
//   queries and words no tool has; first page of 20, as the search page asks. A kind stops after
//   5 s, so a slow contender keeps the run short. The mean CPU time per query is printed too: on a
//   busy machine it says more than the wall-clock percentiles;
// - agreement with the oracle, core/search.ts scored over every tool and ordered by compareRanked,
//   on `--sample` queries of each kind: a query counts as a mismatch when the first page (ids and
//   scores) or the total differs.
// MiniSearch is measured twice: as it comes (its tokenizer, prefix search, BM25 with the weights
// as field boosts), and made to agree with the product's rule — every boundary suffix of a token
// indexed (as the index in memory does), matches scored again by SEARCH_WEIGHTS from MiniSearch's
// match information, the phrase checked in stored text, and all matches sorted by compareRanked.
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import MiniSearch, { type SearchResult } from "minisearch";
import { CATEGORIES } from "../../core/categories.ts";
import { FEATURED_DURATION_MS } from "../../core/featuring.ts";
import {
  compareRanked,
  normalizeQuery,
  queryWords,
  scoreTool,
  SEARCH_WEIGHTS,
  wordStartsAt,
  type RankedTool,
} from "../../core/search.ts";
import { FIELDS, MemoryCatalog, type HeldPayment, type HeldTool } from "../../server/catalog/memory-catalog.ts";
import { boundaryStarts } from "../../server/catalog/memory/vocabulary.ts";
import { seededRandom, syntheticTools } from "../../server/seed/synthetic.ts";
import { QueryMix, type QueryKind } from "./lib.ts";

const { values } = parseArgs({
  options: {
    tools: { type: "string", default: "100000" },
    queries: { type: "string", default: "40" },
    sample: { type: "string", default: "5" },
    seed: { type: "string", default: "1" },
  },
});
const TOOLS = Number(values.tools);
const QUERIES = Number(values.queries);
const SAMPLE = Number(values.sample);
const SEED = Number(values.seed);
const PAGE_SIZE = 20;
const NOW = Date.UTC(2026, 10, 27);
const KINDS = ["word", "prefix", "two-word", "unseen"] as const satisfies readonly QueryKind[];
const KIND_BUDGET_MS = 5000;
const WARM_UP = 10;

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** Memory in use after collecting garbage: the heap, and the heap with array buffers. */
function memory(): { heap: number; total: number } {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, total: m.heapUsed + m.arrayBuffers };
}
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// ---------------------------------------------------------------------------------------------
// The catalogue: public tools as tool_search holds them (lower-cased; categories by name).

const CATEGORY_NAMES = new Map<string, string>(CATEGORIES.map((c) => [c.slug, c.name]));
const tools: HeldTool[] = [];
for (let offset = 0; tools.length < TOOLS; offset += 10_000) {
  for (const t of syntheticTools(10_000, { offset, now: NOW, seed: SEED * 1_000_003 + offset })) {
    if (t.status !== "approved" || tools.length >= TOOLS) continue;
    tools.push({
      id: t.id,
      createdAt: t.createdAt,
      name: t.name.toLowerCase(),
      tagline: t.tagline.toLowerCase(),
      description: t.description.toLowerCase(),
      categories: t.categories
        .map((slug) => CATEGORY_NAMES.get(slug) ?? slug)
        .join("\n")
        .toLowerCase(),
      tags: t.tags.join("\n").toLowerCase(),
      pricingModel: t.pricingModel,
      platforms: t.platforms,
    });
  }
}
// About one tool in a hundred paid for, some of them twice, some payments of years past.
const rng = seededRandom(SEED);
const payments: HeldPayment[] = tools.flatMap((t) =>
  rng() < 0.01
    ? Array.from({ length: 1 + Math.floor(rng() * 2) }, () => ({
        toolId: t.id,
        amountCents: [1900, 4900, 9900][Math.floor(rng() * 3)]!,
        paidAt: NOW - Math.floor(rng() * 500) * 86_400_000,
      }))
    : [],
);
const featuredCents = new Map<string, number>();
for (const p of payments)
  if (p.paidAt > NOW - FEATURED_DURATION_MS)
    featuredCents.set(p.toolId, (featuredCents.get(p.toolId) ?? 0) + p.amountCents);

const mix = new QueryMix(tools, SEED);
const queries = new Map<QueryKind, string[]>();
for (const kind of KINDS) {
  const list: string[] = [];
  // The first few warm each contender up (its code compiled) and are not measured.
  for (
    let q = mix.take(kind);
    q && list.length < QUERIES + WARM_UP;
    q = list.length < QUERIES + WARM_UP ? mix.take(kind) : null
  )
    list.push(normalizeQuery(q.text));
  queries.set(kind, list);
}
console.log(
  `${tools.length} public tools, ${payments.length} payments; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
);

// ---------------------------------------------------------------------------------------------
// The oracle.

interface Page {
  hits: { id: string; score: number }[];
  total: number;
}

const byId = new Map(tools.map((t) => [t.id, t]));
const rankedOf = (id: string, score: number): RankedTool => {
  const cents = featuredCents.get(id) ?? 0;
  return { score, featured: cents > 0, featuredPriceCents: cents, createdAt: byId.get(id)!.createdAt, id };
};
const pageOf = (ranked: RankedTool[]): Page => ({
  hits: ranked
    .sort(compareRanked)
    .slice(0, PAGE_SIZE)
    .map((r) => ({ id: r.id, score: r.score })),
  total: ranked.length,
});

function oracle(query: string): Page {
  const ranked: RankedTool[] = [];
  for (const t of tools) {
    const score = scoreTool({ ...t, categories: t.categories.split("\n"), tags: t.tags.split("\n") }, query);
    if (score > 0) ranked.push(rankedOf(t.id, score));
  }
  return pageOf(ranked);
}

const sample = KINDS.flatMap((kind) => queries.get(kind)!.slice(WARM_UP, WARM_UP + SAMPLE));
let started = performance.now();
const expected = new Map(sample.map((q) => [q, oracle(q)]));
console.log(
  `oracle: ${sample.length} queries scored over every tool in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);

// ---------------------------------------------------------------------------------------------
// The contenders.

interface Contender {
  name: string;
  build(): (query: string) => Page;
}

const WORD_POINTS = (fields: Set<string>) =>
  FIELDS.reduce((sum, f) => sum + (fields.has(f) ? SEARCH_WEIGHTS[f].word : 0), 0);
type Doc = HeldTool;

/** A field's text split into whitespace tokens and each token's boundary suffixes (what the index in memory looks words up in). */
const suffixTokens = (text: string) =>
  text
    .split(/\s+/u)
    .filter((token) => token !== "")
    .flatMap((token) => boundaryStarts(token).map((s) => token.slice(s)));

const contenders: Contender[] = [
  {
    name: "index in memory (MemoryCatalog)",
    build() {
      const catalog = new MemoryCatalog({ bulk: true });
      for (const t of tools) catalog.upsert(t);
      catalog.compact();
      catalog.setPayments(payments);
      catalog.search("a", NOW, { page: 1, pageSize: 1 });
      return (query) => catalog.search(query, NOW, { page: 1, pageSize: PAGE_SIZE });
    },
  },
  {
    name: "MiniSearch as it comes (prefix, OR, field boosts)",
    build() {
      const index = new MiniSearch<Doc>({
        fields: [...FIELDS],
        searchOptions: {
          prefix: true,
          combineWith: "OR",
          boost: Object.fromEntries(FIELDS.map((f) => [f, SEARCH_WEIGHTS[f].word])),
        },
      });
      index.addAll(tools);
      return (query) => {
        const results = index.search(query);
        return {
          hits: results.slice(0, PAGE_SIZE).map((r) => ({ id: r.id as string, score: r.score })),
          total: results.length,
        };
      };
    },
  },
  {
    name: "MiniSearch made to agree (suffixes, rescored, sorted)",
    build() {
      const index = new MiniSearch<Doc>({
        fields: [...FIELDS],
        storeFields: [...FIELDS],
        tokenize: suffixTokens,
        processTerm: (term) => term,
        searchOptions: { prefix: true, combineWith: "OR", tokenize: queryWords, processTerm: (term) => term },
      });
      index.addAll(tools);
      return (query) => {
        const words = queryWords(query);
        if (words.length === 0) return { hits: [], total: 0 };
        const ranked = index.search(query).map((r) => rankedOf(r.id as string, scoreResult(r, query, words)));
        return pageOf(ranked);
      };
    },
  },
];

/** The product's score of a MiniSearch match: word points from the fields each word's terms were found in, phrase points from the stored text. */
function scoreResult(result: SearchResult, phrase: string, words: string[]): number {
  let score = 0;
  const terms = Object.entries(result.match);
  for (const word of words)
    score += WORD_POINTS(new Set(terms.filter(([term]) => term.startsWith(word)).flatMap(([, fields]) => fields)));
  for (const f of FIELDS) if (wordStartsAt(result[f] as string, phrase)) score += SEARCH_WEIGHTS[f].phrase;
  return score;
}

const same = (a: Page, b: Page) =>
  a.total === b.total &&
  a.hits.length === b.hits.length &&
  a.hits.every((h, i) => h.id === b.hits[i]!.id && h.score === b.hits[i]!.score);

for (const contender of contenders) {
  const before = memory();
  started = performance.now();
  let search: ((query: string) => Page) | null = contender.build();
  const built = performance.now() - started;
  const after = memory();
  console.log(`${contender.name}`);
  console.log(
    `  build ${(built / 1000).toFixed(2)} s; memory kept: heap ${mb(after.heap - before.heap)}, heap + array buffers ${mb(after.total - before.total)}`,
  );
  for (const kind of KINDS) for (const q of queries.get(kind)!.slice(0, WARM_UP)) search(q);
  const all: number[] = [];
  for (const kind of KINDS) {
    const times: number[] = [];
    const cpuBefore = process.threadCpuUsage();
    const kindStarted = performance.now();
    for (const q of queries.get(kind)!.slice(WARM_UP)) {
      if (performance.now() - kindStarted > KIND_BUDGET_MS && times.length >= 10) break;
      const t0 = performance.now();
      search(q);
      times.push(performance.now() - t0);
    }
    const cpu = process.threadCpuUsage(cpuBefore);
    all.push(...times);
    times.sort((a, b) => a - b);
    const meanCpu = (cpu.user + cpu.system) / 1000 / times.length;
    console.log(
      `  ${kind.padEnd(9)} ${String(times.length).padStart(3)} queries  p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  max ${ms(times[times.length - 1]!)}  mean CPU ${ms(meanCpu)}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `  all       ${String(all.length).padStart(3)} queries  p50 ${ms(percentile(all, 50))}  p95 ${ms(percentile(all, 95))}  max ${ms(all[all.length - 1]!)}`,
  );
  const mismatches = sample.filter((q) => !same(search!(q), expected.get(q)!));
  console.log(
    `  against the oracle: ${mismatches.length} of ${sample.length} queries differ${
      mismatches.length
        ? ` (e.g. ${mismatches
            .slice(0, 4)
            .map((q) => JSON.stringify(q))
            .join(", ")})`
        : ""
    }\n`,
  );
  search = null;
}
