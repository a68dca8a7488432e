import { Form } from "react-router";
import { MAX_QUERY_LENGTH } from "../../core/search.ts";

/**
 * The search form: a GET to /search, which moves the term into the path, so it works without
 * JavaScript. `fromHome` marks searches from the home page's hero for the search statistics.
 */
export function SearchBox({
  id,
  defaultValue = "",
  fromHome = false,
  compact = false,
  className = "",
}: {
  id: string;
  defaultValue?: string;
  fromHome?: boolean;
  /** The header's box: smaller, and suggesting tools and categories as one types (app/enhancers/search-suggest.ts). */
  compact?: boolean;
  className?: string;
}) {
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={compact ? "Site" : undefined}
      className={`relative flex gap-2 ${className}`}
    >
      {fromHome && <input type="hidden" name="from" value="home" />}
      <label htmlFor={id} className="sr-only">
        Search tools
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        key={defaultValue}
        maxLength={MAX_QUERY_LENGTH}
        // Short enough to show whole in a phone's search box.
        placeholder={compact ? "Search tools" : "e.g. note-taking"}
        {...(compact ? { "data-suggest": "", autoComplete: "off" } : {})}
        className={`min-w-0 flex-1 rounded-lg border border-slate-300 bg-white text-base ${compact ? "px-3 py-1.5" : "px-4 py-3"}`}
      />
      <button
        type="submit"
        className={`rounded-lg bg-brand-700 font-medium text-white hover:bg-brand-800 ${compact ? "px-3 py-1.5 text-sm" : "px-5 py-3"}`}
      >
        Search
      </button>
    </Form>
  );
}
