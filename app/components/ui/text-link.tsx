import type { AnchorHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

/** The look of a text link: the brand colour, medium weight, underlined clear of the descenders. */
export const TEXT_LINK_CLASS = "font-medium text-brand-700 underline underline-offset-4";

// `className` adds layout or size (text-sm, py-2), never another colour: it goes first, as the
// pages wrote it before there was a component.
const withExtra = (className: string | undefined) => (className ? `${className} ${TEXT_LINK_CLASS}` : TEXT_LINK_CLASS);

/** A link to a page of the site (React Router's `Link`) in the text-link style. */
export function TextLink({ className, ...props }: LinkProps) {
  return <Link {...props} className={withExtra(className)} />;
}

/** A plain `<a>` in the text-link style, for what is not a page of the app: other sites, mailto:. */
export function TextAnchor({ className, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a {...props} className={withExtra(className)}>
      {children}
    </a>
  );
}
