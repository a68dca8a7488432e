// Trending (docs/decisions/052): a score per tool from what people did lately, each event worth
// its kind's weight, halved every half-life of its age, counted over a window (this week, today).
// Pure rules: the scheduled job (server/trending/) gathers the events and stores the scores.

import { DAY_MS } from "./dates.ts";

/** The windows trending is shown for, as the URL names them, with what they are called and how long they are. */
export const TRENDING_WINDOWS = {
  week: { label: "This week", ms: 7 * DAY_MS },
  today: { label: "Today", ms: DAY_MS },
} as const;
export type TrendingWindow = keyof typeof TRENDING_WINDOWS;
export const DEFAULT_TRENDING_WINDOW: TrendingWindow = "week";

/** The window a `window` parameter names, or the default for anything else. */
export function parseTrendingWindow(value: string | null | undefined): TrendingWindow {
  return value && Object.hasOwn(TRENDING_WINDOWS, value) ? (value as TrendingWindow) : DEFAULT_TRENDING_WINDOW;
}

/**
 * What one event is worth before it decays. A review is written and read by a moderator, a like is
 * a choice, a view only a visit; each counts once per visitor (a review once per mailbox and tool,
 * a like once per visitor and tool, a view once per visitor, tool and day). Another kind of event
 * is one more entry here and one more source in the job.
 */
export const TRENDING_WEIGHTS = { review: 5, like: 3, view: 1 } as const;
export type TrendingEventKind = keyof typeof TRENDING_WEIGHTS;

/** Events of one kind, of one tool, at one time (a single like, or a bucket of views). */
export interface TrendingEvent {
  kind: TrendingEventKind;
  /** When it happened (epoch ms). */
  at: number;
  /** How many events of the kind at that time. */
  count: number;
}

/** The share of its worth an event of age `ageMs` keeps: 1 when new (or dated ahead), a half after one half-life. */
export function decayFactor(ageMs: number, halfLifeMs: number): number {
  return ageMs <= 0 ? 1 : Math.pow(2, -ageMs / halfLifeMs);
}

/**
 * What events of one kind at one time add to a score in a window at `now`: their weight, decayed to
 * `now`; nothing when they are older than the window or in the future.
 */
export function eventScore(event: TrendingEvent, now: number, window: TrendingWindow, halfLifeMs: number): number {
  if (event.at < now - TRENDING_WINDOWS[window].ms || event.at > now || event.count <= 0) return 0;
  return TRENDING_WEIGHTS[event.kind] * event.count * decayFactor(now - event.at, halfLifeMs);
}

/** A tool's score in a window at `now`: what each of its events adds, added up. */
export function trendingScore(
  events: Iterable<TrendingEvent>,
  now: number,
  window: TrendingWindow,
  halfLifeMs: number,
): number {
  let score = 0;
  for (const event of events) score += eventScore(event, now, window, halfLifeMs);
  return score;
}

/**
 * The time a day's views are taken to have happened: the day's middle, or now while the day is
 * younger than that (views are counted per day, not per moment).
 */
export function viewTime(dayStart: number, now: number): number {
  return Math.min(dayStart + DAY_MS / 2, now);
}

/**
 * A score worked out at `computedAt` as it stands at `now`: every event in it has aged the same, so
 * it decays as one (which keeps the order; only events leaving the window change it, at the next run).
 */
export function scoreAt(score: number, computedAt: number, now: number, halfLifeMs: number): number {
  return score * decayFactor(now - computedAt, halfLifeMs);
}

/** A tool's scores in both windows, as the trending job stores them. */
export interface TrendingScores {
  toolId: string;
  week: number;
  today: number;
}

/**
 * Whether pages would list tools in the same order under both sets of scores: in each window the
 * same tools have a score, in the same order, tied with the same neighbours (the pages break a tie
 * by what the tools are, not by their scores, so equal ties give equal orders). Scores all decay
 * alike between runs, so a run that met no new event and lost none to the window's end changes
 * numbers, not orders.
 */
export function sameTrendingOrder(before: readonly TrendingScores[], after: readonly TrendingScores[]): boolean {
  for (const window of Object.keys(TRENDING_WINDOWS) as TrendingWindow[]) {
    const ordered = (rows: readonly TrendingScores[]) =>
      rows
        .filter((row) => row[window] > 0)
        .sort((a, b) => b[window] - a[window] || (a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0));
    const x = ordered(before);
    const y = ordered(after);
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) {
      if (x[i]!.toolId !== y[i]!.toolId) return false;
      if (i > 0 && (x[i]![window] === x[i - 1]![window]) !== (y[i]![window] === y[i - 1]![window])) return false;
    }
  }
  return true;
}

/** Tools per page of `/trending`, and on the home page's section. */
export const TRENDING_PAGE_SIZE = 24;
export const HOME_TRENDING = 4;

/** The address of a trending page: `/trending` for this week, `/trending/today`, `?page=` past the first. */
export function trendingPath(window: TrendingWindow, page = 1): string {
  const path = window === DEFAULT_TRENDING_WINDOW ? "/trending" : `/trending/${window}`;
  return page > 1 ? `${path}?page=${page}` : path;
}
