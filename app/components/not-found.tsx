import { Link } from "react-router";

/** The 404 page body: 'Page Not Found' with a way home. */
export function NotFound() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <title>Page Not Found</title>
      <meta name="robots" content="noindex" />
      <p className="font-mono text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <p className="mt-8">
        <Link to="/" className="inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          Go to Homepage
        </Link>
      </p>
    </section>
  );
}
