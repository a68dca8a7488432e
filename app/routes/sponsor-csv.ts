import { chartCsv, clickThrough } from "../../core/insights.ts";
import { orderOfSponsorToken, sponsorReport } from "../../server/insights/reports.ts";
import { servicesContextKey } from "../context.ts";
import { csvNotFound, csvResponse } from "../lib/csv-response.ts";
import type { Route } from "./+types/sponsor-csv.ts";

// A featured placement's figures per day as CSV: impressions, website clicks, click-through.

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const orderId = await orderOfSponsorToken(services.signingKey, params.token);
  const report = orderId ? await sponsorReport(services.database, orderId, services.now()) : null;
  if (!report) return csvNotFound("This report link does not work.");
  const csv = report.chart
    ? chartCsv(report.chart, [
        { header: "click_through", value: ([impressions, clicks]) => clickThrough(clicks!, impressions!) },
      ])
    : "day,impressions,clicks,click_through\r\n";
  return csvResponse(csv, `featured-${report.order.toolSlug ?? "tool"}.csv`);
}
