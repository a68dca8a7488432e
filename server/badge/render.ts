import type { BadgeTheme } from "../../core/badge.ts";
import { drawableText, escapeXml, textWidth } from "../og/svg-text.ts";

// The embeddable badge (`/badge/{slug}.svg`): a small SVG other sites show, drawn from text alone
// (no font file, no image), so it stays well under 2 KB whatever the tool.

const FONT_SIZE = 12;

export type BadgeContent =
  | { kind: "tool"; siteName: string; featured: boolean; likes: number }
  | { kind: "missing"; siteName: string; message: string };

const COLORS = {
  light: {
    background: "#ffffff",
    border: "#cbd5e1",
    text: "#0f172a",
    muted: "#475569",
    accent: "#b45309",
    count: "#f1f5f9",
  },
  dark: {
    background: "#0f172a",
    border: "#334155",
    text: "#f8fafc",
    muted: "#cbd5e1",
    accent: "#fbbf24",
    count: "#1e293b",
  },
} as const;

/** Longest site name drawn in full; the badge stays one short line. */
const MAX_NAME = 40;

function shortened(text: string): string {
  const chars = Array.from(drawableText(text));
  return chars.length > MAX_NAME ? `${chars.slice(0, MAX_NAME - 1).join("")}…` : chars.join("");
}

/** "1,234" up to 9,999; "12.3k" and "1.2M" past it, so the count box stays narrow. */
export function compactCount(count: number): string {
  if (count < 10_000) return count.toLocaleString("en-US");
  if (count < 1_000_000) return `${(count / 1000).toFixed(count < 100_000 ? 1 : 0).replace(/\.0$/, "")}k`;
  return `${(count / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
}

/** The badge's words: what a screen reader says and the image's title. */
export function badgeLabel(content: BadgeContent): string {
  if (content.kind === "missing") return content.message;
  const likes = `${content.likes.toLocaleString("en-US")} ${content.likes === 1 ? "like" : "likes"}`;
  return `${content.featured ? "Featured" : "Listed"} on ${content.siteName}, ${likes}`;
}

export function renderBadge(content: BadgeContent, theme: BadgeTheme): string {
  const c = COLORS[theme];
  const lead = content.kind === "missing" ? "Not listed on" : content.featured ? "Featured on" : "Listed on";
  const name = shortened(content.siteName);
  const count = content.kind === "tool" ? `♥ ${compactCount(content.likes)}` : null;
  const left = 10 + Math.ceil(textWidth(`${lead} `, FONT_SIZE, false) * 0.92 + textWidth(name, FONT_SIZE) * 0.95) + 10;
  const right = count ? Math.ceil(textWidth(count, FONT_SIZE, false)) + 18 : 0;
  const width = left + right;
  const label = escapeXml(badgeLabel(content));
  const accent = content.kind === "tool" && content.featured ? c.accent : c.text;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="28" viewBox="0 0 ${width} 28" role="img" aria-label="${label}">` +
    `<title>${label}</title>` +
    `<rect x=".5" y=".5" width="${width - 1}" height="27" rx="4.5" fill="${c.background}" stroke="${c.border}"/>` +
    (count
      ? `<path fill="${c.count}" stroke="${c.border}" d="M${left} .5h${right - 5}a4 4 0 0 1 4 4v18a4 4 0 0 1-4 4h-${right - 5}z"/>`
      : "") +
    `<g font-family="Verdana,DejaVu Sans,sans-serif" font-size="${FONT_SIZE}">` +
    // One text, so the viewer's own font spaces the words; the estimate only sizes the box.
    `<text x="10" y="18.5" fill="${c.muted}">${escapeXml(lead)} <tspan fill="${c.text}" font-weight="bold">${escapeXml(name)}</tspan></text>` +
    (count ? `<text x="${left + 9}" y="18.5" fill="${accent}">${escapeXml(count)}</text>` : "") +
    `</g></svg>`
  );
}

/** The copy-paste snippets the tool page offers its owner: the badge linked to the tool's page, in HTML and Markdown. */
export function badgeSnippets({ siteUrl, siteName, slug }: { siteUrl: string; siteName: string; slug: string }): {
  html: string;
  markdown: string;
  imageUrl: string;
} {
  const pageUrl = `${siteUrl}/tool/${encodeURIComponent(slug)}`;
  const imageUrl = `${siteUrl}/badge/${encodeURIComponent(slug)}.svg`;
  const alt = `Listed on ${drawableText(siteName)}`;
  return {
    html: `<a href="${escapeXml(pageUrl)}"><img src="${escapeXml(imageUrl)}" alt="${escapeXml(alt)}" height="28"></a>`,
    markdown: `[![${alt.replace(/[[\]\\]/g, "\\$&")}](${imageUrl})](${pageUrl})`,
    imageUrl,
  };
}
