import { useLocation } from "react-router";
import { useFeaturingOffered } from "../lib/featuring.ts";
import { isCurrentSection, PageLink } from "./ui/page-link.tsx";
import { SearchBox } from "./search-box.tsx";
import { Wordmark } from "./wordmark.tsx";

const NAV = [
  { to: "/browse", label: "Browse" },
  { to: "/?featured=true", label: "Get Featured" },
  { to: "/submit", label: "Submit" },
] as const;

/**
 * The header on every page: wordmark home link, the search box and the three main destinations (docs/design.md#screens).
 * On phones the links fold into a Menu disclosure (a <details>, so it works without JavaScript);
 * from sm they are one row (app.css, .site-menu).
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  const featuring = useFeaturingOffered();
  const nav = featuring ? NAV : NAV.filter((item) => item.label !== "Get Featured");
  // A new page starts with the menu closed, also when the browser moves there without a reload.
  const { pathname } = useLocation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-6">
        <PageLink to="/" className="text-ink" aria-label={`${siteName} home`}>
          <Wordmark siteName={siteName} />
        </PageLink>
        {/* A plain GET form to /search; on phones a row of its own under the wordmark and menu. */}
        <SearchBox id="site-q" compact className="order-last w-full sm:order-none sm:max-w-sm sm:flex-1" />
        <details key={pathname} className="site-menu relative">
          <summary>
            Menu
            <span aria-hidden="true" className="flex w-4 flex-col gap-[3px]">
              <span className="h-0.5 rounded bg-current" />
              <span className="h-0.5 rounded bg-current" />
              <span className="h-0.5 rounded bg-current" />
            </span>
          </summary>
          <nav
            aria-label="Main"
            className="absolute top-full right-0 z-30 mt-2 w-52 rounded-lg border border-slate-200 bg-white p-2 shadow-lg sm:static sm:mt-0 sm:w-auto sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none"
          >
            <ul className="flex flex-col gap-1 text-sm font-medium sm:flex-row sm:items-center sm:gap-2">
              {nav.map((item) => {
                // "Get Featured" asks for the dialog: an action, never the page one is on.
                const current = !item.to.includes("?") && isCurrentSection(pathname, item.to);
                return (
                  <li key={item.to}>
                    <PageLink
                      to={item.to}
                      aria-current={current ? "page" : undefined}
                      className={`block rounded-md px-3 py-2 hover:bg-slate-100 ${
                        item.label === "Submit"
                          ? "bg-brand-700 text-white hover:bg-brand-800"
                          : current && item.to === "/browse"
                            ? "text-brand-700"
                            : "text-slate-800"
                      }`}
                    >
                      {item.label}
                    </PageLink>
                  </li>
                );
              })}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
