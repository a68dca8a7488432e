/** A tool's logo, or the first letter of its name when it has none (docs/design.md#screens). */
export function ToolLogo({ name, logoUrl, size = 48 }: { name: string; logoUrl: string | null; size?: number }) {
  const box = { width: size, height: size };
  if (logoUrl) {
    return <img src={logoUrl} alt="" {...box} loading="lazy" decoding="async" className="shrink-0 rounded-lg" />;
  }
  return (
    <span
      aria-hidden="true"
      className="logo-fallback"
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
