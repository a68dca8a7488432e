import { Link } from "react-router";
import { formatUsd } from "../../../core/featuring.ts";
import { dashboardStats } from "../../../server/admin/stats.ts";
import { servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/dashboard.ts";

const FAILED = "Failed to load dashboard statistics. Please try again later.";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  try {
    return { stats: await dashboardStats(services.database, services.now()), error: null };
  } catch (error) {
    services.log.error({ err: error }, "dashboard statistics not loaded");
    return { stats: null, error: FAILED };
  }
}

const number = (n: number) => n.toLocaleString("en-US");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, error } = loaderData;
  return (
    <section aria-labelledby="dashboard-title" className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="dashboard-title" className="text-3xl font-bold">
          Dashboard
        </h1>
        <Link to="/admin/add-tool" className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          Add a tool
        </Link>
      </div>
      {error || !stats ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {error ?? FAILED}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {(
              [
                ["Total tools", number(stats.totalTools)],
                ["Approved", number(stats.approvedTools)],
                ["Pending", number(stats.pendingTools)],
                ["Featured", number(stats.featuredTools)],
                ["Likes", number(stats.likes)],
                ["Searches, last 7 days", number(stats.recentSearches)],
                ["Paid orders", number(stats.paidOrders)],
                ["Revenue", formatUsd(stats.revenueCents)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl border border-slate-200 p-4">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="mt-1 text-2xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="terms-title">
            <h2 id="terms-title" className="text-xl font-semibold">
              Top search terms
            </h2>
            {stats.topSearchTerms.length === 0 ? (
              <p className="mt-2 text-slate-700">No searches yet.</p>
            ) : (
              <ol className="mt-2 list-decimal space-y-1 pl-6">
                {stats.topSearchTerms.map((t) => (
                  <li key={t.term}>
                    {t.term} <span className="text-slate-700">({number(t.count)})</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
          {/* The manual Product Hunt scrape button goes here (import issue). */}
        </>
      )}
    </section>
  );
}
