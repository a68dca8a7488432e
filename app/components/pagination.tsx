import { Link } from "react-router";

/** Previous / next links with the page position; `hrefFor(n)` builds page n's URL. */
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  const linkClass = "rounded-lg border border-slate-300 px-4 py-2 font-medium hover:border-brand-600 hover:text-brand-700";
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          ← Previous<span className="sr-only"> page</span>
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
          Next<span className="sr-only"> page</span> →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
