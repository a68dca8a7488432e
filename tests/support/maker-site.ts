import type { IncomingMessage, ServerResponse } from "node:http";
import { testImage } from "./images.ts";
import { listenLocal, type LocalServer } from "./listen.ts";

// A maker's website on 127.0.0.1 for "Fill from website": a home page that says what the tool is
// the ways real sites do (Open Graph, a canonical link, icons of several sizes), its icons, and
// whatever other pages a test adds (hostile ones: huge, slow, looping, not HTML).

export type Page = (req: IncomingMessage, res: ServerResponse) => void;

export interface MakerSite extends LocalServer {
  /** "127.0.0.1:PORT" for OUTBOUND_ALLOW */
  hostPort: string;
  /** Adds or replaces the answer of a path. */
  page(path: string, answer: Page): void;
}

/** What the home page proposes, for tests to compare with. */
export const MAKER = {
  name: "Acme Notes",
  tagline: "Notes that link themselves",
  description: "Acme Notes keeps your notes & links them for you.\n\nFree for small teams.",
} as const;

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function makerHome(base: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<title>${escape(MAKER.name)} | ${escape(MAKER.tagline)}</title>` +
    `<meta property="og:site_name" content="${escape(MAKER.name)}">` +
    `<meta name="description" content="${escape(MAKER.description).replace(/\n/g, "&#10;")}">` +
    `<link rel="canonical" href="${base}/">` +
    `<link rel="icon" href="/favicon.ico"><link rel="icon" sizes="32x32" type="image/png" href="/icon-32.png">` +
    `<link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png">` +
    `<meta property="og:image" content="/og.png"></head>` +
    `<body><h1>${escape(MAKER.name)}</h1><p>Sign up.</p></body></html>`
  );
}

export async function startMakerSite(): Promise<MakerSite> {
  const touch = await testImage("png", 180, 180);
  const small = await testImage("png", 32, 32);
  const pages = new Map<string, Page>();
  const local = await listenLocal((req, res) => {
    const answer = pages.get((req.url ?? "/").split("?")[0]!);
    if (answer) return answer(req, res);
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  const site = local as MakerSite;
  site.hostPort = `127.0.0.1:${local.port}`;
  site.page = (path, answer) => void pages.set(path, answer);
  site.page("/", (_req, res) =>
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(makerHome(site.url)),
  );
  site.page("/apple-touch-icon.png", (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(touch));
  site.page("/icon-32.png", (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(small));
  return site;
}
