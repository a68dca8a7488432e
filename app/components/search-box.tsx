import { Form } from "react-router";
import { MAX_QUERY_LENGTH } from "../../core/search.ts";

/**
 * The search form: a GET to /search, which moves the term into the path, so it works without
 * JavaScript. `fromHome` marks searches from the home page's hero for the search statistics.
 */
export function SearchBox({ id, defaultValue = "", fromHome = false, className = "" }: { id: string; defaultValue?: string; fromHome?: boolean; className?: string }) {
  return (
    <Form method="get" action="/search" role="search" className={`flex gap-2 ${className}`}>
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
        placeholder="e.g. note-taking"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-3 text-base"
      />
      <button type="submit" className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">
        Search
      </button>
    </Form>
  );
}
