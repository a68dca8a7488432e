/**
 * "Compare with…": a GET form to /compare naming the tools already chosen (their slugs) and a field
 * for one more, by name or address; the server finds the tool and leads to the comparison.
 */
export function CompareForm({ chosen, label }: { chosen: readonly string[]; label: string }) {
  const field = ["a", "b", "c"][chosen.length] ?? "c";
  const id = `compare-${field}`;
  return (
    <form method="get" action="/compare" className="flex flex-wrap items-end gap-2">
      {chosen.map((slug, i) => (
        <input key={slug} type="hidden" name={["a", "b", "c"][i]} value={slug} />
      ))}
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <input id={id} name={field} required maxLength={200} placeholder="A tool's name" className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2" />
      </div>
      <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 font-medium hover:border-brand-600">
        Compare
      </button>
    </form>
  );
}
