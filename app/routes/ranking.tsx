import { LIMITS, SORTS } from "../../core/catalog.ts";
import {
  FEATURE_MIN_USD,
  FEATURED_DAYS,
  FEATURING_UNAVAILABLE,
  formatUsd,
  SPONSORED_LABEL,
} from "../../core/featuring.ts";
import { EXAMPLE_QUERY, rankingExample } from "../../core/ranking.ts";
import { SEARCH_ORDERS, SEARCH_WEIGHTS, type SearchField } from "../../core/search.ts";
import { SEARCH_LIMITS } from "../../server/search/service.ts";
import { Prose } from "../components/prose.tsx";
import { PageLink } from "../components/ui/page-link.tsx";
import { useFeaturingOffered } from "../lib/featuring.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/ranking.ts";
import { servicesContextKey } from "../context.ts";
import { TRENDING_WEIGHTS, TRENDING_WINDOWS } from "../../core/trending.ts";

// How lists and search are ordered, in words, from the rules themselves: the weights, sorts and
// limits are read from core/, and the worked example is scored by the search scorer when the page
// is made, so the page says what the code does.

export function loader({ context }: Route.LoaderArgs) {
  return {
    example: rankingExample(),
    searchFeatured: SEARCH_LIMITS.featured,
    halfLifeHours: context.get(servicesContextKey).config.trending.halfLifeMs / 3_600_000,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "How ranking works",
    "How search scores tools, how each list is sorted, what featured (sponsored) placement is, and why likes cannot be bought.",
  );

const FIELD_NAMES: Record<SearchField, string> = {
  name: "Name",
  tagline: "Tagline",
  description: "Description",
  categories: "Categories",
  tags: "Tags",
};
const FIELDS = Object.keys(SEARCH_WEIGHTS) as SearchField[];

/** What each browse sort does, by its label. */
const SORT_MEANING: Record<keyof typeof SORTS, string> = {
  recent: "newest first (the default)",
  oldest: "oldest first",
  name: "by name, A to Z",
  "name-desc": "by name, Z to A",
  trending: "the tools trending this week first, by their trending score (below), then every other tool newest first",
};

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

export default function Ranking({ loaderData }: Route.ComponentProps) {
  const { example, searchFeatured, halfLifeHours } = loaderData;
  const featuring = useFeaturingOffered();
  const [top] = example;
  const sponsored = example.find((row) => row.tool.sponsored)!;
  const tiedWith = example.find((row) => !row.tool.sponsored && row.score === sponsored.score)!;
  return (
    <Prose
      title="How ranking works"
      intro="What decides the order of search results and lists on this site, what paid placement buys, and what it never buys."
    >
      <h2 id="in-short">In short</h2>
      <ul>
        <li>Search results are ordered by points for how well a tool matches your words. Paying adds no points.</li>
        <li>Lists are sorted by date or by name, as you choose. Paying does not change that order.</li>
        <li>
          Featured placement is paid, lasts {FEATURED_DAYS} days, and is ordered by the amount paid. Every featured tool
          is labelled &ldquo;{SPONSORED_LABEL}&rdquo;.
        </li>
        <li>Likes cannot be bought: they come from visitors, one per browser per tool.</li>
      </ul>

      <h2 id="search">How search scores a tool</h2>
      <p>
        Search looks at five parts of each listing: its name, tagline, description, categories and tags. For each part,
        a tool gets points once if the part contains your whole search, and once more for each different word of your
        search the part contains. Words that appear several times in a part count once; a word that appears in several
        parts counts in each. A tool&apos;s score is the sum over the five parts, and a tool with no points is not a
        result.
      </p>
      <div className="overflow-x-auto">
        <table className="ref-table">
          <caption className="text-left font-semibold">Points per part of a listing</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Contains the whole search</th>
              <th scope="col">For each word it contains</th>
            </tr>
          </thead>
          <tbody>
            {FIELDS.map((field) => (
              <tr key={field}>
                <th scope="row">{FIELD_NAMES[field]}</th>
                <td>{SEARCH_WEIGHTS[field].phrase}</td>
                <td>{SEARCH_WEIGHTS[field].word}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Matching ignores upper and lower case and extra spaces. A word matches where a word of the listing starts with
        it: &ldquo;design&rdquo; finds &ldquo;designers&rdquo;, and &ldquo;ai&rdquo; finds &ldquo;AI&rdquo; and
        &ldquo;AI-powered&rdquo;, but not &ldquo;mail&rdquo;. There is no guessing at misspelt words while scoring; when
        nothing matches at all, the page offers &ldquo;Did you mean&rdquo; with the closest words from tool names and
        tags (at most one letter off for words of 4 or 5 letters, two for longer ones; shorter words are left as typed).
      </p>
      <p>
        Results with more points come first. Among results with the same points, featured (sponsored) tools come first,
        the higher amount first, then the newer listing. So a sponsored tool can move ahead of tools with exactly its
        score, never ahead of a tool with more points. You can also sort results{" "}
        {Object.entries(SEARCH_ORDERS)
          .filter(([order]) => order !== "relevance")
          .map(([, label]) => `“${label}”`)
          .join(" or ")}{" "}
        instead of &ldquo;{SEARCH_ORDERS.relevance}&rdquo;: then points and payments play no part.
      </p>

      <h3 id="example">An example</h3>
      <p>
        A search for &ldquo;{EXAMPLE_QUERY}&rdquo; among three made-up tools. The points below are worked out by the
        site&apos;s own scorer each time this page is made.
      </p>
      <div className="overflow-x-auto">
        <table className="ref-table">
          <caption className="text-left font-semibold">
            Points for &ldquo;{EXAMPLE_QUERY}&rdquo;, in result order
          </caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              {FIELDS.map((field) => (
                <th key={field} scope="col">
                  {FIELD_NAMES[field]}
                </th>
              ))}
              <th scope="col">Score</th>
              <th scope="col">Listed</th>
            </tr>
          </thead>
          <tbody>
            {example.map((row) => (
              <tr key={row.tool.id}>
                <th scope="row">
                  {row.tool.name}
                  {row.tool.sponsored && <span className="block text-xs font-normal">{SPONSORED_LABEL}</span>}
                </th>
                {FIELDS.map((field) => (
                  <td key={field}>{row.points[field]}</td>
                ))}
                <td>{row.score}</td>
                <td>{days(row.tool.listedDaysAgo)} ago</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul>
        {example.map((row) => (
          <li key={row.tool.id}>
            <strong>{row.tool.name}</strong>: tagline &ldquo;{row.tool.tagline}&rdquo;, description &ldquo;
            {row.tool.description}&rdquo;, tags {row.tool.tags.join(", ")}.
          </li>
        ))}
      </ul>
      <p>
        {top!.tool.name} comes first with {top!.score} points: its tagline holds the whole search and both words.{" "}
        {sponsored.tool.name} and {tiedWith.tool.name} both have {sponsored.score} points; {sponsored.tool.name} is
        sponsored, so it comes before {tiedWith.tool.name}, although {tiedWith.tool.name} is newer. Had{" "}
        {tiedWith.tool.name} scored one point more, it would come first whatever {sponsored.tool.name} paid.
      </p>

      <h2 id="sorts">How lists are sorted</h2>
      <ul>
        <li>
          Browse lists every public tool of a category, or all of them, sorted as you choose:{" "}
          {Object.entries(SORTS)
            .map(([sort, label]) => `“${label}”, ${SORT_MEANING[sort as keyof typeof SORTS]}`)
            .join("; ")}
          . Filters by pricing and platform narrow the list; they do not reorder it.
        </li>
        <li>The home page shows the {LIMITS.homeLatest} newest tools; tag pages list theirs newest first.</li>
        <li>
          Community favourites are the most liked tools. A tool&apos;s related tools are those sharing the most
          categories and tags with it, then the most liked.
        </li>
        <li>
          The featured tools shown beside a browse list are left out of the list below it, so no tool is shown twice;
          every other tool keeps its place.
        </li>
      </ul>

      <h2 id="trending">How trending works</h2>
      <p>
        The <PageLink to="/trending">trending</PageLink> lists and the &ldquo;{SORTS.trending}&rdquo; sort rank tools by
        what people did lately. Each published review is worth {TRENDING_WEIGHTS.review} points, each like{" "}
        {TRENDING_WEIGHTS.like} and each view of a tool&apos;s page {TRENDING_WEIGHTS.view}, and every point halves in
        worth each {halfLifeHours} hours after it was given: a like from an hour ago counts for almost{" "}
        {TRENDING_WEIGHTS.like}, one from {halfLifeHours} hours ago for half as much. &ldquo;
        {TRENDING_WINDOWS.week.label}&rdquo; adds up the last 7 days, &ldquo;
        {TRENDING_WINDOWS.today.label}&rdquo; the last 24 hours. Scores are worked out again every few minutes.
      </p>
      <p>
        Each visitor counts once: an e-mail address reviews a tool once, a browser likes it once, and a visit to a
        tool&apos;s page counts once per network and day (search engines and other robots not at all). One network can
        add only a few likes to a tool a day, however many browsers it uses, so a crowd of scripts from one place cannot
        lift a tool above tools many different people liked. Paying adds nothing to a trending score.
      </p>

      <h2 id="featured">Featured placement is paid</h2>
      {!featuring && <p>{FEATURING_UNAVAILABLE}</p>}
      <p>
        A tool&apos;s owner, or anyone, can pay from {formatUsd(FEATURE_MIN_USD * 100)} to feature it. A payment
        features the tool for {FEATURED_DAYS} days from the payment (or, for a tool still waiting for review, from the
        day it is approved), and then ends by itself. Nothing is featured without a confirmed payment.
      </p>
      <p>
        Featured tools are shown in their own blocks: up to {LIMITS.homeFeatured} on the home page,{" "}
        {LIMITS.browseFeatured} beside each browse list and {searchFeatured} beside search results. They are ordered by
        the amount paid: the sum of the tool&apos;s payments still in their {FEATURED_DAYS} days, the highest first; for
        equal amounts, the latest payment first.
      </p>
      <p>
        Every featured tool, wherever it is shown, carries the words &ldquo;{SPONSORED_LABEL}&rdquo;, which screen
        readers read too. The <PageLink to="/developers/api">JSON API</PageLink> and the{" "}
        <PageLink to="/developers">assistants&apos; (MCP) answers</PageLink> mark it with <code>sponsored: true</code>.
        Paying never changes a tool&apos;s search points, its place in a sorted list, its likes, its review or what its
        listing says.
      </p>

      <h2 id="likes">Likes cannot be bought</h2>
      <p>
        Likes are given by visitors, without an account, and each browser counts once per tool. They are not for sale,
        and no payment adds to them. They decide only the community favourites and, after shared categories and tags, a
        tool&apos;s related tools.
      </p>
    </Prose>
  );
}
