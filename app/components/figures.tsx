/** Figures as a grid of cards: each label over its value (a description list). */
export function Figures({ items, className }: { items: readonly (readonly [string, string])[]; className: string }) {
  return (
    <dl className={`grid gap-4 ${className}`}>
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="mt-1 text-2xl font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
