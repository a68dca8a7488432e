import { isRouteErrorResponse } from "react-router";
import { PageLink } from "./ui/page-link.tsx";

/** A page that is all message — a 404 or an error — with one way on. */
export function StatusPage({
  title,
  message,
  link,
  eyebrow,
  headTags = true,
}: {
  title: string;
  message: string;
  link: { to: string; label: string };
  eyebrow?: string;
  /** False where the route's own meta already gives the document its title and noindex (a document has one title). */
  headTags?: boolean;
}) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      {headTags && <title>{title}</title>}
      {headTags && <meta name="robots" content="noindex" />}
      {eyebrow && <p className="font-mono text-sm font-semibold text-brand-700">{eyebrow}</p>}
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <p className="mt-8">
        <PageLink
          to={link.to}
          className="inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {link.label}
        </PageLink>
      </p>
    </section>
  );
}

/**
 * The error page of a page reached by a private link (its route's meta gives the title and
 * noindex): "not found" for a link that does not work, otherwise a failure to try again later.
 */
export function PrivateLinkError({
  error,
  notFound,
  failed,
}: {
  error: unknown;
  notFound: { title: string; message: string };
  failed: string;
}) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <StatusPage
      headTags={false}
      eyebrow={missing ? "404" : undefined}
      title={missing ? notFound.title : "Something went wrong"}
      message={missing ? notFound.message : failed}
      link={{ to: "/", label: "Go to Homepage" }}
    />
  );
}

/** The 404 page body: 'Page Not Found' with a way home, and what is missing when the route said. */
export function NotFound({ message }: { message?: string }) {
  return (
    <StatusPage
      eyebrow="404"
      title="Page Not Found"
      message={message ?? "The page you are looking for does not exist or has moved."}
      link={{ to: "/", label: "Go to Homepage" }}
    />
  );
}
