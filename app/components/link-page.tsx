import type { ReactNode } from "react";
import { TextLink } from "./ui/text-link.tsx";

// The pages a mailed link opens (confirm a review, confirm or end a subscription): a title, what it
// says, and either a link onwards or the button that does it. Opening such a link only ever shows
// the button, because mail scanners open links: a person's press (a POST) does the rest. The token
// in the address is the key, so these pages are never cached or indexed.

/** The headers of every such page: never stored by a browser or a proxy. */
export const LINK_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/** Its meta: the title, and no indexing nor following. */
export const linkPageMeta = (title: string) => [{ title }, { name: "robots", content: "noindex, nofollow" }];

export function LinkPage({
  title,
  children,
  status = false,
  link,
  button,
}: {
  title: string;
  /** What the page says, as one paragraph. */
  children: ReactNode;
  /** Whether it reports what was just done (read out at once). */
  status?: boolean;
  link?: { to: string; label: string };
  /** The form that does it: the button's label, and the hidden fields and address when not this page. */
  button?: { label: string; action?: string; fields?: Record<string, string> };
}) {
  return (
    <section className="mx-auto max-w-xl py-8" aria-labelledby="link-page-title">
      <h1 id="link-page-title" className="text-3xl font-bold">
        {title}
      </h1>
      <p className="mt-4 text-slate-700 wrap-anywhere" role={status ? "status" : undefined}>
        {children}
      </p>
      {link && (
        <p className="mt-6">
          <TextLink to={link.to}>{link.label}</TextLink>
        </p>
      )}
      {button && (
        // A plain form: it works before any script, and posts to this page unless told otherwise.
        <form method="post" action={button.action} className="mt-6">
          {Object.entries(button.fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="rounded-lg bg-brand-700 px-5 py-3 font-medium text-white hover:bg-brand-800">
            {button.label}
          </button>
        </form>
      )}
    </section>
  );
}
