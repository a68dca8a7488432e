/**
 * "Compare with…": a GET form to /compare naming the tools already chosen (their slugs) and a field
 * for one more, by name or address; the server finds the tool and leads to the comparison. The
 * field suggests `suggestions` (tools' names) as the browser's own list, which needs no script.
 */
export function CompareForm({
  chosen,
  label,
  suggestions = [],
}: {
  chosen: readonly string[];
  label: string;
  suggestions?: readonly string[];
}) {
  const field = ["a", "b", "c"][chosen.length] ?? "c";
  const id = `compare-${field}`;
  const listId = `${id}-suggestions`;
  return (
    <form method="get" action="/compare" className="flex flex-wrap items-end gap-2">
      {chosen.map((slug, i) => (
        <input key={slug} type="hidden" name={["a", "b", "c"][i]} value={slug} />
      ))}
      <div className="min-w-0 max-w-full">
        <label htmlFor={id} className="block text-sm font-medium wrap-anywhere">
          {label}
        </label>
        <input
          id={id}
          name={field}
          required
          maxLength={200}
          placeholder="A tool's name"
          autoComplete="off"
          list={suggestions.length > 0 ? listId : undefined}
          className="mt-1 w-full max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
        />
        {suggestions.length > 0 && (
          <datalist id={listId}>
            {[...new Set(suggestions)].map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        )}
      </div>
      <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 font-medium hover:border-brand-600">
        Compare
      </button>
    </form>
  );
}
