import {
  INCLUDE_INACTIVE,
  PLATFORM_SLUGS,
  PRICING_SLUGS,
  withoutOption,
  type ListFilters,
} from "../../core/filters.ts";
import type { Platform } from "../../core/platforms.ts";
import type { PricingModel } from "../../core/pricing.ts";
import { PageLink } from "./ui/page-link.tsx";

/** The box that shows the tools lists leave out by their lifecycle (core/lifecycle.ts), unreachable and discontinued ones. */
export function InactiveToggle({ checked, className = "" }: { checked: boolean; className?: string }) {
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`}>
      <input
        type="checkbox"
        name="include"
        value={INCLUDE_INACTIVE}
        defaultChecked={checked}
        className="h-4 w-4 shrink-0"
      />
      <span>Show unreachable and discontinued tools</span>
    </label>
  );
}

/** The Apply button of a list's form without JavaScript (with it, a change applies at once: app/enhancers/filter-form.ts). */
export function NoScriptApply() {
  return (
    <noscript>
      <button type="submit" className="rounded-lg bg-brand-700 px-3 py-2 font-medium text-white hover:bg-brand-800">
        Apply
      </button>
    </noscript>
  );
}

/** How many tools each option would give where the bar is shown. */
export interface FilterFacets {
  pricing: { model: PricingModel; count: number }[];
  platforms: { platform: Platform; count: number }[];
}

/**
 * The pricing and platform filters and the sort of a list, in one form near its heading: a panel
 * that opens, the sort beside it. Without JavaScript the Apply button sends ticks and sort
 * together (so a tick is never lost to a change of sort); with it a change goes to the new
 * address at once (app/enhancers/filter-form.ts) and the button is not shown.
 */
export function FilterBar({
  action,
  filters,
  facets,
  sort,
}: {
  /** The list's address without filters or sort: the server writes the choice as its one address. */
  action: string;
  filters: ListFilters;
  facets: FilterFacets;
  sort?: { value: string; options: { value: string; label: string }[] };
}) {
  const chosen = filters.pricing.length + filters.platforms.length + (filters.inactive ? 1 : 0);
  return (
    <form
      method="get"
      action={action}
      aria-label="Filters"
      data-apply-on-change=""
      className="flex flex-wrap items-start gap-3"
    >
      {/* Closed on arrival, whatever is chosen (the chips say what is): on a phone the open panel
          would push the list a screen down. After a change with JavaScript it opens again at the box changed. */}
      <details className="filter-panel min-w-0 grow basis-64">
        <summary>Filters{chosen > 0 && ` (${chosen})`}</summary>
        <div className="mt-2 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <FilterGroup
            legend="Pricing"
            name="pricing"
            options={facets.pricing.map(({ model, count }) => ({
              value: PRICING_SLUGS[model],
              label: model,
              count,
              checked: filters.pricing.includes(model),
            }))}
          />
          <FilterGroup
            legend="Platform"
            name="platform"
            options={facets.platforms.map(({ platform, count }) => ({
              value: PLATFORM_SLUGS[platform],
              label: platform,
              count,
              checked: filters.platforms.includes(platform),
            }))}
          />
          <InactiveToggle checked={filters.inactive === true} className="sm:col-span-2" />
        </div>
      </details>
      {sort && (
        <div className="flex items-center gap-2">
          <label htmlFor="sort" className="text-sm font-medium">
            Sort by
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={sort.value}
            autoComplete="off"
            className="rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            {sort.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <NoScriptApply />
    </form>
  );
}

function FilterGroup({
  legend,
  name,
  options,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string; count: number; checked: boolean }[];
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold">{legend}</legend>
      <ul className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={option.checked}
                className="h-4 w-4 shrink-0"
              />
              <span>{option.label}</span>{" "}
              <span className="text-xs text-slate-700">{option.count.toLocaleString("en-US")}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * What the list is narrowed to, as chips that each remove themselves (links: they work without
 * JavaScript), and the one "Clear all", which also forgets the sort.
 */
export function ActiveFilters({
  filters,
  hrefFor,
  extra = [],
  clearAll,
}: {
  filters: ListFilters;
  /** The list's address with these filters. */
  hrefFor: (filters: ListFilters) => string;
  /** Chips of other choices (the category), each with where removing it goes. */
  extra?: { label: string; href: string }[];
  /** Where "Clear all" goes (the list as it first comes), or null when nothing is chosen. */
  clearAll: string | null;
}) {
  const chips = [
    ...extra,
    ...filters.pricing.map((model) => ({ label: model, href: hrefFor(withoutOption(filters, { pricing: model })) })),
    ...filters.platforms.map((platform) => ({ label: platform, href: hrefFor(withoutOption(filters, { platform })) })),
    ...(filters.inactive
      ? [{ label: "Unreachable and discontinued shown", href: hrefFor({ ...filters, inactive: false }) }]
      : []),
  ];
  if (chips.length === 0 && clearAll === null) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {chips.length > 0 && (
        <>
          <h2 className="sr-only">Active filters</h2>
          <ul className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.label}>
                <PageLink to={chip.href} className="filter-chip">
                  <span className="sr-only">Remove filter: </span>
                  {chip.label}
                  <span aria-hidden="true" className="filter-chip-x" />
                </PageLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {clearAll !== null && (
        <PageLink to={clearAll} className="text-sm font-medium text-brand-700 underline">
          Clear all
        </PageLink>
      )}
    </div>
  );
}
