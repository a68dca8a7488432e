import { data, Form } from "react-router";
import { pageCount, parsePage } from "../../../core/catalog.ts";
import { TOOL_STATUSES, type ToolStatus } from "../../../core/tool.ts";
import { listAdminTools } from "../../../server/admin/tools.ts";
import { inputClass } from "../../components/field.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { ToolLogo } from "../../components/tool-logo.tsx";
import { UtcTime } from "../../components/utc-time.tsx";
import { TextAnchor, TextLink } from "../../components/ui/text-link.tsx";
import { servicesContextKey } from "../../context.ts";
import { TOOL_STATUS_LABELS } from "../../lib/tools.ts";
import type { Route } from "./+types/tools.ts";

// Every tool whatever its status, newest first: found by name, filtered by status, 50 a page;
// each leads to its edit page.

const PAGE_SIZE = 50;
const SEARCH_MAX = 100;

export const meta: Route.MetaFunction = () => [{ title: "Tools — Admin" }, { name: "robots", content: "noindex" }];

function parseStatus(value: string | null): ToolStatus | null | undefined {
  if (value === null || value === "" || value === "all") return null;
  return (TOOL_STATUSES as readonly string[]).includes(value) ? (value as ToolStatus) : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContextKey);
  const params = new URL(request.url).searchParams;
  const page = parsePage(params.get("page"));
  const status = parseStatus(params.get("status"));
  if (page === null || status === undefined) throw data("No such page of the tool list.", { status: 404 });
  const search = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const { items, total } = await listAdminTools(database, { search, status, page, pageSize: PAGE_SIZE });
  return { items, total, page, pages: pageCount(total, PAGE_SIZE), search, status };
}

/** The list's URL for a filter and page (defaults left out). */
function listHref(search: string, status: ToolStatus | null, page: number): string {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/tools?${query}` : "/admin/tools";
}

const STATUS_CLASSES: Record<ToolStatus, string> = {
  pending: "border-amber-400 bg-amber-50 text-amber-900",
  approved: "border-emerald-400 bg-emerald-50 text-emerald-900",
  verified: "border-sky-400 bg-sky-50 text-sky-900",
  rejected: "border-red-300 bg-red-50 text-red-900",
};

export default function AdminTools({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages, search, status } = loaderData;
  return (
    <section aria-labelledby="tools-title" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 id="tools-title" className="text-3xl font-bold">
          Tools
        </h1>
        <div className="space-y-1 text-slate-700 sm:text-right">
          <p>
            <TextLink to="/admin/audit">Audit log</TextLink>
          </p>
          {/* Every tool, every status, with what only admins see (no e-mail addresses): a file to save. */}
          <p>
            Export catalogue:{" "}
            <TextAnchor href="/api/admin/export.jsonl" download>
              JSON Lines
            </TextAnchor>{" "}
            <span aria-hidden="true">·</span>{" "}
            <TextAnchor href="/api/admin/export.csv" download>
              CSV
            </TextAnchor>
          </p>
        </div>
      </div>
      <Form method="get" role="search" aria-label="Tools" className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor="tools-q" className="block text-sm font-medium text-slate-900">
            Name contains
          </label>
          <input
            id="tools-q"
            name="q"
            type="search"
            defaultValue={search}
            maxLength={SEARCH_MAX}
            className={`${inputClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor="tools-status" className="block text-sm font-medium text-slate-900">
            Status
          </label>
          <select id="tools-status" name="status" defaultValue={status ?? "all"} className={`${inputClass} mt-1`}>
            <option value="all">All</option>
            {TOOL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TOOL_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          Show
        </button>
      </Form>
      <p className="text-slate-700" role="status">
        {total === 0 ? "No tools match." : total === 1 ? "1 tool" : `${total.toLocaleString("en-US")} tools`}
      </p>
      {items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Tools, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Tool
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Source
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Added
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Updated
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((tool) => (
                <tr key={tool.id} className="border-b border-slate-200">
                  <td className="py-2 pr-4">
                    <span className="flex items-center gap-3">
                      <ToolLogo name={tool.name} logoUrl={tool.logoUrl} size={32} />
                      <TextLink to={`/admin/tools/${encodeURIComponent(tool.id)}`}>{tool.name}</TextLink>
                    </span>
                  </td>
                  <td className="py-2 pr-4">
                    <span className={`rounded-full border px-2 py-0.5 font-medium ${STATUS_CLASSES[tool.status]}`}>
                      {TOOL_STATUS_LABELS[tool.status]}
                    </span>
                  </td>
                  <td className="py-2 pr-4 text-slate-700">{tool.source.replace(/_/g, " ")}</td>
                  <td className="py-2 pr-4 text-slate-700">
                    <UtcTime ms={tool.createdAt} />
                  </td>
                  <td className="py-2 text-slate-700">
                    <UtcTime ms={tool.updatedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} hrefFor={(n) => listHref(search, status, n)} />
    </section>
  );
}
