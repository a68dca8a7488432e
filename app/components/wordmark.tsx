/** The brand: the site name set in a monospace face, its trailing slash in the accent colour. */
export function Wordmark({ siteName }: { siteName: string }) {
  const slash = siteName.endsWith("/");
  const base = slash ? siteName.slice(0, -1) : siteName;
  return (
    <span className="font-mono text-lg font-bold tracking-tight">
      {base}
      {slash && <span className="text-brand-600">/</span>}
    </span>
  );
}
