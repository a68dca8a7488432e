import { PageLink } from "./ui/page-link.tsx";

/** Where the page sits: links for every step but the last, which is the current page. */
export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
      <ol className="flex min-w-0 flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`} className="flex min-w-0 items-center gap-1 wrap-anywhere">
            {i > 0 && <span aria-hidden="true">›</span>}
            {item.to && i < items.length - 1 ? (
              <PageLink to={item.to} className="underline-offset-4 hover:underline">
                {item.label}
              </PageLink>
            ) : (
              <span aria-current={i === items.length - 1 ? "page" : undefined} className="font-medium text-slate-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
