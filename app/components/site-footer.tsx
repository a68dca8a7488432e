import { useLocation } from "react-router";
import { DigestForm } from "./digest-form.tsx";
import { PageLink } from "./ui/page-link.tsx";
import { Wordmark } from "./wordmark.tsx";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/browse/all", label: "Browse All" },
  { to: "/collections", label: "Collections" },
  { to: "/submit-tool", label: "Submit a Tool" },
  { to: "/about", label: "About Us" },
  { to: "/ranking", label: "How ranking works" },
  { to: "/developers", label: "Developers" },
  { to: "/contact", label: "Contact" },
  { to: "/privacy-policy", label: "Privacy Policy" },
] as const;

/** The footer on every page (docs/design.md#screens). */
export function SiteFooter({ siteName }: { siteName: string }) {
  // The home page has the digest's own panel: one form for it there, not two.
  const onHome = useLocation().pathname === "/";
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <Wordmark siteName={siteName} />
          <p className="mt-1 text-sm text-slate-700">A directory of software, AI and web tools.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {LINKS.map((link) => (
              <li key={link.to}>
                <PageLink to={link.to} className="text-slate-800 underline-offset-4 hover:underline">
                  {link.label}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {!onHome && (
        <div className="mx-auto max-w-6xl px-4 pb-8 sm:px-6">
          <div className="max-w-md">
            <p className="font-semibold text-slate-900">The weekly digest</p>
            <p className="text-sm text-slate-700">The week&apos;s new tools, every Monday. Unsubscribe in one click.</p>
            <DigestForm idPrefix="footer-digest" className="mt-2" />
          </div>
        </div>
      )}
    </footer>
  );
}
