import { pageNumbers } from "../../core/catalog.ts";
import { Link } from "react-router";

/**
 * Previous / next links around the page numbers (the first, the last, and those near the current
 * one, gaps shown as "…"); `hrefFor(n)` builds page n's URL.
 */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  if (pages <= 1) return null;
  const linkClass =
    "rounded-lg border border-slate-300 px-4 py-2 font-medium hover:border-brand-600 hover:text-brand-700";
  const numberClass = "inline-flex min-w-10 justify-center rounded-lg border px-3 py-2 font-medium";
  return (
    <nav aria-label="Pagination" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
            ← Previous<span className="sr-only"> page</span>
          </Link>
        ) : (
          <span />
        )}
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          {pageNumbers(page, pages).map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-700">
                …
              </li>
            ) : (
              <li key={n}>
                {n === page ? (
                  <span aria-current="page" className={`${numberClass} border-brand-700 bg-brand-700 text-white`}>
                    <span className="sr-only">Page </span>
                    {n}
                  </span>
                ) : (
                  <Link
                    to={hrefFor(n)}
                    className={`${numberClass} border-slate-300 hover:border-brand-600 hover:text-brand-700`}
                  >
                    <span className="sr-only">Page </span>
                    {n}
                  </Link>
                )}
              </li>
            ),
          )}
        </ol>
        {page < pages ? (
          <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
            Next<span className="sr-only"> page</span> →
          </Link>
        ) : (
          <span />
        )}
      </div>
      <p className="mt-3 text-center text-sm text-slate-700">
        Page {page} of {pages}
      </p>
    </nav>
  );
}
