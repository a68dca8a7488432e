import { Link, NavLink } from "react-router";
import { useFeaturingOffered } from "../lib/featuring.ts";
import { Wordmark } from "./wordmark.tsx";

const NAV = [
  { to: "/browse", label: "Browse" },
  { to: "/?featured=true", label: "Get Featured" },
  { to: "/submit", label: "Submit" },
] as const;

/** The header on every page: wordmark home link and the three main destinations (docs/design.md#screens). */
export function SiteHeader({ siteName }: { siteName: string }) {
  const featuring = useFeaturingOffered();
  const nav = featuring ? NAV : NAV.filter((item) => item.label !== "Get Featured");
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link to="/" className="text-ink" aria-label={`${siteName} home`}>
          <Wordmark siteName={siteName} />
        </Link>
        <nav aria-label="Main">
          <ul className="flex items-center gap-1 text-sm font-medium sm:gap-2">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `rounded-md px-2 py-2 hover:bg-slate-100 sm:px-3 ${
                      item.label === "Submit"
                        ? "bg-brand-700 text-white hover:bg-brand-800"
                        : isActive && item.to === "/browse"
                          ? "text-brand-700"
                          : "text-slate-800"
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
