/** What the server says when it is ready, on a terminal (server/main.ts). */
export interface StartupFacts {
  siteName: string;
  /** Where the site answers (SITE_URL, or http://localhost:PORT). */
  siteUrl: string;
  /** The admin account made at this start, with its generated password: shown this once. */
  firstAdmin: { username: string; password: string } | null;
}

/** How to change a generated admin password. */
export const CHANGE_ADMIN_PASSWORD = "npm run admin -- reset-password admin";

/**
 * The lines that stand out at start: the site's address, where admins sign in, and — on the
 * first start only — the generated admin credentials, with how to change them.
 */
export function startupBanner(facts: StartupFacts, color: boolean): string {
  const bold = (text: string) => (color ? `\x1b[1m${text}\x1b[0m` : text);
  const lines = [
    "",
    `  ${bold(`${facts.siteName} is running`)}`,
    "",
    `  Site:          ${bold(facts.siteUrl)}`,
    `  Admin sign-in: ${bold(`${facts.siteUrl}/admin/login`)}`,
  ];
  if (facts.firstAdmin) {
    lines.push(
      "",
      "  First start: an admin account was made for you. This password is shown only now.",
      `    Username:  ${bold(facts.firstAdmin.username)}`,
      `    Password:  ${bold(facts.firstAdmin.password)}`,
      `    Change it: ${CHANGE_ADMIN_PASSWORD} (or set ADMIN_USERNAME and ADMIN_PASSWORD)`,
    );
  }
  lines.push("");
  return `${lines.join("\n")}\n`;
}
