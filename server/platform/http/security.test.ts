import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pinInlineScripts } from "./security.ts";

const NONCE = "bm9uY2U9PQ==";
const CSP = `default-src 'self'; script-src 'self' 'nonce-${NONCE}'; style-src 'self'`;
const sha = (source: string) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;

describe("pinInlineScripts", () => {
  it("takes the nonce off each script that carries it and allows the script by its hash instead", () => {
    // Text of several bytes per character before and inside the scripts: positions are bytes.
    const first = "document.title = `Größe – ✓`;";
    const second = "console.log('日本')";
    const page = Buffer.from(
      `<p>Ünïcödé ✓ 🙂</p><script nonce="${NONCE}">${first}</script><SCRIPT type="module" nonce="${NONCE}">${second}</SCRIPT>` +
        `<script src="/a.js"></script><script nonce="${NONCE}"></script>`,
    );
    const pinned = pinInlineScripts(page, CSP, NONCE);
    expect(pinned.page.toString("utf8")).toBe(
      `<p>Ünïcödé ✓ 🙂</p><script>${first}</script><SCRIPT type="module">${second}</SCRIPT><script src="/a.js"></script><script></script>`,
    );
    expect(pinned.csp).toBe(`default-src 'self'; script-src 'self' ${sha(first)} ${sha(second)}; style-src 'self'`);
  });

  it("leaves a page without the nonce as it is, and the policy without a source for it", () => {
    const page = Buffer.from(`<script nonce="other">x()</script><p>no scripts of ours</p>`);
    const pinned = pinInlineScripts(page, CSP, NONCE);
    expect(pinned.page.equals(page)).toBe(true);
    expect(pinned.csp).toBe("default-src 'self'; script-src 'self'; style-src 'self'");
  });
});
