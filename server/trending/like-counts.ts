import { createToolCounts } from "../insights/tool-counts.ts";
import type { Database } from "../platform/db/index.ts";

// Likes given and taken back, counted in memory as they happen and written a batch at a time by
// the counts-flush job (../insights/tool-counts.ts), so that a like's request writes nothing more
// than the like itself. Two counts of the same events: per tool and hour for trending
// (docs/decisions/052), kept for its window; per tool and day for the charts and the owners'
// reports, kept as long as the config says.

export interface LikeCounts {
  /** A like of the tool, made at `likedAt`, added (1) or taken back (-1): counted in the like's hour and day. */
  record(toolId: string, likedAt: number, n: 1 | -1): void;
  /** Writes the counts held; how many (period, tool) rows it wrote. A failed write keeps them, and throws. */
  flush(): Promise<number>;
}

export function createLikeCounts(database: Database): LikeCounts {
  const hourly = createToolCounts(database, { table: "trending_likes", per: "hour" }, 100_000);
  const daily = createToolCounts(database, { table: "tool_like_days", per: "day", site: "likes" }, 100_000);
  return {
    record(toolId, likedAt, n) {
      hourly.add(toolId, likedAt, n);
      daily.add(toolId, likedAt, n);
    },
    async flush() {
      const [hours, days] = await Promise.allSettled([hourly.flush(), daily.flush()]);
      if (hours.status === "rejected") throw hours.reason;
      if (days.status === "rejected") throw days.reason;
      return hours.value + days.value;
    },
  };
}
