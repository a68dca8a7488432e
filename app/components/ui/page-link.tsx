import type { AnchorHTMLAttributes } from "react";

/**
 * A link to a public page: a plain anchor. Public pages do not hydrate (docs/decisions/024), so
 * React Router's `Link` adds nothing to them but work on every render (route matching and path
 * resolution for each link: a tenth of a list page's allocations); in the hydrated admin area a
 * click on a link to a public page loads it as a document anyway (app/root.tsx).
 */
export function PageLink({
  to,
  children,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  );
}

/** Whether `to` is the page at `pathname` or one below it, as React Router's NavLink has it (the root only itself). */
export function isCurrentSection(pathname: string, to: string): boolean {
  const path = to.split(/[?#]/, 1)[0] || "/";
  if (path === "/") return pathname === "/";
  const trimmed = path.replace(/\/+$/, "");
  return pathname === trimmed || pathname.startsWith(`${trimmed}/`);
}
