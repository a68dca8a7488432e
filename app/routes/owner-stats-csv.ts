import { chartCsv } from "../../core/insights.ts";
import { findOwner } from "../../server/claims/owners.ts";
import { ownerChart } from "../../server/insights/reports.ts";
import { servicesContextKey } from "../context.ts";
import { csvNotFound, csvResponse } from "../lib/csv-response.ts";
import type { Route } from "./+types/owner-stats-csv.ts";

// A verified owner's figures of the last 90 days as CSV: page views, website clicks, likes per day.

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const owner = await findOwner(services.database, params.token);
  if (!owner) return csvNotFound("This owner link does not work.");
  const now = services.now();
  const chart = await ownerChart(services.database, owner.toolId, now);
  return csvResponse(chartCsv(chart), `listing-${new Date(now).toISOString().slice(0, 10)}.csv`);
}
