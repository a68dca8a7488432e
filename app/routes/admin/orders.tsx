import { Form, Link } from "react-router";
import { lenientPage } from "../../../core/catalog.ts";
import { formatUtcDateTime } from "../../../core/dates.ts";
import { formatUsd, TEST_PROVIDER } from "../../../core/featuring.ts";
import { isOrderDisplayStatus, ORDER_DISPLAY_STATUSES, type OrderDisplayStatus } from "../../../core/orders.ts";
import { listOrders } from "../../../server/admin/orders.ts";
import { Pagination } from "../../components/pagination.tsx";
import { TextLink } from "../../components/ui/text-link.tsx";
import { servicesContextKey } from "../../context.ts";
import type { Route } from "./+types/orders.ts";

export const meta: Route.MetaFunction = () => [{ title: "Orders — Admin" }, { name: "robots", content: "noindex" }];

/** The words each state is shown with; `created` older than 24 hours is shown as abandoned. */
const STATUS_LABELS: Record<OrderDisplayStatus, string> = {
  created: "Created",
  abandoned: "Abandoned",
  paid: "Paid",
  refunded: "Refunded",
  credit: "Credit",
  expired: "Expired",
  failed: "Failed",
};

const STATUS_HINTS: Record<OrderDisplayStatus, string> = {
  created: "checkout started in the last 24 hours, not paid yet",
  abandoned: "checkout started over 24 hours ago and never paid",
  paid: "paid; the tool is featured for a year from payment, or from its approval if it was waiting for review",
  refunded: "paid, then refunded; no longer counts for featuring",
  credit: "paid for a tool that was rejected, and kept as credit for its submitter; no longer counts for featuring",
  expired: "the checkout session expired or was cancelled",
  failed: "no checkout session could be opened",
};

/** `?status=` (one of the shown states) and `?page=` (50 a page, newest first). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContextKey);
  const params = new URL(request.url).searchParams;
  const statusParam = params.get("status");
  const status = isOrderDisplayStatus(statusParam) ? statusParam : null;
  const list = await listOrders(services.database, {
    status,
    page: lenientPage(params.get("page")),
    now: services.now(),
  });
  return { ...list, status };
}

function DateCell({ ms }: { ms: number | null }) {
  if (ms === null)
    return (
      <span className="text-slate-700">
        <span aria-hidden="true">—</span>
        <span className="sr-only">None</span>
      </span>
    );
  return <time dateTime={new Date(ms).toISOString()}>{formatUtcDateTime(ms)}</time>;
}

function amountOf(cents: number, currency: string): string {
  return currency.toLowerCase() === "usd" ? formatUsd(cents) : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

const STATUS_STYLES: Record<string, string> = {
  paid: "border-green-700 text-green-900 bg-green-50",
  refunded: "border-amber-700 text-amber-900 bg-amber-50",
  abandoned: "border-slate-400 text-slate-800 bg-slate-50",
  failed: "border-red-700 text-red-900 bg-red-50",
};

function ordersUrl(status: OrderDisplayStatus | null, page: number): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/orders${query ? `?${query}` : ""}`;
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, page, pages, total, counts, status } = loaderData;
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <section aria-labelledby="orders-title" className="space-y-6">
      <h1 id="orders-title" className="text-3xl font-bold">
        Orders
      </h1>
      <p className="text-slate-700">
        Every featuring order, newest first. A checkout still open 24 hours after it began is shown as abandoned.
      </p>

      <Form method="get" action="/admin/orders" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="orders-status" className="block text-sm font-medium text-slate-900">
            Status
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={status ?? ""}
            key={status ?? ""}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            <option value="">All ({all.toLocaleString("en-US")})</option>
            {ORDER_DISPLAY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]} ({counts[s].toLocaleString("en-US")})
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100">
          Filter
        </button>
        {status && (
          <TextLink to="/admin/orders" className="py-2">
            Show all
          </TextLink>
        )}
      </Form>

      <p role="status" className="text-sm text-slate-700">
        {status
          ? `${total.toLocaleString("en-US")} ${STATUS_LABELS[status].toLowerCase()} ${total === 1 ? "order" : "orders"} (${STATUS_HINTS[status]}).`
          : `${total.toLocaleString("en-US")} ${total === 1 ? "order" : "orders"}.`}
      </p>

      {orders.length === 0 ? (
        <p className="text-slate-700">{status ? "No orders in this state." : "No orders yet."}</p>
      ) : (
        // Positioned, so what is drawn out of the flow inside (screen-reader text) scrolls with the
        // table instead of widening the page on a phone.
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[54rem] border-collapse text-left text-sm">
            <caption className="sr-only">
              Orders{status ? `, ${STATUS_LABELS[status].toLowerCase()}` : ""}, page {page} of {pages}
            </caption>
            <thead>
              <tr className="border-b border-slate-300">
                {["Tool", "For", "Amount", "Status", "Provider", "Created", "Paid", "Refunded"].map((h) => (
                  <th key={h} scope="col" className="px-2 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-b border-slate-200 align-top">
                  <th scope="row" className="px-2 py-2 font-medium">
                    {order.toolSlug ? (
                      <Link
                        to={`/tool/${encodeURIComponent(order.toolSlug)}`}
                        className="text-brand-700 underline underline-offset-4"
                      >
                        {order.toolName}
                      </Link>
                    ) : (
                      <span>
                        {order.toolName} <span className="font-normal text-slate-700">(no longer listed)</span>
                      </span>
                    )}
                  </th>
                  <td className="px-2 py-2">{order.kind === "featuring" ? "Featuring" : "Priority review"}</td>
                  <td className="px-2 py-2 tabular-nums">{amountOf(order.amountCents, order.currency)}</td>
                  <td className="px-2 py-2">
                    <span
                      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[order.status] ?? "border-slate-400 bg-white text-slate-800"}`}
                    >
                      {isOrderDisplayStatus(order.status) ? STATUS_LABELS[order.status] : order.status}
                    </span>
                  </td>
                  <td className="px-2 py-2">
                    {order.provider === TEST_PROVIDER ? (
                      <span className="inline-block rounded-full border border-violet-700 bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-900">
                        Test, no charge
                      </span>
                    ) : (
                      order.provider
                    )}
                  </td>
                  <td className="px-2 py-2">
                    <DateCell ms={order.createdAt} />
                  </td>
                  <td className="px-2 py-2">
                    <DateCell ms={order.paidAt} />
                  </td>
                  <td className="px-2 py-2">
                    <DateCell ms={order.refundedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} hrefFor={(n) => ordersUrl(status, n)} />
    </section>
  );
}
