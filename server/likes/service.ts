import type { LikeIntent, LikeState } from "../../core/likes.ts";
import { PUBLIC_STATUSES } from "../../core/tool.ts";
import { changeCatalog, type CatalogChangeDeps } from "../catalog/change.ts";
import type { CatalogFreshness } from "../catalog/freshness.ts";
import { moveLikeCount } from "../catalog/write.ts";
import type { Database } from "../db/index.ts";
import type { Metrics } from "../metrics/index.ts";
import { addressKey, type RateLimiter } from "../ratelimit/index.ts";
import type { VisitorCookies } from "./visitor.ts";

/** What became of a like request; `setCookie` is set when the visitor was given a (new) cookie. */
export type LikeOutcome = { setCookie: string | null } & (
  | { kind: "done"; state: LikeState }
  | { kind: "not-found" }
  | { kind: "limited"; retryAfterSec: number; reason: LikeLimit }
);

/** Which limit refused a like: requests in a short time, likes of this tool from this address today, or new visitors from it. */
export type LikeLimit = "rate" | "tool" | "new-visitors";

export interface LikeService {
  /** Likes, unlikes or toggles a public tool for the visitor of the request's cookie. */
  apply(request: { toolId: string; intent: LikeIntent; cookieHeader: string | undefined; ip: string; now: number }): Promise<LikeOutcome>;
}

/**
 * Likes count once per visitor (docs/design.md#rule-6): the (tool, visitor) pair is the key of `likes`,
 * and a tool's count moves only when a pair was really added or removed, in the same transaction.
 * A visitor is only a cookie, so one address (an IPv4 address, or an IPv6 /64) adds at most a few
 * likes to one tool a day however many cookies it presents, and starts a bounded number of new
 * visitors an hour (docs/decisions/018).
 */
export function createLikeService(options: {
  database: Database;
  freshness: CatalogFreshness;
  metrics: Pick<Metrics, "likeAdded">;
  cookies: () => Promise<VisitorCookies>;
  limiters: { ip: RateLimiter; visitor: RateLimiter; toolAddress: RateLimiter; newVisitor: RateLimiter };
}): LikeService {
  const { database, freshness, limiters, metrics } = options;
  return {
    async apply({ toolId, intent, cookieHeader, ip, now }) {
      const cookies = await options.cookies();
      const address = addressKey(ip);
      // No cookie, or one that is not genuine: a new visitor, never the one the cookie names.
      let visitorId = cookies.read(cookieHeader);
      let setCookie: string | null = null;
      if (!visitorId) {
        const fresh = await limiters.newVisitor.consume(address);
        if (fresh.limited) return { kind: "limited", reason: "new-visitors", retryAfterSec: fresh.retryAfterSec, setCookie: null };
        ({ id: visitorId, setCookie } = cookies.issue());
      }

      // Both limits are spent on every request: a script without cookies meets the address limit.
      const [byIp, byVisitor] = await Promise.all([limiters.ip.consume(address), limiters.visitor.consume(visitorId)]);
      const limited = [byIp, byVisitor].find((l) => l.limited);
      if (limited?.limited) return { kind: "limited", reason: "rate", retryAfterSec: limited.retryAfterSec, setCookie };

      // A like that may add one spends the address's budget for this tool first (so parallel
      // requests cannot all pass), and gets it back if it added nothing.
      const mayAdd = intent === "like" || (intent === "toggle" && !(await hasLiked(database, toolId, visitorId)));
      const budgetKey = `${address}\n${toolId}`;
      if (mayAdd) {
        const budget = await limiters.toolAddress.consume(budgetKey);
        if (budget.limited) return { kind: "limited", reason: "tool", retryAfterSec: budget.retryAfterSec, setCookie };
      }
      const result = await setLike({ database, freshness, now: () => now }, toolId, visitorId, intent);
      const added = result?.changed === true && result.state.liked;
      if (added) metrics.likeAdded();
      if (mayAdd && !added) await limiters.toolAddress.refund(budgetKey);
      if (!result) return { kind: "not-found", setCookie };
      return { kind: "done", state: result.state, setCookie };
    },
  };
}

async function hasLiked(database: Database, toolId: string, visitorId: string): Promise<boolean> {
  const row = await database.db.selectFrom("likes").select("tool_id").where("tool_id", "=", toolId).where("visitor_id", "=", visitorId).executeTakeFirst();
  return row !== undefined;
}

/** The like itself, one catalogue change (a count moved); null when no public tool has that id. */
export function setLike(
  deps: CatalogChangeDeps,
  toolId: string,
  visitorId: string,
  intent: LikeIntent,
): Promise<{ state: LikeState; changed: boolean } | null> {
  return changeCatalog(deps, async (write) => {
    const trx = write.db;
    const tool = await trx.selectFrom("tools").select("status").where("id", "=", toolId).executeTakeFirst();
    if (!tool || !(PUBLIC_STATUSES as readonly string[]).includes(tool.status)) return null;
    let like = intent === "like";
    if (intent === "toggle") {
      const existing = await trx
        .selectFrom("likes")
        .select("tool_id")
        .where("tool_id", "=", toolId)
        .where("visitor_id", "=", visitorId)
        .executeTakeFirst();
      like = !existing;
    }
    let changed: boolean;
    if (like) {
      const inserted = await trx
        .insertInto("likes")
        .values({ tool_id: toolId, visitor_id: visitorId, created_at: write.now })
        .onConflict((oc) => oc.columns(["tool_id", "visitor_id"]).doNothing())
        .executeTakeFirst();
      changed = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    } else {
      const deleted = await trx.deleteFrom("likes").where("tool_id", "=", toolId).where("visitor_id", "=", visitorId).executeTakeFirst();
      changed = Number(deleted.numDeletedRows) > 0;
    }
    // Only a pair really added or removed moves the count (and makes shown counts stale).
    if (changed) await moveLikeCount(write, toolId, like ? 1 : -1);
    const row = await trx.selectFrom("tools").select("upvotes_count").where("id", "=", toolId).executeTakeFirstOrThrow();
    return { state: { toolId, liked: like, count: row.upvotes_count }, changed };
  });
}
