import { tileColor } from "../../core/tile-colors.ts";
import { logoPlatePadding } from "../../core/uploads.ts";

/** A tool's logo, or the first letter of its name when it has none (docs/design.md#screens). */
export function ToolLogo({ name, logoUrl, size = 48 }: { name: string; logoUrl: string | null; size?: number }) {
  const box = { width: size, height: size };
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt=""
        {...box}
        loading="lazy"
        decoding="async"
        className="tool-logo shrink-0"
        style={{ padding: logoPlatePadding(size) }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="logo-fallback"
      // The letter fills the logo's slot at every size (the card's, the tool page's, the dialog's).
      // Its colour by name, the same in both themes, so a list of tools without logos is not one colour.
      style={{ ...box, fontSize: Math.round(size * 0.45), backgroundColor: tileColor(name), color: "#ffffff" }}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
